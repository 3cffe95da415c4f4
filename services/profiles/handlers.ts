import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import type { ProfileUpdate } from '@linkcoin/domain/profiles/contracts.ts';
import { idsNeeded, profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { UPLOAD_LIMIT_MESSAGES } from '@linkcoin/domain/uploads/messages.ts';
import {
  newPictures,
  notOwnedPicture,
  uploadsDecider,
  uploadsStreamId,
} from '@linkcoin/domain/uploads/uploads.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import { PROFILES, type ProfileDoc } from './projection.ts';
import { isPublicProfile, profileView, readAnswer, withBalance } from './view.ts';

export type ProfileHandlerDeps = Readonly<{
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** The pictures a profile shows: files of our upload storage (domain/uploads/urls.ts). */
  isOurImage: ImageUrlRule;
}>;

/** Profile use cases: the wizard's save, and reading a profile back. */
export const profileHandlers = ({
  commands,
  readStore,
  progress,
  isOurImage,
}: ProfileHandlerDeps) => {
  const profiles = readStore.collection<ProfileDoc>(PROFILES);
  const find = (userId: string): Promise<ProfileDoc | null> => profiles.get(userId);

  // The view as JSON text, kept by the read store while the profile is unchanged: a profile is
  // read far more often than it is saved. One rendering without the contact fields, one with.
  // Admins run the desk: their accounts are nobody's public profile (`isPublicProfile`).
  const viewText = (doc: ProfileDoc, withContact: boolean): string | null =>
    withContact || isPublicProfile(doc)
      ? JSON.stringify(profileView(doc, withContact, isOurImage))
      : null;
  const views = {
    public: profiles.renderer((doc) => viewText(doc, false)),
    withContact: profiles.renderer((doc) => viewText(doc, true)),
  };
  // The public view's whole answer as bytes, kept as long as its rendering: a read of an
  // unchanged profile then neither composes the answer nor encodes it again (the encoding was
  // the largest item of a read's CPU profile).
  const publicAnswers = profiles.renderer((doc) => {
    const json = viewText(doc, false);
    return json === null ? null : Buffer.from(readAnswer(json));
  });

  /** The profile as `profileView` shows it, as JSON text; a refusal when there is none. */
  const viewJson = async (userId: string, withContact: boolean): Promise<string> => {
    const json = await (withContact ? views.withContact : views.public)(userId);
    if (json === null) throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    if (!withContact) return json;
    // The owner (or an admin) sees the balance as the wallet has it now.
    const { state: wallet } = await commands.load(walletDecider, walletStreamId(userId));
    return withBalance(json, wallet.balance);
  };

  /** The answer to a read of the profile (`readAnswer` of its view), as text or as bytes. */
  const viewAnswer = async (userId: string, withContact: boolean): Promise<string | Buffer> => {
    if (withContact) return readAnswer(await viewJson(userId, true));
    const answer = await publicAnswers(userId);
    if (answer === null) throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    return answer;
  };

  /** A profile as stored, or a refusal when there is none. */
  const get = async (userId: string): Promise<ProfileDoc> => {
    const doc = await find(userId);
    if (!doc) throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    return doc;
  };

  /**
   * Applies the wizard's changes and answers the profile as stored afterwards (its view as JSON
   * text, with or without the contact fields).
   */
  const update = async (
    userId: string,
    changes: ProfileUpdate,
    meta: CommandMetadata,
    withContact: boolean,
  ): Promise<string> => {
    const { state: account } = await commands.load(accountDecider, accountStreamId(userId));
    if (account.status !== 'active') {
      throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    }
    // Uploads have owners: a new picture must be one of this profile owner's live uploads.
    const [{ state: profile }, { state: uploads }] = await Promise.all([
      commands.load(profileDecider, profileStreamId(userId)),
      commands.load(uploadsDecider, uploadsStreamId(userId)),
    ]);
    const foreign = notOwnedPicture(newPictures(changes, profile), uploads);
    if (foreign) {
      throw new DomainError('validation', UPLOAD_LIMIT_MESSAGES.notYourUpload(foreign.field));
    }
    const result = await commands.handle(profileDecider, profileStreamId(userId), {
      type: 'UpdateProfile',
      data: { changes, newIds: Array.from({ length: idsNeeded(changes) }, () => randomUUID()) },
      metadata: meta,
    });
    await progress.waitFor(result.position);
    return viewJson(userId, withContact);
  };

  return { find, get, viewJson, viewAnswer, update };
};

export type ProfileHandlers = ReturnType<typeof profileHandlers>;
