/**
 * The rules both read stores follow for checkpoints and leases, as pure functions (the adapters
 * apply them inside a transaction, or express them as a conditional write).
 */
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { StoredCheckpoint } from './port.ts';

/** Whether `stored` counts for a projection of `version` (another version starts from zero). */
const counts = (
  stored: StoredCheckpoint | null,
  version: number,
): stored is StoredCheckpoint & {
  position: number;
} => stored !== null && stored.version === version && stored.position !== null;

/**
 * The events of a batch still to apply: those after the stored checkpoint. Another runner of
 * the same projection (a second projector, or one that lost its lease while paused) may have
 * applied some already; applying them again would count them twice.
 */
export const eventsAfterCheckpoint = (
  stored: StoredCheckpoint | null,
  version: number,
  events: readonly RecordedEvent[],
): readonly RecordedEvent[] =>
  counts(stored, version) ? events.filter((event) => event.position > stored.position) : events;

/** Whether saving `position` moves the checkpoint forward: it never goes back. */
export const movesForward = (
  stored: StoredCheckpoint | null,
  version: number,
  position: number,
): boolean => !counts(stored, version) || position > stored.position;

export type Lease = Readonly<{ holder: string; expiresAt: number }>;

/**
 * A lease after `holder` asks for it at `now`: taken (or renewed) for `ttlMs` when it is free,
 * expired or already this holder's; null while another holder's has not expired.
 */
export const leaseFor = (
  current: Lease | null,
  holder: string,
  now: number,
  ttlMs: number,
): Lease | null =>
  current === null || current.holder === holder || current.expiresAt <= now
    ? { holder, expiresAt: now + ttlMs }
    : null;
