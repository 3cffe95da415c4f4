import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { YOUTUBE_MESSAGES, youTubeVerificationDecider } from './youtube.ts';

const given = DeciderSpecification.for(youTubeVerificationDecider);
const meta = testMetadata({ now: new Date('2026-05-01T10:00:00.000Z') });
const channel = { id: 'UC123', title: 'Asha Cooks', subscribers: 48213 };

describe('YouTube verification', () => {
  it('verifies when the signed-in channel is the channel of the handle', () => {
    given([])
      .when({
        type: 'RecordYouTubeVerification',
        data: { handle: '@ashacooks', channelByHandle: channel, signedInChannel: channel },
        metadata: meta,
      })
      .then({
        type: 'YouTubeChannelVerified',
        data: {
          handle: '@ashacooks',
          channelId: 'UC123',
          channelTitle: 'Asha Cooks',
          subscribers: 48213,
          at: meta.now.toISOString(),
        },
      });
  });

  it('records a failure when the channels differ or the handle finds none', () => {
    given([])
      .when({
        type: 'RecordYouTubeVerification',
        data: {
          handle: '@ashacooks',
          channelByHandle: channel,
          signedInChannel: { ...channel, id: 'UC999' },
        },
        metadata: meta,
      })
      .then({
        type: 'YouTubeVerificationFailed',
        data: { handle: '@ashacooks', reason: 'not_signed_in_channel', at: meta.now.toISOString() },
      });
    given([])
      .when({
        type: 'RecordYouTubeVerification',
        data: { handle: '@nobody', channelByHandle: null, signedInChannel: channel },
        metadata: meta,
      })
      .then({
        type: 'YouTubeVerificationFailed',
        data: { handle: '@nobody', reason: 'channel_not_found', at: meta.now.toISOString() },
      });
  });

  it('words its answers as the spec does', () => {
    expect(YOUTUBE_MESSAGES.verified('Asha Cooks', 48213)).toBe(
      '✅ Verified: Asha Cooks (48213 subscribers)',
    );
    expect(YOUTUBE_MESSAGES.failed).toBe('❌ Verification failed');
  });
});
