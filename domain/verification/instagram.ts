import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { instagramProfileUrl, normalizeHandle, sameHandle } from './handles.ts';
import { effectiveStatus, isOpenStatus, type InstagramOtpStatus } from './request-status.ts';

export type { InstagramOtpStatus } from './request-status.ts';

/**
 * Instagram verification by direct message (docs/product-spec.md sections 2 and 4, DESIGN 5.2): the creator asks
 * for a code for a handle, an admin sees it in the console and sends it by DM, the creator types
 * it, and the server compares. Codes are kept sealed (for the admin's eyes) and hashed (for the
 * comparison); neither form is readable by the creator.
 */
export const instagramVerificationStreamId = (userId: string): string => `igverification-${userId}`;

/** The spec's "code expected by direct message within 5 hours". */
export const INSTAGRAM_OTP_VALIDITY_MS = 5 * 60 * 60 * 1000;
export const INSTAGRAM_MAX_ATTEMPTS = 5;
export const INSTAGRAM_REQUEST_INTERVAL_MS = 60 * 1000;
/** Requests one account may record in any 24 hours (asking again while one is open is free). */
export const INSTAGRAM_REQUESTS_PER_DAY = 5;
/** Wrong codes one account may type in any 24 hours, across its requests. */
export const INSTAGRAM_TRIES_PER_DAY = 10;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A wait in words: minutes under an hour, else whole hours. */
export const waitText = (ms: number): string => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
};

/** The times in the last 24 hours, and when the oldest of them leaves that window. */
export const withinDay = (
  times: readonly string[],
  now: Date,
): { count: number; freesInMs: number } => {
  const recent = times
    .map((time) => Date.parse(time))
    .filter((time) => now.getTime() - time < DAY_MS);
  return {
    count: recent.length,
    freesInMs: recent.length === 0 ? 0 : Math.min(...recent) + DAY_MS - now.getTime(),
  };
};

export const INSTAGRAM_MESSAGES = {
  noOtp: 'No OTP found for this user',
  enterOtp: 'Please enter the OTP',
  invalidOtp: 'Invalid OTP. Please try again.',
  expired: 'This OTP has expired. Please request a new one.',
  alreadyVerified: 'This account is already verified.',
  verified: 'Your Instagram account is verified. Save and Submit your profile to publish it.',
  sent: 'OTP marked as sent',
  requested: 'OTP requested. Our team will send it to your Instagram inbox by direct message.',
  sendFailed: 'Error sending OTP',
  verificationFailed: 'Verification failed',
  notInProfile: 'Add this Instagram account to your profile and save it first.',
  invalidHandle: 'Enter an Instagram username (letters, digits, dots and underscores, at most 30).',
  replaced: 'This code was replaced by a newer request. Refresh and send the newer code.',
  /** Typed before the desk pressed Send Otp: nobody can know it yet, and no try is used. */
  notSentYet:
    'Your code has not been sent yet. Our team sends it to your Instagram inbox by direct message; enter it once it arrives.',
  /** Asking again while a request is open answers that request. */
  stillOpen:
    'Your code request is still open. Our team will send the code to your Instagram inbox by direct message.',
  alreadySent: 'Your code has been sent to your Instagram inbox by direct message. Enter it below.',
  tooManyRequests: (wait: string) =>
    `You have asked for ${INSTAGRAM_REQUESTS_PER_DAY} codes in the last 24 hours. Please try again in ${wait}.`,
  tooManyTries: (wait: string) =>
    `Too many wrong codes in the last 24 hours. Please try again in ${wait}.`,
  /** One verified owner per handle: a second claim is offered a dispute to the desk. */
  claimedByOther:
    'This Instagram account is already verified by another creator on LinkCoin. If it is yours, ask our verification desk to review it.',
} as const;

export type InstagramVerificationRequested = Event<
  'InstagramVerificationRequested',
  {
    requestId: string;
    userId: string;
    profileName: string;
    /**
     * The account's link, derived from the handle by the decider. Requests recorded before that
     * may carry a link a client gave: readers derive it from `profileName` again, never read it.
     */
    profileUrl: string;
    codeHash: string;
    /** The code encrypted with the server's key, opened only for admins. */
    sealedCode: string;
    requestedAt: string;
    expiresAt: string;
    /** The earlier request still open, which this one replaces. */
    replaces: string | null;
  }
>;
export type InstagramOtpSent = Event<
  'InstagramOtpSent',
  { requestId: string; sentBy: string | null; at: string }
>;
export type InstagramVerificationAttemptFailed = Event<
  'InstagramVerificationAttemptFailed',
  { requestId: string; failedAttempts: number; at: string }
>;
export type InstagramAccountVerified = Event<
  'InstagramAccountVerified',
  { requestId: string; userId: string; profileName: string; profileUrl: string; at: string }
>;
export type InstagramVerificationExpired = Event<
  'InstagramVerificationExpired',
  { requestId: string; at: string }
>;

export type InstagramVerificationEvent =
  | InstagramVerificationRequested
  | InstagramOtpSent
  | InstagramVerificationAttemptFailed
  | InstagramAccountVerified
  | InstagramVerificationExpired;

/** The link is no part of the command: the decider derives it from the handle. */
export type RequestInstagramVerification = Command<
  'RequestInstagramVerification',
  Omit<
    InstagramVerificationRequested['data'],
    'profileUrl' | 'requestedAt' | 'expiresAt' | 'replaces'
  >
>;
/** The admin sent this request's code: refused once a newer request replaced it. */
export type MarkInstagramOtpSent = Command<'MarkInstagramOtpSent', { requestId: string }>;
export type VerifyInstagramOtp = Command<'VerifyInstagramOtp', { codeHash: string }>;
export type ExpireInstagramVerification = Command<
  'ExpireInstagramVerification',
  { requestId: string }
>;
export type InstagramVerificationCommand =
  | RequestInstagramVerification
  | MarkInstagramOtpSent
  | VerifyInstagramOtp
  | ExpireInstagramVerification;

export type InstagramRequest = Readonly<{
  requestId: string;
  profileName: string;
  /** Derived from `profileName` ('' for a handle that is no Instagram username). */
  profileUrl: string;
  codeHash: string;
  sealedCode: string;
  status: InstagramOtpStatus;
  requestedAt: string;
  expiresAt: string;
  failedAttempts: number;
}>;

export type InstagramVerificationState = Readonly<{
  current: InstagramRequest | null;
  /** Lower-cased handles verified so far. */
  verifiedHandles: readonly string[];
  /** When the latest requests were recorded (at most INSTAGRAM_REQUESTS_PER_DAY). */
  recentRequests: readonly string[];
  /** When the latest wrong codes were typed (at most INSTAGRAM_TRIES_PER_DAY). */
  recentFailures: readonly string[];
}>;

/** The status as of `now`: an open code past its 5 hours reads as expired even before the sweep. */
export const statusAt = (request: InstagramRequest, now: Date): InstagramOtpStatus =>
  effectiveStatus(request.status, request.expiresAt, now);

const isOpen = (request: InstagramRequest | null, now: Date): request is InstagramRequest =>
  request !== null && isOpenStatus(statusAt(request, now));

/**
 * The request still open for this handle, which asking again answers (no new request, no new
 * row on the desk), or null.
 */
export const openRequestFor = (
  state: InstagramVerificationState,
  handle: string,
  now: Date,
): InstagramRequest | null =>
  isOpen(state.current, now) && sameHandle(state.current.profileName, handle)
    ? state.current
    : null;

/**
 * Refuses a new request for `handle` at `now`: not an Instagram username, already verified,
 * within a minute of the last request, or past the account's requests of the day. The decider
 * asks it, and so does the request handler before it counts the request against the handle.
 */
export const assertRequestAllowed = (
  state: InstagramVerificationState,
  handle: string,
  now: Date,
): void => {
  if (instagramProfileUrl(handle) === null) {
    throw new DomainError('validation', INSTAGRAM_MESSAGES.invalidHandle);
  }
  if (state.verifiedHandles.includes(normalizeHandle(handle))) {
    throw new DomainError('conflict', INSTAGRAM_MESSAGES.alreadyVerified);
  }
  const current = state.current;
  if (current && now.getTime() - Date.parse(current.requestedAt) < INSTAGRAM_REQUEST_INTERVAL_MS) {
    const wait = Math.ceil(
      (INSTAGRAM_REQUEST_INTERVAL_MS - (now.getTime() - Date.parse(current.requestedAt))) / 1000,
    );
    throw new DomainError(
      'rate_limited',
      `Please wait ${wait} seconds before requesting another OTP.`,
    );
  }
  const today = withinDay(state.recentRequests, now);
  if (today.count >= INSTAGRAM_REQUESTS_PER_DAY) {
    throw new DomainError(
      'rate_limited',
      INSTAGRAM_MESSAGES.tooManyRequests(waitText(today.freesInMs)),
    );
  }
};

export const instagramVerificationDecider: Decider<
  InstagramVerificationState,
  InstagramVerificationCommand,
  InstagramVerificationEvent
> = {
  initialState: () => ({
    current: null,
    verifiedHandles: [],
    recentRequests: [],
    recentFailures: [],
  }),

  decide: (command, state) => {
    const now = command.metadata.now;
    const at = now.toISOString();
    const current = state.current;
    switch (command.type) {
      case 'RequestInstagramVerification': {
        // Asking again while a request for this handle is open answers that request.
        if (openRequestFor(state, command.data.profileName, now)) return [];
        assertRequestAllowed(state, command.data.profileName, now);
        return {
          type: 'InstagramVerificationRequested',
          data: {
            ...command.data,
            profileUrl: instagramProfileUrl(command.data.profileName) ?? '',
            requestedAt: at,
            expiresAt: new Date(now.getTime() + INSTAGRAM_OTP_VALIDITY_MS).toISOString(),
            replaces: isOpen(current, now) ? current.requestId : null,
          },
        };
      }
      case 'MarkInstagramOtpSent': {
        if (!current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
        // The admin sent the code of the record they had open; a newer request has its own code.
        if (current.requestId !== command.data.requestId) {
          throw new DomainError('conflict', INSTAGRAM_MESSAGES.replaced);
        }
        const status = statusAt(current, now);
        if (status === 'verified')
          throw new DomainError('conflict', INSTAGRAM_MESSAGES.alreadyVerified);
        if (status === 'expired') throw new DomainError('conflict', INSTAGRAM_MESSAGES.expired);
        if (status === 'send') return [];
        return {
          type: 'InstagramOtpSent',
          data: { requestId: current.requestId, sentBy: command.metadata.actorUserId, at },
        };
      }
      case 'VerifyInstagramOtp': {
        if (!current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
        const status = statusAt(current, now);
        if (status === 'verified')
          throw new DomainError('conflict', INSTAGRAM_MESSAGES.alreadyVerified);
        if (status === 'expired') throw new DomainError('validation', INSTAGRAM_MESSAGES.expired);
        // A code counts only once the desk sent it: before, nobody can know it (no try is used).
        if (status === 'pending') throw new DomainError('conflict', INSTAGRAM_MESSAGES.notSentYet);
        if (current.failedAttempts >= INSTAGRAM_MAX_ATTEMPTS) {
          throw new DomainError('rate_limited', ACCOUNT_MESSAGES.tooManyOtpAttempts);
        }
        const failures = withinDay(state.recentFailures, now);
        if (failures.count >= INSTAGRAM_TRIES_PER_DAY) {
          throw new DomainError(
            'rate_limited',
            INSTAGRAM_MESSAGES.tooManyTries(waitText(failures.freesInMs)),
          );
        }
        if (command.data.codeHash !== current.codeHash) {
          return {
            type: 'InstagramVerificationAttemptFailed',
            data: { requestId: current.requestId, failedAttempts: current.failedAttempts + 1, at },
          };
        }
        return {
          type: 'InstagramAccountVerified',
          data: {
            requestId: current.requestId,
            userId: command.metadata.actorUserId ?? '',
            profileName: current.profileName,
            profileUrl: current.profileUrl,
            at,
          },
        };
      }
      case 'ExpireInstagramVerification': {
        if (!current || current.requestId !== command.data.requestId) return [];
        if (!isOpenStatus(current.status)) return [];
        if (Date.parse(current.expiresAt) > now.getTime()) return [];
        return { type: 'InstagramVerificationExpired', data: { requestId: current.requestId, at } };
      }
    }
  },

  evolve: (state, event) => {
    const current = state.current;
    switch (event.type) {
      case 'InstagramVerificationRequested': {
        const { requestId, profileName, codeHash, sealedCode, requestedAt, expiresAt } = event.data;
        return {
          ...state,
          current: {
            requestId,
            profileName,
            // Derived again: an event recorded before the decider derived it may hold a client's.
            profileUrl: instagramProfileUrl(profileName) ?? '',
            codeHash,
            sealedCode,
            status: 'pending',
            requestedAt,
            expiresAt,
            failedAttempts: 0,
          },
          recentRequests: [
            ...state.recentRequests.slice(-(INSTAGRAM_REQUESTS_PER_DAY - 1)),
            requestedAt,
          ],
        };
      }
      case 'InstagramOtpSent':
        return current ? { ...state, current: { ...current, status: 'send' } } : state;
      case 'InstagramVerificationAttemptFailed':
        return {
          ...state,
          current: current ? { ...current, failedAttempts: event.data.failedAttempts } : current,
          recentFailures: [
            ...state.recentFailures.slice(-(INSTAGRAM_TRIES_PER_DAY - 1)),
            event.data.at,
          ],
        };
      case 'InstagramAccountVerified':
        return {
          ...state,
          current: current ? { ...current, status: 'verified' } : current,
          verifiedHandles: [...state.verifiedHandles, normalizeHandle(event.data.profileName)],
        };
      case 'InstagramVerificationExpired':
        return current ? { ...state, current: { ...current, status: 'expired' } } : state;
    }
  },
};
