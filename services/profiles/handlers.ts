import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import type { ProfileUpdate } from '@linkcoin/domain/profiles/contracts.ts';
import { idsNeeded, profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { ProjectionProgress } from '../runtime/projection-progress.ts';
import { PROFILES, type ProfileDoc } from './projection.ts';

export type ProfileHandlerDeps = Readonly<{
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
}>;

/** Profile use cases: the wizard's save, and reading a profile back. */
export const profileHandlers = ({ commands, readStore, progress }: ProfileHandlerDeps) => {
  const find = (userId: string): Promise<ProfileDoc | null> =>
    readStore.collection<ProfileDoc>(PROFILES).get(userId);

  /** A profile as stored, or a refusal when there is none. */
  const get = async (userId: string): Promise<ProfileDoc> => {
    const doc = await find(userId);
    if (!doc) throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    return doc;
  };

  /** Applies the wizard's changes and answers the profile as stored afterwards. */
  const update = async (
    userId: string,
    changes: ProfileUpdate,
    meta: CommandMetadata,
  ): Promise<ProfileDoc> => {
    const { state: account } = await commands.load(accountDecider, accountStreamId(userId));
    if (account.status !== 'active') {
      throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    }
    const result = await commands.handle(profileDecider, profileStreamId(userId), {
      type: 'UpdateProfile',
      data: { changes, newIds: Array.from({ length: idsNeeded(changes) }, () => randomUUID()) },
      metadata: meta,
    });
    await progress.waitFor(result.position);
    return get(userId);
  };

  return { find, get, update };
};

export type ProfileHandlers = ReturnType<typeof profileHandlers>;
