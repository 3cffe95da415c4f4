import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import type { ProfileUpdate } from '@linkcoin/domain/profiles/contracts.ts';
import { idsNeeded, profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { PROFILES, type ProfileDoc } from '../../projector/profiles.ts';
import type { ProjectionProgress } from '../../runtime/projection-progress.ts';
import { HttpError } from '../http/errors.ts';

/** Profile use cases: the wizard's save, and reading a profile back. */
export class ProfilesService {
  readonly #deps: { commands: CommandHandler; readStore: ReadStore; progress: ProjectionProgress };

  constructor(deps: {
    commands: CommandHandler;
    readStore: ReadStore;
    progress: ProjectionProgress;
  }) {
    this.#deps = deps;
  }

  async find(userId: string): Promise<ProfileDoc | null> {
    return this.#deps.readStore.collection<ProfileDoc>(PROFILES).get(userId);
  }

  /** Applies the wizard's changes and answers the profile as stored afterwards. */
  async update(userId: string, changes: ProfileUpdate, meta: CommandMetadata): Promise<ProfileDoc> {
    const { state: account } = await this.#deps.commands.load(
      accountDecider,
      accountStreamId(userId),
    );
    if (account.status !== 'active') throw new HttpError(404, ACCOUNT_MESSAGES.accountNotFound);
    const result = await this.#deps.commands.handle(profileDecider, profileStreamId(userId), {
      type: 'UpdateProfile',
      data: { changes, newIds: Array.from({ length: idsNeeded(changes) }, () => randomUUID()) },
      metadata: meta,
    });
    await this.#deps.progress.waitFor(result.position);
    const doc = await this.find(userId);
    if (!doc) throw new HttpError(404, ACCOUNT_MESSAGES.accountNotFound);
    return doc;
  }
}
