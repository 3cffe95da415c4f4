import { describe, expect, it } from 'vitest';
import { profileDecider, type ProfileEvent } from '../profiles/profile.ts';
import type { EventMetadata, RecordedEvent } from '../shared/messages.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import type { InstagramAccountVerified } from './instagram.ts';
import type { HandleAssigned } from './handle-claim.ts';
import {
  assignmentCommands,
  claimHandleFor,
  markVerifiedIdempotencyKey,
  markVerifiedOnProfile,
  verifiedUserId,
} from './mark-verified.ts';
import type { YouTubeChannelVerified } from './youtube.ts';

const metadata: EventMetadata = {
  actorUserId: 'creator-1',
  correlationId: 'request-1',
  causationId: 'request-1',
  schemaVersion: 1,
  timestamp: '2026-05-01T10:00:00.000Z',
};
const instagram: RecordedEvent<InstagramAccountVerified> = {
  id: 'event-ig',
  streamId: 'igverification-creator-1',
  revision: 3,
  position: 40,
  metadata,
  type: 'InstagramAccountVerified',
  data: {
    requestId: 'r-1',
    userId: 'creator-1',
    profileName: 'asha.cooks',
    profileUrl: 'https://instagram.com/asha.cooks',
    at: metadata.timestamp,
  },
};
const youtube: RecordedEvent<YouTubeChannelVerified> = {
  id: 'event-yt',
  streamId: 'youtube-creator-1',
  revision: 0,
  position: 41,
  metadata,
  type: 'YouTubeChannelVerified',
  data: {
    handle: '@AshaCooksTV',
    channelId: 'UC123',
    channelTitle: 'Asha Cooks',
    subscribers: 4200,
    at: metadata.timestamp,
  },
};

const accountAdded = (platform: string, profileName: string, id: string): ProfileEvent => ({
  type: 'SocialAccountAdded',
  data: {
    account: {
      id,
      platform,
      profileName,
      profileUrl: '',
      dashboardPic: '',
      followers: 0,
      followersCount: 0,
    },
  },
});

describe('marking a verification on the profile', () => {
  it('builds the Instagram command, keyed by the request', () => {
    const command = markVerifiedOnProfile(instagram, testMetadata());
    expect(command).toEqual({
      type: 'MarkAccountVerified',
      data: {
        platform: 'instagram',
        profileName: 'asha.cooks',
        method: 'instagram_otp',
        followers: null,
        verificationId: 'r-1',
      },
      metadata: { ...testMetadata(), idempotencyKey: 'instagram-verified-r-1' },
    });
  });

  it('builds the YouTube command with the subscribers, keyed by the verification event', () => {
    const command = markVerifiedOnProfile(youtube, testMetadata());
    expect(command.data).toEqual({
      platform: 'youtube',
      profileName: '@AshaCooksTV',
      method: 'youtube_oauth',
      followers: 4200,
      verificationId: 'event-yt',
    });
    expect(command.metadata.idempotencyKey).toBe('youtube-verified-event-yt');
  });

  it('gives the request path and the healing process the same key and data', () => {
    const fromRequest = markVerifiedOnProfile(
      instagram,
      testMetadata({ actorUserId: 'creator-1' }),
    );
    const fromProcess = markVerifiedOnProfile(
      instagram,
      testMetadata({ actorUserId: null, causationId: instagram.id }),
    );
    expect(fromProcess.data).toEqual(fromRequest.data);
    expect(fromProcess.metadata.idempotencyKey).toBe(fromRequest.metadata.idempotencyKey);
    expect(markVerifiedIdempotencyKey(youtube)).not.toBe(markVerifiedIdempotencyKey(instagram));
  });

  it('names the user from the verification stream', () => {
    expect(verifiedUserId(instagram)).toBe('creator-1');
    expect(verifiedUserId(youtube)).toBe('creator-1');
  });

  it('is a command the profile decides: verified once, then nothing more', () => {
    const given = DeciderSpecification.for(profileDecider);
    const command = markVerifiedOnProfile(instagram, testMetadata());
    given([accountAdded('instagram', 'asha.cooks', 'acc-1')])
      .when(command)
      .then({
        type: 'SocialAccountVerified',
        data: {
          accountId: 'acc-1',
          method: 'instagram_otp',
          followers: null,
          verificationId: 'r-1',
          at: testMetadata().now.toISOString(),
        },
      });
    given([
      accountAdded('instagram', 'asha.cooks', 'acc-1'),
      {
        type: 'SocialAccountVerified',
        data: {
          accountId: 'acc-1',
          method: 'instagram_otp',
          followers: null,
          verificationId: 'r-1',
          at: testMetadata().now.toISOString(),
        },
      },
    ])
      .when(command)
      .thenNothingHappens();
    given([]).when(command).thenRefused('not_found');
  });
});

describe('claiming the handle of a verification, and a desk assignment', () => {
  it('claims the Instagram username and the YouTube channel id for the verifier, once', () => {
    expect(claimHandleFor(instagram, testMetadata())).toEqual({
      type: 'ClaimHandle',
      data: {
        platform: 'instagram',
        key: 'asha.cooks',
        userId: 'creator-1',
        profileName: 'asha.cooks',
        verificationId: 'r-1',
      },
      metadata: { ...testMetadata(), idempotencyKey: 'instagram-verified-r-1-claim' },
    });
    expect(claimHandleFor(youtube, testMetadata()).data).toMatchObject({
      platform: 'youtube',
      key: 'UC123',
      profileName: '@AshaCooksTV',
    });
  });

  it('withdraws the verification from its holders and marks the new owner, on their profiles', () => {
    const assigned: RecordedEvent<HandleAssigned> = {
      id: 'event-a',
      streamId: 'handle-instagram-asha.cooks',
      revision: 4,
      position: 90,
      metadata,
      type: 'HandleAssigned',
      data: {
        platform: 'instagram',
        key: 'asha.cooks',
        assignmentId: 'a-1',
        toUserId: 'creator-2',
        profileName: 'asha.cooks',
        fromUserId: 'creator-1',
        disputeId: 'd-1',
        withdrawFrom: [{ userId: 'creator-1', profileName: 'Asha.Cooks' }],
        by: 'admin-1',
        at: metadata.timestamp,
      },
    };
    const { withdraw, mark } = assignmentCommands(assigned, testMetadata());
    const given = DeciderSpecification.for(profileDecider);
    const verifiedOnce: ProfileEvent = {
      type: 'SocialAccountVerified',
      data: {
        accountId: 'acc-1',
        method: 'instagram_otp',
        followers: null,
        verificationId: 'r-1',
        at: metadata.timestamp,
      },
    };
    given([accountAdded('instagram', 'asha.cooks', 'acc-1'), verifiedOnce])
      .when(withdraw[0]!.command)
      .then({
        type: 'SocialAccountVerificationWithdrawn',
        data: {
          accountId: 'acc-1',
          verificationId: 'a-1',
          reason: 'reassigned',
          at: testMetadata().now.toISOString(),
        },
      });
    // Not verified there (or removed since): nothing to withdraw.
    given([accountAdded('instagram', 'asha.cooks', 'acc-1')])
      .when(withdraw[0]!.command)
      .thenNothingHappens();
    expect(mark).toMatchObject({
      userId: 'creator-2',
      command: {
        type: 'MarkAccountVerified',
        data: { platform: 'instagram', profileName: 'asha.cooks', verificationId: 'a-1' },
      },
    });
    expect(mark.command.metadata.idempotencyKey).toBe('handle-assigned-a-1');
  });
});
