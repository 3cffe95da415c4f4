import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import { accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { asEventList } from '@linkcoin/domain/shared/decider.ts';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import {
  walletDecider,
  walletStreamId,
  type WalletCommand,
  type WalletState,
} from '@linkcoin/domain/wallet/wallet.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { silentLogger } from '@linkcoin/infra/shared/logger.ts';
import { auditHistory } from '../../audit/history.ts';
import { runReplayCheck } from '../../audit/replay-check.ts';
import { PROJECTIONS } from '../../runtime/composition.ts';
import { bestOfAlternating, perSecond, type Measure } from '../measure.ts';
import { RawEvents, withTempDir } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

/** The audited brand's ledger, and the rest of the log the replay check goes over. */
const LEDGER_EVENTS = 10_000;
const OTHER_USERS = 400;
const EVENTS_PER_OTHER = 25;
const CREATORS = 50;
const START = Date.parse('2026-01-01T00:00:00.000Z');

type Pending = { streamId: string; type: string; data: object; metadata: EventMetadata };

/**
 * A user's wallet events as the wallet decider itself makes them (so every balance after is
 * right and the replay check's read models are what the product would build): a grant whenever
 * the balance runs low, then a creator added, renewed and removed in turn.
 */
export function* walletHistory(userId: string, count: number, clock: { ms: number }) {
  let state: WalletState = walletDecider.initialState();
  let made = 0;
  let grants = 0;
  let creator = 0;
  while (made < count) {
    const now = new Date((clock.ms += 60_000));
    const meta = { now, actorUserId: userId, correlationId: `bench-${made}`, causationId: null };
    const target = `creator-${creator % CREATORS}`;
    const listed = state.listed[target] !== undefined;
    const command: WalletCommand =
      !listed && state.balance < 2
        ? {
            type: 'GrantCoins',
            data: {
              userId,
              grantId: `g-${userId}-${grants++}`,
              coins: 1000,
              by: 'admin-1',
              reason: 'Bench coins',
            },
            metadata: { ...meta, actorUserId: 'admin-1' },
          }
        : !listed
          ? {
              type: 'OpenConnection',
              data: {
                userId,
                connectionId: `c-${userId}-${made}`,
                targetUserId: target,
                targetIsCreator: true,
              },
              metadata: meta,
            }
          : made % 3 === 0 || state.balance < 1
            ? { type: 'RemoveConnection', data: { userId, targetUserId: target }, metadata: meta }
            : { type: 'RenewConnection', data: { userId, targetUserId: target }, metadata: meta };
    if (command.type === 'RemoveConnection') creator += 1;
    for (const event of asEventList(walletDecider.decide(command, state))) {
      state = walletDecider.evolve(state, event);
      made += 1;
      yield {
        streamId: walletStreamId(userId),
        type: event.type,
        data: event.data,
        metadata: {
          actorUserId: meta.actorUserId,
          correlationId: meta.correlationId,
          causationId: null,
          schemaVersion: 1,
          timestamp: now.toISOString(),
        },
      } satisfies Pending;
    }
  }
}

export const account = (
  userId: string,
  role: 'user' | 'influencer',
  clock: { ms: number },
): Pending => {
  const at = new Date((clock.ms += 1000)).toISOString();
  const data: AccountRegistered['data'] = {
    userId,
    email: `${userId}@bench.example`,
    ownerName: `Bench ${userId}`,
    role,
    mobile: '9999999999',
    passwordHash: null,
    googleSub: null,
    emailProof: 'operator',
    registeredAt: at,
  };
  return {
    streamId: accountStreamId(userId),
    type: 'AccountRegistered',
    data,
    metadata: {
      actorUserId: null,
      correlationId: 'bench',
      causationId: null,
      schemaVersion: 1,
      timestamp: at,
    },
  };
};

/** Appends events grouped by stream, in batches of at most 100, in the order given. */
export const appendAll = async (store: SqliteEventStore, events: Iterable<Pending>) => {
  let batch: Pending[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await store.append(
      batch[0]!.streamId,
      batch.map(({ type, data, metadata }) => ({ type, data, metadata })),
      { expectedRevision: 'any' },
    );
    batch = [];
  };
  for (const event of events) {
    if (batch.length > 0 && (batch[0]!.streamId !== event.streamId || batch.length === 100)) {
      await flush();
    }
    batch.push(event);
  }
  await flush();
};

/**
 * The auditors' reads (issue 11): a brand's whole coin ledger of 10,000 wallet events read from
 * its stream and turned into ledger lines, the same stream replayed "as of" its last instant,
 * both beside a raw node:sqlite SELECT of that stream; and the replay check (every product read
 * model rebuilt into a scratch store and compared document by document with the live one) over
 * the whole log, beside a raw SELECT of that log.
 */
export const audit: Measure = {
  name: 'Audit replays',
  run: ({ progress }) =>
    withTempDir(async (dir) => {
      const path = join(dir, 'events.db');
      const store = new SqliteEventStore({ path, synchronous: 'NORMAL' });
      const live = new SqliteReadStore({ path: join(dir, 'readmodels.db') });
      const raw = await RawEvents.open(path, 'NORMAL').catch(async (error: unknown) => {
        await Promise.all([store.close(), live.close()]);
        throw error;
      });
      try {
        const total = LEDGER_EVENTS + OTHER_USERS * (EVENTS_PER_OTHER + 1) + CREATORS + 1;
        progress(
          `audit: writing a ledger of ${LEDGER_EVENTS.toLocaleString('en-US')} events and a log of ${total.toLocaleString('en-US')}`,
        );
        const clock = { ms: START };
        await appendAll(store, [
          ...Array.from({ length: CREATORS }, (_, i) =>
            account(`creator-${i}`, 'influencer', clock),
          ),
          account('brand-audited', 'user', clock),
        ]);
        await appendAll(store, walletHistory('brand-audited', LEDGER_EVENTS, clock));
        for (let user = 0; user < OTHER_USERS; user++) {
          await appendAll(store, [
            account(`brand-${user}`, 'user', clock),
            ...walletHistory(`brand-${user}`, EVENTS_PER_OTHER, clock),
          ]);
        }
        const head = (await store.headPosition()) ?? 0;

        // The live read models, as the projector leaves them (not timed).
        progress('audit: projecting the live read models');
        const runner = new ProjectionRunner({
          eventStore: store,
          readStore: live,
          projections: PROJECTIONS,
          logger: silentLogger,
        });
        await runner.start();
        const caughtUp = await runner.waitFor(head, 10 * 60 * 1000);
        await runner.stop();
        if (!caughtUp) throw new Error('the live read models did not reach the head of the log');

        const history = auditHistory({ eventStore: store });
        const stream = walletStreamId('brand-audited');
        const rawStream = () => {
          const started = performance.now();
          let seen = 0;
          for (let from = 0; ; from += 1000) {
            const count = raw.readStream(stream, from, 1000);
            seen += count;
            if (count < 1000) break;
          }
          if (seen !== LEDGER_EVENTS) throw new Error(`raw read ${seen} of ${LEDGER_EVENTS}`);
          return Promise.resolve(perSecond(seen, performance.now() - started));
        };
        const ledger = async () => {
          const started = performance.now();
          let lines = 0;
          let balance = 0;
          for await (const line of history.wholeLedger('brand-audited')) {
            lines += 1;
            balance = line.balanceAfter;
          }
          if (lines !== LEDGER_EVENTS) throw new Error(`the ledger had ${lines} lines`);
          if (balance < 0) throw new Error('a negative balance');
          return perSecond(lines, performance.now() - started);
        };
        const asOf = async () => {
          const started = performance.now();
          const answer = await history.asOf('brand-audited', new Date(clock.ms));
          if (answer.wallet.events !== LEDGER_EVENTS) {
            throw new Error(`as-of replayed ${answer.wallet.events} events`);
          }
          return perSecond(answer.wallet.events, performance.now() - started);
        };
        progress('audit: reading the ledger');
        const ledgerRate = await bestOfAlternating(3, rawStream, ledger);
        progress('audit: replaying as of an instant');
        const asOfRate = await bestOfAlternating(3, rawStream, asOf);

        const rawLog = async () => {
          const started = performance.now();
          let seen = 0;
          for (let after = 0; ;) {
            const page = raw.readAfter(after, 1000);
            seen += page.count;
            after = page.last;
            await new Promise((resolve) => setImmediate(resolve));
            if (page.count < 1000) break;
          }
          if (seen !== head) throw new Error(`raw log read ${seen} of ${head}`);
          return perSecond(seen, performance.now() - started);
        };
        let compared = 0;
        const check = async () => {
          const started = performance.now();
          const outcome = await runReplayCheck(
            { eventStore: store, readStore: live, scratchDirectory: dir },
            PROJECTIONS,
          );
          if (outcome.differenceCount !== 0) {
            throw new Error(
              `the replay check found ${outcome.differenceCount} differences: ${JSON.stringify(outcome.differences.slice(0, 3))}`,
            );
          }
          compared = outcome.documentsCompared;
          return perSecond(outcome.eventsRead, performance.now() - started);
        };
        /** What `make rebuild` does: every read model replayed into a fresh store, no compare. */
        let rebuilds = 0;
        const rebuild = async () => {
          const file = join(dir, `rebuild-${rebuilds++}.db`);
          const scratch = new SqliteReadStore({ path: file });
          try {
            const started = performance.now();
            const rebuilding = new ProjectionRunner({
              eventStore: store,
              readStore: scratch,
              projections: PROJECTIONS,
              logger: silentLogger,
            });
            await rebuilding.start();
            const done = await rebuilding.waitFor(head, 10 * 60 * 1000);
            await rebuilding.stop();
            if (!done) throw new Error('the rebuild did not reach the head of the log');
            return perSecond(head, performance.now() - started);
          } finally {
            await scratch.close();
            await rm(file, { force: true });
          }
        };
        progress('audit: replay check over the whole log');
        const checkRate = await bestOfAlternating(2, rawLog, check);
        progress('audit: the same read models rebuilt, for comparison');
        const rebuildRate = await bestOfAlternating(2, rebuild, check);

        const ledgerNote = `one wallet stream of ${LEDGER_EVENTS.toLocaleString('en-US')} events`;
        return [
          {
            measure: 'Audit ledger of one user (10,000 events read, ledger lines built)',
            value: ledgerRate.value,
            unit: 'events/s',
            baseline: ledgerRate.baseline,
            baselineIs:
              'audit ledger: raw node:sqlite SELECT of the same wallet stream in pages of 1000, each row JSON.parse-d',
            better: 'higher',
            target: 0.3,
            note: ledgerNote,
          },
          {
            measure: 'Audit "as of" replay of one user (10,000 wallet events folded)',
            value: asOfRate.value,
            unit: 'events/s',
            baseline: asOfRate.baseline,
            baselineIs: 'audit as-of: the same raw SELECT of that wallet stream',
            better: 'higher',
            target: 0.3,
            note: `${ledgerNote}, plus the user's account and verification streams`,
          },
          {
            measure: 'Replay check over the whole log (rebuild into scratch + compare)',
            value: checkRate.value,
            unit: 'events/s',
            baseline: checkRate.baseline,
            baselineIs:
              'replay check: raw node:sqlite SELECT of the same whole log in pages of 1000, JSON.parse-d',
            better: 'higher',
            target: 0.02,
            note: `${head.toLocaleString('en-US')} events, ${PROJECTIONS.length} read models, ${compared.toLocaleString('en-US')} documents compared`,
          },
          {
            measure: 'Replay check beside a plain rebuild of the same read models',
            value: Math.max(checkRate.value, rebuildRate.value),
            unit: 'events/s',
            baseline: rebuildRate.baseline,
            baselineIs:
              'replay check vs rebuild: the projector replaying the same read models into a fresh SQLite store (make rebuild), no compare',
            better: 'higher',
            target: 0.5,
            note: 'the cost of comparing every document on top of the rebuild itself',
          },
        ] satisfies Row[];
      } finally {
        raw.close();
        await live.close();
        await store.close();
      }
    }),
};
