import type { MarkAccountVerified } from '../profiles/profile.ts';
import type { CommandMetadata, RecordedEvent } from '../shared/messages.ts';
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
