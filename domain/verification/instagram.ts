import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { instagramProfileUrl, normalizeHandle } from './handles.ts';
import { effectiveStatus, isOpenStatus, type InstagramOtpStatus } from './request-status.ts';

export type { InstagramOtpStatus } from './request-status.ts';

/**
 * Instagram verification by direct message (spec sections 2 and 4, DESIGN 5.2): the creator asks
 * for a code for a handle, an admin sees it in the console and sends it by DM, the creator types
 * it, and the server compares. Codes are kept sealed (for the admin's eyes) and hashed (for the
 * comparison); neither form is readable by the creator.
 */
export const instagramVerificationStreamId = (userId: string): string => `igverification-${userId}`;

/** The spec's "code expected by direct message within 5 hours". */
export const INSTAGRAM_OTP_VALIDITY_MS = 5 * 60 * 60 * 1000;
export const INSTAGRAM_MAX_ATTEMPTS = 5;
export const INSTAGRAM_REQUEST_INTERVAL_MS = 60 * 1000;

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
}>;

/** The status as of `now`: an open code past its 5 hours reads as expired even before the sweep. */
export const statusAt = (request: InstagramRequest, now: Date): InstagramOtpStatus =>
  effectiveStatus(request.status, request.expiresAt, now);

const isOpen = (request: InstagramRequest | null, now: Date): request is InstagramRequest =>
  request !== null && isOpenStatus(statusAt(request, now));

export const instagramVerificationDecider: Decider<
  InstagramVerificationState,
  InstagramVerificationCommand,
  InstagramVerificationEvent
> = {
  initialState: () => ({ current: null, verifiedHandles: [] }),

  decide: (command, state) => {
    const now = command.metadata.now;
    const at = now.toISOString();
    const current = state.current;
    switch (command.type) {
      case 'RequestInstagramVerification': {
        const profileUrl = instagramProfileUrl(command.data.profileName);
        if (profileUrl === null) {
          throw new DomainError('validation', INSTAGRAM_MESSAGES.invalidHandle);
        }
        if (state.verifiedHandles.includes(normalizeHandle(command.data.profileName))) {
          throw new DomainError('conflict', INSTAGRAM_MESSAGES.alreadyVerified);
        }
        if (
          current &&
          now.getTime() - Date.parse(current.requestedAt) < INSTAGRAM_REQUEST_INTERVAL_MS
        ) {
          const wait = Math.ceil(
            (INSTAGRAM_REQUEST_INTERVAL_MS - (now.getTime() - Date.parse(current.requestedAt))) /
              1000,
          );
          throw new DomainError(
            'rate_limited',
            `Please wait ${wait} seconds before requesting another OTP.`,
          );
        }
        return {
          type: 'InstagramVerificationRequested',
          data: {
            ...command.data,
            profileUrl,
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
        if (current.failedAttempts >= INSTAGRAM_MAX_ATTEMPTS) {
          throw new DomainError('rate_limited', ACCOUNT_MESSAGES.tooManyOtpAttempts);
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
        };
      }
      case 'InstagramOtpSent':
        return current ? { ...state, current: { ...current, status: 'send' } } : state;
      case 'InstagramVerificationAttemptFailed':
        return current
          ? { ...state, current: { ...current, failedAttempts: event.data.failedAttempts } }
          : state;
      case 'InstagramAccountVerified':
        return {
          current: current ? { ...current, status: 'verified' } : current,
          verifiedHandles: [...state.verifiedHandles, normalizeHandle(event.data.profileName)],
        };
      case 'InstagramVerificationExpired':
        return current ? { ...state, current: { ...current, status: 'expired' } } : state;
    }
  },
};
