/**
 * One verified owner per social account across the marketplace (issue 18): an Instagram handle
 * or a YouTube channel is claimed by the first creator who verifies it, on its own stream
 * `handle-{platform}-{key}` (appended with the revision it was read at, so of two racing claims
 * exactly one wins). A second creator is refused with an offer to dispute it; the desk sees both
 * claims and can assign the account to either, by events. The stream also counts the code
 * requests and wrong codes naming the handle, whoever asks: the per-handle daily caps.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { normalizeHandle } from './handles.ts';
import {
  INSTAGRAM_MESSAGES,
  INSTAGRAM_REQUEST_INTERVAL_MS,
  waitText,
  withinDay,
} from './instagram.ts';
import { YOUTUBE_MESSAGES } from './youtube.ts';

export const HANDLE_PLATFORMS = ['instagram', 'youtube'] as const;
export type HandlePlatform = (typeof HANDLE_PLATFORMS)[number];

/** Code requests naming one Instagram handle in any 24 hours, from all accounts together. */
export const HANDLE_REQUESTS_PER_DAY = 8;
/** Wrong codes typed for one Instagram handle in any 24 hours, from all accounts together. */
export const HANDLE_TRIES_PER_DAY = 15;

/** What an account is claimed by: an Instagram username (lower case), a YouTube channel id. */
export const claimKey = (platform: HandlePlatform, handle: string): string =>
  platform === 'instagram' ? normalizeHandle(handle) : handle.trim();

/** A claim key is letters, digits, dots, underscores and hyphens (usernames, channel ids). */
export const CLAIM_KEY = /^[A-Za-z0-9._-]{1,64}$/;

export const handleClaimStreamId = (platform: HandlePlatform, key: string): string =>
  `handle-${platform}-${key}`;

/** The id the desk knows a claimed account by: `instagram:asha.cooks`. */
export const handleClaimId = (platform: HandlePlatform, key: string): string =>
  `${platform}:${key}`;

export const HANDLE_CLAIM_MESSAGES = {
  tooManyRequests: (wait: string) =>
    `This Instagram account has had too many code requests in the last 24 hours. Please try again in ${wait}.`,
  tooManyTries: (wait: string) =>
    `Too many wrong codes for this Instagram account in the last 24 hours. Please try again in ${wait}.`,
  youAreTheOwner: 'You are already the verified owner of this account.',
  nobodyOwnsIt: 'Nobody is verified as the owner of this account: verify it yourself.',
  disputed:
    'Your request reached our verification desk. We will look at both claims and write to you by e-mail.',
  noSuchDispute: 'This request to the desk is not open any more.',
  alreadyOwner: 'This creator is already the verified owner, and nothing else is waiting.',
} as const;

/** Who holds the account: their user id, the handle on their profile, the verification. */
export type HandleOwner = Readonly<{
  userId: string;
  profileName: string;
  verificationId: string;
}>;

export type HandleCodeRequested = Event<
  'HandleCodeRequested',
  { platform: HandlePlatform; key: string; userId: string; requestId: string; at: string }
>;
export type HandleCodeAttemptFailed = Event<
  'HandleCodeAttemptFailed',
  { platform: HandlePlatform; key: string; userId: string; requestId: string; at: string }
>;
export type HandleClaimed = Event<
  'HandleClaimed',
  { platform: HandlePlatform; key: string; at: string } & HandleOwner
>;
export type HandleDisputed = Event<
  'HandleDisputed',
  {
    platform: HandlePlatform;
    key: string;
    disputeId: string;
    claimantId: string;
    /** The handle on the claimant's profile. */
    profileName: string;
    ownerId: string;
    /** What the claimant tells the desk (may be empty). */
    message: string;
    at: string;
  }
>;
export type HandleDisputeDismissed = Event<
  'HandleDisputeDismissed',
  { platform: HandlePlatform; key: string; disputeId: string; by: string | null; at: string }
>;
/** The desk gave the account to a creator; those who held it lose the verification. */
export type HandleAssigned = Event<
  'HandleAssigned',
  {
    platform: HandlePlatform;
    key: string;
    assignmentId: string;
    toUserId: string;
    /** The handle on the new owner's profile. */
    profileName: string;
    fromUserId: string | null;
    disputeId: string | null;
    /** Everyone whose profile shows the account verified and must not any more. */
    withdrawFrom: readonly Readonly<{ userId: string; profileName: string }>[];
    by: string | null;
    at: string;
  }
>;

export type HandleClaimEvent =
  | HandleCodeRequested
  | HandleCodeAttemptFailed
  | HandleClaimed
  | HandleDisputed
  | HandleDisputeDismissed
  | HandleAssigned;

type Named = { platform: HandlePlatform; key: string };
export type CountCodeRequest = Command<
  'CountCodeRequest',
  Named & { userId: string; requestId: string }
>;
export type CountFailedAttempt = Command<
  'CountFailedAttempt',
  Named & { userId: string; requestId: string }
>;
export type ClaimHandle = Command<'ClaimHandle', Named & HandleOwner>;
export type DisputeHandle = Command<
  'DisputeHandle',
  Named & { disputeId: string; claimantId: string; profileName: string; message: string }
>;
export type DismissDispute = Command<'DismissDispute', Named & { disputeId: string }>;
export type AssignHandle = Command<
  'AssignHandle',
  Named & Omit<HandleAssigned['data'], 'platform' | 'key' | 'fromUserId' | 'by' | 'at'>
>;
export type HandleClaimCommand =
  | CountCodeRequest
  | CountFailedAttempt
  | ClaimHandle
  | DisputeHandle
  | DismissDispute
  | AssignHandle;

export type HandleDispute = Readonly<{
  disputeId: string;
  claimantId: string;
  profileName: string;
  status: 'open' | 'resolved' | 'dismissed';
}>;

export type HandleClaimState = Readonly<{
  owner: HandleOwner | null;
  /** When the latest code requests naming the handle were recorded (bounded). */
  requests: readonly string[];
  /** Who made them, and when (the same latest ones). */
  requesters: readonly Readonly<{ userId: string; at: string }>[];
  /** When the latest wrong codes for it were typed (bounded). */
  failures: readonly string[];
  disputes: readonly HandleDispute[];
}>;

/** The refusal a creator gets for an account someone else holds. */
export type ClaimedByOther = (platform: HandlePlatform) => string;

const claimedMessage: ClaimedByOther = (platform) =>
  platform === 'instagram' ? INSTAGRAM_MESSAGES.claimedByOther : YOUTUBE_MESSAGES.claimedByOther;

/** The refusal for an account held by someone other than `userId`, or null. */
export const claimedByOther = (
  state: HandleClaimState,
  platform: HandlePlatform,
  userId: string,
): DomainError | null =>
  state.owner && state.owner.userId !== userId
    ? new DomainError('conflict', claimedMessage(platform))
    : null;

/** Refuses another wrong code for the handle once its wrong codes of the day are used up. */
export const assertTriesLeft = (state: HandleClaimState, now: Date): void => {
  const today = withinDay(state.failures, now);
  if (today.count >= HANDLE_TRIES_PER_DAY) {
    throw new DomainError(
      'rate_limited',
      HANDLE_CLAIM_MESSAGES.tooManyTries(waitText(today.freesInMs)),
    );
  }
};

const openDispute = (state: HandleClaimState, disputeId: string) =>
  state.disputes.find((dispute) => dispute.disputeId === disputeId && dispute.status === 'open');

const recent = (times: readonly string[], at: string, keep: number) => [
  ...times.slice(-(keep - 1)),
  at,
];

export const handleClaimDecider: Decider<HandleClaimState, HandleClaimCommand, HandleClaimEvent> = {
  initialState: () => ({
    owner: null,
    requests: [],
    requesters: [],
    failures: [],
    disputes: [],
  }),

  decide: (command, state) => {
    const now = command.metadata.now;
    const at = now.toISOString();
    const { platform } = command.data;
    switch (command.type) {
      case 'CountCodeRequest': {
        const taken = claimedByOther(state, platform, command.data.userId);
        if (taken) throw taken;
        // An account records one request a minute (the Instagram decider): requests it sends
        // together are counted once, so one account cannot use up the handle's day at once.
        const counted = state.requesters.some(
          (r) =>
            r.userId === command.data.userId &&
            now.getTime() - Date.parse(r.at) < INSTAGRAM_REQUEST_INTERVAL_MS,
        );
        if (counted) return [];
        const today = withinDay(state.requests, now);
        if (today.count >= HANDLE_REQUESTS_PER_DAY) {
          throw new DomainError(
            'rate_limited',
            HANDLE_CLAIM_MESSAGES.tooManyRequests(waitText(today.freesInMs)),
          );
        }
        return { type: 'HandleCodeRequested', data: { ...command.data, at } };
      }
      case 'CountFailedAttempt':
        return { type: 'HandleCodeAttemptFailed', data: { ...command.data, at } };
      case 'ClaimHandle': {
        if (state.owner?.userId === command.data.userId) return [];
        const taken = claimedByOther(state, platform, command.data.userId);
        if (taken) throw taken;
        return { type: 'HandleClaimed', data: { ...command.data, at } };
      }
      case 'DisputeHandle': {
        const { claimantId } = command.data;
        if (!state.owner) throw new DomainError('conflict', HANDLE_CLAIM_MESSAGES.nobodyOwnsIt);
        if (state.owner.userId === claimantId) {
          throw new DomainError('conflict', HANDLE_CLAIM_MESSAGES.youAreTheOwner);
        }
        // One open request to the desk per claimant: asking again changes nothing.
        if (state.disputes.some((d) => d.claimantId === claimantId && d.status === 'open')) {
          return [];
        }
        return {
          type: 'HandleDisputed',
          data: { ...command.data, ownerId: state.owner.userId, at },
        };
      }
      case 'DismissDispute': {
        if (!openDispute(state, command.data.disputeId)) {
          throw new DomainError('conflict', HANDLE_CLAIM_MESSAGES.noSuchDispute);
        }
        return {
          type: 'HandleDisputeDismissed',
          data: { ...command.data, by: command.metadata.actorUserId, at },
        };
      }
      case 'AssignHandle': {
        const { disputeId, toUserId, withdrawFrom } = command.data;
        if (disputeId !== null && !openDispute(state, disputeId)) {
          throw new DomainError('conflict', HANDLE_CLAIM_MESSAGES.noSuchDispute);
        }
        if (state.owner?.userId === toUserId && withdrawFrom.length === 0 && disputeId === null) {
          throw new DomainError('conflict', HANDLE_CLAIM_MESSAGES.alreadyOwner);
        }
        return {
          type: 'HandleAssigned',
          data: {
            ...command.data,
            fromUserId: state.owner?.userId ?? null,
            by: command.metadata.actorUserId,
            at,
          },
        };
      }
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'HandleCodeRequested':
        return {
          ...state,
          requests: recent(state.requests, event.data.at, HANDLE_REQUESTS_PER_DAY),
          requesters: [
            ...state.requesters.slice(-(HANDLE_REQUESTS_PER_DAY - 1)),
            { userId: event.data.userId, at: event.data.at },
          ],
        };
      case 'HandleCodeAttemptFailed':
        return {
          ...state,
          failures: recent(state.failures, event.data.at, HANDLE_TRIES_PER_DAY),
        };
      case 'HandleClaimed': {
        const { userId, profileName, verificationId } = event.data;
        return { ...state, owner: { userId, profileName, verificationId } };
      }
      case 'HandleDisputed': {
        const { disputeId, claimantId, profileName } = event.data;
        return {
          ...state,
          disputes: [...state.disputes, { disputeId, claimantId, profileName, status: 'open' }],
        };
      }
      case 'HandleDisputeDismissed':
        return {
          ...state,
          disputes: state.disputes.map((d) =>
            d.disputeId === event.data.disputeId ? { ...d, status: 'dismissed' } : d,
          ),
        };
      case 'HandleAssigned': {
        const { toUserId, profileName, assignmentId, disputeId } = event.data;
        return {
          ...state,
          owner: { userId: toUserId, profileName, verificationId: assignmentId },
          disputes: state.disputes.map((d) =>
            d.disputeId === disputeId ? { ...d, status: 'resolved' } : d,
          ),
        };
      }
    }
  },
};
