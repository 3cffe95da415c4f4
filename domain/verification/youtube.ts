import type { Decider } from '../shared/decider.ts';
import type { Command, Event } from '../shared/messages.ts';

/**
 * YouTube verification (docs/product-spec.md section 4): the channel found by the handle must be the channel of
 * the Google account the creator signed in with. Failures are recorded too, for the auditors.
 */
export const youTubeVerificationStreamId = (userId: string): string => `youtube-${userId}`;

export const YOUTUBE_MESSAGES = {
  failed: '❌ Verification failed',
  notAvailable: 'YouTube verification is not available here.',
  claimedByOther:
    'This YouTube channel is already verified by another creator on LinkCoin. If it is yours, ask our verification desk to review it.',
  verified: (channel: string, subscribers: number) =>
    `✅ Verified: ${channel} (${subscribers} subscribers)`,
} as const;

export type Channel = Readonly<{ id: string; title: string; subscribers: number }>;

export type YouTubeChannelVerified = Event<
  'YouTubeChannelVerified',
  { handle: string; channelId: string; channelTitle: string; subscribers: number; at: string }
>;
export type YouTubeVerificationFailed = Event<
  'YouTubeVerificationFailed',
  { handle: string; reason: 'channel_not_found' | 'not_signed_in_channel'; at: string }
>;
export type YouTubeVerificationEvent = YouTubeChannelVerified | YouTubeVerificationFailed;

export type RecordYouTubeVerification = Command<
  'RecordYouTubeVerification',
  { handle: string; channelByHandle: Channel | null; signedInChannel: Channel | null }
>;

export type YouTubeVerificationState = Readonly<{ verifiedChannels: readonly string[] }>;

export const youTubeVerificationDecider: Decider<
  YouTubeVerificationState,
  RecordYouTubeVerification,
  YouTubeVerificationEvent
> = {
  initialState: () => ({ verifiedChannels: [] }),
  decide: (command) => {
    const { handle, channelByHandle, signedInChannel } = command.data;
    const at = command.metadata.now.toISOString();
    if (!channelByHandle) {
      return {
        type: 'YouTubeVerificationFailed',
        data: { handle, reason: 'channel_not_found', at },
      };
    }
    if (!signedInChannel || signedInChannel.id !== channelByHandle.id) {
      return {
        type: 'YouTubeVerificationFailed',
        data: { handle, reason: 'not_signed_in_channel', at },
      };
    }
    return {
      type: 'YouTubeChannelVerified',
      data: {
        handle,
        channelId: channelByHandle.id,
        channelTitle: channelByHandle.title,
        subscribers: channelByHandle.subscribers,
        at,
      },
    };
  },
  evolve: (state, event) =>
    event.type === 'YouTubeChannelVerified'
      ? { verifiedChannels: [...state.verifiedChannels, event.data.channelId] }
      : state,
};
