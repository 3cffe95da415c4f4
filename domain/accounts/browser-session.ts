/**
 * One browser's sign-in (docs/ARCHITECTURE.md, "Sessions in the browser"): the family of
 * rotating refresh secrets held in an HttpOnly cookie, one `browsersession-{sessionId}` stream
 * each. Only hashes of the secrets are recorded. Every refresh retires the secret it was given
 * and names a new one; a retired secret presented again means it was copied, and the whole
 * family ends (reuse detection). The secret retired last is still accepted for a few seconds
 * without rotating again, so two tabs of one browser refreshing at the same moment do not end
 * their own session.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';

export const browserSessionStreamId = (sessionId: string): string => `browsersession-${sessionId}`;

/** How long the secret retired last still answers (tabs racing to refresh). */
export const REFRESH_GRACE_MS = 20_000;

export type BrowserSessionEndReason = 'logout' | 'reuse_detected' | 'revoked';

export type BrowserSessionStarted = Event<
  'BrowserSessionStarted',
  {
    sessionId: string;
    userId: string;
    /** The account's token version at sign-in: a logout or a new password moves it on. */
    tokenVersion: number;
    secretHash: string;
    startedAt: string;
    expiresAt: string;
  }
>;
export type BrowserSessionRefreshed = Event<
  'BrowserSessionRefreshed',
  { sessionId: string; secretHash: string; previousHash: string; at: string }
>;
export type BrowserSessionEnded = Event<
  'BrowserSessionEnded',
  { sessionId: string; userId: string; reason: BrowserSessionEndReason; at: string }
>;
export type BrowserSessionEvent =
  BrowserSessionStarted | BrowserSessionRefreshed | BrowserSessionEnded;

export type StartBrowserSession = Command<
  'StartBrowserSession',
  Omit<BrowserSessionStarted['data'], 'startedAt'>
>;
export type RefreshBrowserSession = Command<
  'RefreshBrowserSession',
  { presentedHash: string; newHash: string }
>;
export type EndBrowserSession = Command<'EndBrowserSession', { reason: BrowserSessionEndReason }>;
export type BrowserSessionCommand = StartBrowserSession | RefreshBrowserSession | EndBrowserSession;

export type BrowserSessionState =
  | Readonly<{ status: 'none' }>
  | Readonly<{
      status: 'active' | 'ended';
      sessionId: string;
      userId: string;
      tokenVersion: number;
      currentHash: string;
      /** The secret retired last, and until when it still answers. */
      previousHash: string | null;
      previousUntil: string | null;
      /** Every secret retired before: presenting one ends the family. */
      retired: readonly string[];
      expiresAt: string;
      endedReason: BrowserSessionEndReason | null;
    }>;

const expired = (): never => {
  throw new DomainError('unauthorized', M.sessionExpired);
};

export const browserSessionDecider: Decider<
  BrowserSessionState,
  BrowserSessionCommand,
  BrowserSessionEvent
> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    const now = command.metadata.now;
    const at = now.toISOString();
    switch (command.type) {
      case 'StartBrowserSession':
        if (state.status !== 'none') throw new DomainError('conflict', M.sessionExpired);
        return { type: 'BrowserSessionStarted', data: { ...command.data, startedAt: at } };
      case 'RefreshBrowserSession': {
        if (state.status !== 'active') return expired();
        if (Date.parse(state.expiresAt) <= now.getTime()) return expired();
        const { presentedHash, newHash } = command.data;
        if (presentedHash === state.currentHash) {
          return {
            type: 'BrowserSessionRefreshed',
            data: {
              sessionId: state.sessionId,
              secretHash: newHash,
              previousHash: presentedHash,
              at,
            },
          };
        }
        // Another tab of the same browser rotated a moment ago: answer without rotating again.
        if (
          presentedHash === state.previousHash &&
          state.previousUntil !== null &&
          Date.parse(state.previousUntil) > now.getTime()
        ) {
          return [];
        }
        if (presentedHash === state.previousHash || state.retired.includes(presentedHash)) {
          // A secret used up before: someone holds a copy. The whole family ends.
          return {
            type: 'BrowserSessionEnded',
            data: {
              sessionId: state.sessionId,
              userId: state.userId,
              reason: 'reuse_detected',
              at,
            },
          };
        }
        return expired();
      }
      case 'EndBrowserSession':
        if (state.status !== 'active') return [];
        return {
          type: 'BrowserSessionEnded',
          data: {
            sessionId: state.sessionId,
            userId: state.userId,
            reason: command.data.reason,
            at,
          },
        };
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'BrowserSessionStarted':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          tokenVersion: event.data.tokenVersion,
          currentHash: event.data.secretHash,
          previousHash: null,
          previousUntil: null,
          retired: [],
          expiresAt: event.data.expiresAt,
          endedReason: null,
        };
      case 'BrowserSessionRefreshed':
        if (state.status === 'none') return state;
        return {
          ...state,
          currentHash: event.data.secretHash,
          previousHash: event.data.previousHash,
          previousUntil: new Date(Date.parse(event.data.at) + REFRESH_GRACE_MS).toISOString(),
          retired: state.previousHash ? [...state.retired, state.previousHash] : state.retired,
        };
      case 'BrowserSessionEnded':
        if (state.status === 'none') return state;
        return { ...state, status: 'ended', endedReason: event.data.reason };
    }
  },
};
