import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  claimKey,
  handleClaimDecider,
  handleClaimStreamId,
  HANDLE_CLAIM_MESSAGES,
  HANDLE_REQUESTS_PER_DAY,
  HANDLE_TRIES_PER_DAY,
  assertTriesLeft,
  type HandleClaimEvent,
} from './handle-claim.ts';
import { INSTAGRAM_MESSAGES } from './instagram.ts';
import { fold } from '../shared/decider.ts';

const given = DeciderSpecification.for(handleClaimDecider);
const t0 = Date.parse('2026-05-01T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number, actorUserId: string | null = 'creator-1') =>
  testMetadata({ now: new Date(t0 + ms), actorUserId });
const iso = (ms: number) => new Date(t0 + ms).toISOString();
const named = { platform: 'instagram' as const, key: 'nandini.gupta.official' };

const claimed = (userId = 'owner', ms = 0): HandleClaimEvent => ({
  type: 'HandleClaimed',
  data: {
    ...named,
    userId,
    profileName: 'nandini.gupta.official',
    verificationId: 'r-1',
    at: iso(ms),
  },
});
const claim = (userId: string, ms = HOUR) => ({
  type: 'ClaimHandle' as const,
  data: { ...named, userId, profileName: 'Nandini.Gupta.Official', verificationId: 'r-2' },
  metadata: at(ms, userId),
});
const disputed = (claimantId = 'second', disputeId = 'd-1'): HandleClaimEvent => ({
  type: 'HandleDisputed',
  data: {
    ...named,
    disputeId,
    claimantId,
    profileName: 'nandini.gupta.official',
    ownerId: 'owner',
    message: 'It is mine',
    at: iso(HOUR),
  },
});

describe('one verified owner per handle', () => {
  it('is keyed by the Instagram username or the YouTube channel id', () => {
    expect(claimKey('instagram', ' @Nandini.Gupta.Official ')).toBe('nandini.gupta.official');
    expect(claimKey('youtube', 'UCabcDEF_-123')).toBe('UCabcDEF_-123');
    expect(handleClaimStreamId('instagram', 'asha.cooks')).toBe('handle-instagram-asha.cooks');
  });

  it('goes to the first creator who verifies it; the same creator again changes nothing', () => {
    given([])
      .when(claim('owner', 0))
      .then({
        type: 'HandleClaimed',
        data: {
          ...named,
          userId: 'owner',
          profileName: 'Nandini.Gupta.Official',
          verificationId: 'r-2',
          at: iso(0),
        },
      });
    given([claimed()]).when(claim('owner')).thenNothingHappens();
  });

  it('refuses a second creator with the offer to ask the desk', () => {
    given([claimed()])
      .when(claim('second'))
      .thenRefused('conflict', INSTAGRAM_MESSAGES.claimedByOther);
    given([claimed()])
      .when({
        type: 'CountCodeRequest',
        data: { ...named, userId: 'second', requestId: 'r-9' },
        metadata: at(HOUR, 'second'),
      })
      .thenRefused('conflict', INSTAGRAM_MESSAGES.claimedByOther);
  });

  it(`counts at most ${HANDLE_REQUESTS_PER_DAY} code requests naming the handle a day, whoever asks`, () => {
    const requests = Array.from({ length: HANDLE_REQUESTS_PER_DAY }, (_, n): HandleClaimEvent => ({
      type: 'HandleCodeRequested',
      data: { ...named, userId: `throwaway-${n}`, requestId: `r-${n}`, at: iso(n * 60_000) },
    }));
    const ask = (ms: number) => ({
      type: 'CountCodeRequest' as const,
      data: { ...named, userId: 'another', requestId: 'r-x' },
      metadata: at(ms, 'another'),
    });
    given(requests)
      .when(ask(HOUR))
      .thenRefused('rate_limited', HANDLE_CLAIM_MESSAGES.tooManyRequests('23 hours'));
    given(requests)
      .when(ask(24 * HOUR))
      .then({
        type: 'HandleCodeRequested',
        data: { ...named, userId: 'another', requestId: 'r-x', at: iso(24 * HOUR) },
      });
  });

  it(`stops wrong codes at ${HANDLE_TRIES_PER_DAY} for the handle a day, whoever types them`, () => {
    const failures = Array.from({ length: HANDLE_TRIES_PER_DAY }, (_, n): HandleClaimEvent => ({
      type: 'HandleCodeAttemptFailed',
      data: { ...named, userId: `throwaway-${n}`, requestId: `r-${n}`, at: iso(0) },
    }));
    const state = fold(handleClaimDecider, failures);
    expect(() => assertTriesLeft(state, new Date(t0 + HOUR))).toThrow(
      HANDLE_CLAIM_MESSAGES.tooManyTries('23 hours'),
    );
    expect(() => assertTriesLeft(state, new Date(t0 + 24 * HOUR))).not.toThrow();
  });

  it('takes one open request to the desk per claimant, never from the owner or for nobody', () => {
    const dispute = (claimantId: string) => ({
      type: 'DisputeHandle' as const,
      data: {
        ...named,
        disputeId: 'd-1',
        claimantId,
        profileName: 'nandini.gupta.official',
        message: 'It is mine',
      },
      metadata: at(HOUR, claimantId),
    });
    given([claimed()]).when(dispute('second')).then(disputed());
    given([claimed(), disputed()]).when(dispute('second')).thenNothingHappens();
    given([claimed()])
      .when(dispute('owner'))
      .thenRefused('conflict', HANDLE_CLAIM_MESSAGES.youAreTheOwner);
    given([]).when(dispute('second')).thenRefused('conflict', HANDLE_CLAIM_MESSAGES.nobodyOwnsIt);
  });

  it('lets the desk give the account to a claimant, resolving the request, or dismiss it', () => {
    const assign = (
      toUserId: string,
      disputeId: string | null,
      withdrawFrom = [{ userId: 'owner', profileName: 'nandini.gupta.official' }],
    ) => ({
      type: 'AssignHandle' as const,
      data: {
        ...named,
        assignmentId: 'a-1',
        toUserId,
        profileName: 'nandini.gupta.official',
        disputeId,
        withdrawFrom,
      },
      metadata: at(2 * HOUR, 'admin-1'),
    });
    given([claimed(), disputed()])
      .when(assign('second', 'd-1'))
      .then({
        type: 'HandleAssigned',
        data: {
          ...named,
          assignmentId: 'a-1',
          toUserId: 'second',
          profileName: 'nandini.gupta.official',
          fromUserId: 'owner',
          disputeId: 'd-1',
          withdrawFrom: [{ userId: 'owner', profileName: 'nandini.gupta.official' }],
          by: 'admin-1',
          at: iso(2 * HOUR),
        },
      });
    given([claimed(), disputed()])
      .when(assign('second', 'd-1'))
      .thenState((state) => {
        expect(state.owner?.userId).toBe('second');
        expect(state.disputes[0]?.status).toBe('resolved');
      });
    given([claimed()])
      .when(assign('owner', null, []))
      .thenRefused('conflict', HANDLE_CLAIM_MESSAGES.alreadyOwner);
    given([claimed()])
      .when(assign('second', 'd-404'))
      .thenRefused('conflict', HANDLE_CLAIM_MESSAGES.noSuchDispute);
    given([claimed(), disputed()])
      .when({
        type: 'DismissDispute',
        data: { ...named, disputeId: 'd-1' },
        metadata: at(2 * HOUR, 'admin-1'),
      })
      .then({
        type: 'HandleDisputeDismissed',
        data: { ...named, disputeId: 'd-1', by: 'admin-1', at: iso(2 * HOUR) },
      });
    given([
      claimed(),
      disputed(),
      {
        type: 'HandleDisputeDismissed',
        data: { ...named, disputeId: 'd-1', by: 'admin-1', at: iso(2 * HOUR) },
      },
    ])
      .when({
        type: 'DismissDispute',
        data: { ...named, disputeId: 'd-1' },
        metadata: at(3 * HOUR, 'admin-1'),
      })
      .thenRefused('conflict', HANDLE_CLAIM_MESSAGES.noSuchDispute);
  });
});
