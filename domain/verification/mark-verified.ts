import type { MarkAccountVerified, WithdrawAccountVerification } from '../profiles/profile.ts';
import type { CommandMetadata, RecordedEvent } from '../shared/messages.ts';
import {
  claimKey,
  type ClaimHandle,
  type HandleAssigned,
  type HandlePlatform,
} from './handle-claim.ts';
import type { InstagramAccountVerified } from './instagram.ts';
import type { YouTubeChannelVerified } from './youtube.ts';

/** A verification recorded on a verification stream, as the event store gave it back. */
export type RecordedVerification =
  RecordedEvent<InstagramAccountVerified> | RecordedEvent<YouTubeChannelVerified>;

/** The key that makes marking one verification on the profile happen once, whoever sends it. */
export const markVerifiedIdempotencyKey = (verification: RecordedVerification): string =>
  verification.type === 'InstagramAccountVerified'
    ? `instagram-verified-${verification.data.requestId}`
    : `youtube-verified-${verification.id}`;

/**
 * The command that marks a verified account on the profile. A verification and the profile's
 * verified flag live in two streams: the request that verifies sends this command right after
 * the verification's append, and the verified-accounts process manager sends the very same
 * command (same data, same idempotency key) for every verification it sees, so a crash between
 * the two appends heals itself and nothing is marked twice.
 */
export const markVerifiedOnProfile = (
  verification: RecordedVerification,
  metadata: CommandMetadata,
): MarkAccountVerified => ({
  type: 'MarkAccountVerified',
  data:
    verification.type === 'InstagramAccountVerified'
      ? {
          platform: 'instagram',
          profileName: verification.data.profileName,
          method: 'instagram_otp',
          followers: null,
          verificationId: verification.data.requestId,
        }
      : {
          platform: 'youtube',
          profileName: verification.data.handle,
          method: 'youtube_oauth',
          followers: verification.data.subscribers,
          verificationId: verification.id,
        },
  metadata: { ...metadata, idempotencyKey: markVerifiedIdempotencyKey(verification) },
});

/** The user whose profile a verification stream belongs to (`igverification-42` -> `42`). */
export const verifiedUserId = (verification: RecordedVerification): string =>
  verification.streamId.slice(verification.streamId.indexOf('-') + 1);

/** The handle a verification names, as it is claimed: its platform, key and profile handle. */
export const claimOf = (
  verification: RecordedVerification,
): Readonly<{
  platform: HandlePlatform;
  key: string;
  profileName: string;
  verificationId: string;
}> =>
  verification.type === 'InstagramAccountVerified'
    ? {
        platform: 'instagram',
        key: claimKey('instagram', verification.data.profileName),
        profileName: verification.data.profileName,
        verificationId: verification.data.requestId,
      }
    : {
        platform: 'youtube',
        key: claimKey('youtube', verification.data.channelId),
        profileName: verification.data.handle,
        verificationId: verification.id,
      };

/**
 * The command that claims a verified account for its verifier (one verified owner per handle).
 * Like `markVerifiedOnProfile`, the request and the verified-accounts process send the very same
 * command with the same key, so the claim happens once whoever comes first.
 */
export const claimHandleFor = (
  verification: RecordedVerification,
  metadata: CommandMetadata,
): ClaimHandle => {
  const { platform, key, profileName, verificationId } = claimOf(verification);
  return {
    type: 'ClaimHandle',
    data: { platform, key, userId: verifiedUserId(verification), profileName, verificationId },
    metadata: {
      ...metadata,
      idempotencyKey: `${markVerifiedIdempotencyKey(verification)}-claim`,
    },
  };
};

/**
 * What a desk assignment does to profiles: the verification withdrawn from everyone who held it
 * and given to the new owner. The request and the verified-accounts process send these same
 * commands with the same keys, so a crash between the appends heals itself.
 */
export const assignmentCommands = (
  assigned: RecordedEvent<HandleAssigned>,
  metadata: CommandMetadata,
): Readonly<{
  withdraw: readonly Readonly<{ userId: string; command: WithdrawAccountVerification }>[];
  mark: Readonly<{ userId: string; command: MarkAccountVerified }>;
}> => {
  const { platform, assignmentId, toUserId, profileName, withdrawFrom } = assigned.data;
  const idempotencyKey = `handle-assigned-${assignmentId}`;
  return {
    withdraw: withdrawFrom.map((holder) => ({
      userId: holder.userId,
      command: {
        type: 'WithdrawAccountVerification',
        data: { platform, profileName: holder.profileName, verificationId: assignmentId },
        metadata: { ...metadata, idempotencyKey },
      },
    })),
    mark: {
      userId: toUserId,
      command: {
        type: 'MarkAccountVerified',
        data: {
          platform,
          profileName,
          method: platform === 'instagram' ? 'instagram_otp' : 'youtube_oauth',
          followers: null,
          verificationId: assignmentId,
        },
        metadata: { ...metadata, idempotencyKey },
      },
    },
  };
};
