import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  claimKey,
  handleClaimDecider,
  handleClaimId,
  handleClaimStreamId,
  type HandleAssigned,
  type HandlePlatform,
} from '@linkcoin/domain/verification/handle-claim.ts';
import { accountForHandle } from '@linkcoin/domain/verification/handles.ts';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import { assignmentCommands } from '@linkcoin/domain/verification/mark-verified.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import { HANDLE_CLAIMS, type HandleClaimDoc } from './handle-claims.ts';

export const DESK_MESSAGES = {
  notFound: 'No verified account with this id.',
  notOnProfile: 'This creator does not have this account on their profile any more.',
  notAClaimant: 'This creator has neither verified this account nor asked the desk for it.',
  youTubeNotVerified:
    'Verify this YouTube channel with your Google account first: the desk then sees both claims.',
} as const;

/** Splits a desk id (`instagram:asha.cooks`) into its platform and key. */
export const parseClaimId = (id: string): { platform: HandlePlatform; key: string } => {
  const colon = id.indexOf(':');
  return { platform: id.slice(0, colon) as HandlePlatform, key: id.slice(colon + 1) };
};

/**
 * The verification desk's decisions on claimed accounts (one verified owner per handle): a
 * creator asks the desk to look at an account another creator holds (a dispute), and the desk
 * gives the account to a creator (moving the verification by events) or dismisses the request.
 */
export const deskHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
  logger: Logger;
}) => {
  const { commands, progress } = deps;
  const claims = () => deps.readStore.collection<HandleClaimDoc>(HANDLE_CLAIMS);

  const claimDoc = async (id: string): Promise<HandleClaimDoc> => {
    const doc = await claims().get(id);
    if (!doc) throw new DomainError('not_found', DESK_MESSAGES.notFound);
    return doc;
  };

  /**
   * A creator asks the desk about an account another creator holds. Instagram: the handle must
   * be on their profile; YouTube: they verified the channel (its id is the handle). Asking again
   * while their request is open answers that one.
   */
  const dispute = async (
    claimantId: string,
    platform: HandlePlatform,
    handle: string,
    message: string,
    meta: CommandMetadata,
  ): Promise<{ disputeId: string; created: boolean }> => {
    const key = claimKey(platform, handle);
    let profileName: string;
    if (platform === 'instagram') {
      const { state: profile } = await commands.load(profileDecider, profileStreamId(claimantId));
      const account = accountForHandle(profile.accounts, 'instagram', handle);
      if (!account) throw new DomainError('validation', INSTAGRAM_MESSAGES.notInProfile);
      profileName = account.profileName;
    } else {
      const doc = await claims().get(handleClaimId(platform, key));
      const claim = doc?.claims.find((c) => c.userId === claimantId);
      if (!claim) throw new DomainError('validation', DESK_MESSAGES.youTubeNotVerified);
      profileName = claim.profileName;
    }
    const disputeId = randomUUID();
    const result = await commands.handle(handleClaimDecider, handleClaimStreamId(platform, key), {
      type: 'DisputeHandle',
      data: { platform, key, disputeId, claimantId, profileName, message },
      metadata: meta,
    });
    await progress.waitFor(result.position);
    const created = result.events.some((event) => event.type === 'HandleDisputed');
    const open = result.state.disputes.find(
      (d) => d.claimantId === claimantId && d.status === 'open',
    );
    return { disputeId: open?.disputeId ?? disputeId, created };
  };

  /** The handle on a creator's profile that a claim line or a request to the desk names. */
  const handleOf = (doc: HandleClaimDoc, userId: string): string | null =>
    doc.platform === 'instagram'
      ? doc.key
      : (doc.claims.find((c) => c.userId === userId)?.profileName ??
        doc.disputes.find((d) => d.claimantId === userId)?.profileName ??
        null);

  /**
   * The desk gives the account to a creator: the verification is withdrawn from everyone whose
   * profile shows it and marked on the new owner's, by events (the same commands the
   * verified-accounts process sends, so a crash between them heals itself).
   */
  const assign = async (
    id: string,
    toUserId: string,
    disputeId: string | null,
    meta: CommandMetadata,
  ): Promise<HandleClaimDoc> => {
    const doc = await claimDoc(id);
    const { platform, key } = parseClaimId(doc.id);
    const handle = handleOf(doc, toUserId);
    if (handle === null) throw new DomainError('validation', DESK_MESSAGES.notAClaimant);
    const { state: profile } = await commands.load(profileDecider, profileStreamId(toUserId));
    const account = accountForHandle(profile.accounts, platform, handle);
    if (!account) throw new DomainError('conflict', DESK_MESSAGES.notOnProfile);
    const stream = handleClaimStreamId(platform, key);
    const { state } = await commands.load(handleClaimDecider, stream);
    const holders = new Map<string, string>();
    for (const claim of doc.claims) {
      if (!claim.withdrawn && claim.userId !== toUserId) {
        holders.set(claim.userId, claim.profileName);
      }
    }
    if (state.owner && state.owner.userId !== toUserId) {
      holders.set(state.owner.userId, state.owner.profileName);
    }
    const result = await commands.handle(handleClaimDecider, stream, {
      type: 'AssignHandle',
      data: {
        platform,
        key,
        assignmentId: randomUUID(),
        toUserId,
        profileName: account.profileName,
        disputeId,
        withdrawFrom: [...holders].map(([userId, profileName]) => ({ userId, profileName })),
      },
      metadata: meta,
    });
    const assigned = result.events.find(
      (event): event is RecordedEvent<HandleAssigned> => event.type === 'HandleAssigned',
    );
    let position = result.position;
    if (assigned) {
      const { withdraw, mark } = assignmentCommands(assigned, meta);
      for (const { userId, command } of [...withdraw, mark]) {
        try {
          const carried = await commands.handle(profileDecider, profileStreamId(userId), command);
          position = Math.max(position ?? 0, carried.position ?? 0);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          deps.logger.warn({ userId, reason: error.message }, 'assignment not carried');
        }
      }
    }
    await progress.waitFor(position);
    return claimDoc(id);
  };

  /** The desk looked at a request and leaves the account where it is. */
  const dismiss = async (
    id: string,
    disputeId: string,
    meta: CommandMetadata,
  ): Promise<HandleClaimDoc> => {
    const doc = await claimDoc(id);
    const { platform, key } = parseClaimId(doc.id);
    const result = await commands.handle(handleClaimDecider, handleClaimStreamId(platform, key), {
      type: 'DismissDispute',
      data: { platform, key, disputeId },
      metadata: meta,
    });
    await progress.waitFor(result.position);
    return claimDoc(id);
  };

  return { claimDoc, dispute, assign, dismiss };
};

export type DeskHandlers = ReturnType<typeof deskHandlers>;
