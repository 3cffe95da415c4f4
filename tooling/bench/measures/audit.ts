import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import { accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { asEventList } from '@linkcoin/domain/shared/decider.ts';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import {
  listedConnectionId,
  walletDecider,
  walletStreamId,
  type WalletCommand,
  type WalletState,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { silentLogger } from '@linkcoin/infra/shared/logger.ts';
import { PROJECTIONS } from '@linkcoin/services/runtime/composition.ts';
import { adminEnv, loginAdmin } from '@linkcoin/services/testing/accounts.ts';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { bestOfAlternating, perSecond, type Measure } from '../measure.ts';
import { RawEvents } from '../raw-sqlite.ts';
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
    const listed = listedConnectionId(state, target) !== null;
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
export const appendAll = async (store: EventStore, events: Iterable<Pending>) => {
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
 * The auditors' reads (issue 11), through the real runtime's HTTP API (api and projector roles,
 * no process managers, so the log stays as written): a brand's whole coin ledger of 10,000
 * wallet events exported as CSV, and the same brand "as of" its last instant, each beside a raw
 * node:sqlite SELECT of that stream from the runtime's own file; and the replay check (every
 * product read model rebuilt into a scratch store and compared document by document with the
 * live one, polled as the console does) over the whole log, beside a raw SELECT of the log and
 * beside a plain rebuild of the same read models.
 */
export const audit: Measure = {
  name: 'Audit replays',
  run: async ({ progress }) => {
    const server = await startTestServer({ roles: ['api', 'projector'], env: adminEnv });
    let raw: RawEvents | null = null;
    try {
      const store = server.runtime.platform.eventStore;
      const total = LEDGER_EVENTS + OTHER_USERS * (EVENTS_PER_OTHER + 1) + CREATORS + 1;
      progress(
        `audit: writing a ledger of ${LEDGER_EVENTS.toLocaleString('en-US')} events in a log of ${total.toLocaleString('en-US')}`,
      );
      const clock = { ms: START };
      await appendAll(store, [
        ...Array.from({ length: CREATORS }, (_, i) => account(`creator-${i}`, 'influencer', clock)),
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
      progress('audit: the live read models catching up');
      const caughtUp = await server.runtime.platform.progress.waitFor(head, 10 * 60 * 1000);
      if (!caughtUp) throw new Error('the live read models did not reach the head of the log');
      const admin = await loginAdmin(server);
      const get = async (path: string) => {
        const res = await fetch(`${server.url}/api${path}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
        return res;
      };
      raw = await RawEvents.open(join(server.dataDir, 'eventstore.db'), 'NORMAL');
      const rawEvents = raw;

      const stream = walletStreamId('brand-audited');
      const rawStream = () => {
        const started = performance.now();
        let seen = 0;
        for (let from = 0; ; from += 1000) {
          const count = rawEvents.readStream(stream, from, 1000);
          seen += count;
          if (count < 1000) break;
        }
        if (seen !== LEDGER_EVENTS) throw new Error(`raw read ${seen} of ${LEDGER_EVENTS}`);
        return Promise.resolve(perSecond(seen, performance.now() - started));
      };
      const ledger = async () => {
        const started = performance.now();
        const csv = await (await get('/admin/audit/brand-audited/ledger.csv')).text();
        const lines = csv.trimEnd().split('\n').length - 1;
        if (lines !== LEDGER_EVENTS) throw new Error(`the ledger had ${lines} lines`);
        return perSecond(lines, performance.now() - started);
      };
      /** The console's way: the list endpoint, page after page of the largest size. */
      const ledgerPages = async () => {
        const started = performance.now();
        let lines = 0;
        for (let from = 0; from < LEDGER_EVENTS; from += 100) {
          const page = (await (
            await get(
              `/admin/audit/brand-audited/ledger?range=${encodeURIComponent(`[${from},${from + 99}]`)}`,
            )
          ).json()) as unknown[];
          lines += page.length;
        }
        if (lines !== LEDGER_EVENTS) throw new Error(`the ledger pages held ${lines} lines`);
        return perSecond(lines, performance.now() - started);
      };
      const at = new Date(clock.ms).toISOString();
      const asOf = async () => {
        const started = performance.now();
        const answer = (await (
          await get(`/admin/audit/brand-audited/as-of?at=${encodeURIComponent(at)}`)
        ).json()) as { wallet: { events: number } };
        if (answer.wallet.events !== LEDGER_EVENTS) {
          throw new Error(`as-of replayed ${answer.wallet.events} events`);
        }
        return perSecond(answer.wallet.events, performance.now() - started);
      };
      progress('audit: the ledger, page by page');
      const pagesRate = await bestOfAlternating(3, rawStream, ledgerPages);
      progress('audit: the ledger as CSV');
      const ledgerRate = await bestOfAlternating(3, rawStream, ledger);
      progress('audit: "as of" an instant');
      const asOfRate = await bestOfAlternating(3, rawStream, asOf);

      const rawLog = async () => {
        const started = performance.now();
        let seen = 0;
        for (let after = 0; ;) {
          const page = rawEvents.readAfter(after, 1000);
          seen += page.count;
          after = page.last;
          await new Promise((done) => setImmediate(done));
          if (page.count < 1000) break;
        }
        if (seen !== head) throw new Error(`raw log read ${seen} of ${head}`);
        return perSecond(seen, performance.now() - started);
      };
      let compared = 0;
      const check = async () => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/admin/replay-checks`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        if (res.status !== 202) throw new Error(`POST replay-checks: ${res.status}`);
        const { id } = (await res.json()) as { id: string };
        for (;;) {
          await new Promise((done) => setTimeout(done, 25));
          const job = (await (await get(`/admin/replay-checks/${id}`)).json()) as {
            status: string;
            differenceCount: number;
            progress: { eventsRead: number; documentsCompared: number };
            error: string | null;
          };
          if (job.status === 'failed') throw new Error(`the replay check failed: ${job.error}`);
          if (job.status !== 'done') continue;
          if (job.differenceCount !== 0) {
            throw new Error(`the replay check found ${job.differenceCount} differences`);
          }
          compared = job.progress.documentsCompared;
          return perSecond(job.progress.eventsRead, performance.now() - started);
        }
      };
      /** What `make rebuild` does: every read model replayed into a fresh store, no compare. */
      let rebuilds = 0;
      const rebuild = async () => {
        const file = join(server.dataDir, `bench-rebuild-${rebuilds++}.db`);
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
      // Each round: the raw read, the replay check, the plain rebuild; the best of each kept.
      progress('audit: replay check over the whole log, beside a raw read and a rebuild');
      const best = { raw: 0, check: 0, rebuild: 0 };
      for (let round = 0; round < 2; round++) {
        best.raw = Math.max(best.raw, await rawLog());
        best.check = Math.max(best.check, await check());
        best.rebuild = Math.max(best.rebuild, await rebuild());
      }

      const ledgerNote = `one wallet stream of ${LEDGER_EVENTS.toLocaleString('en-US')} events`;
      return [
        {
          measure: 'Audit ledger of one user (GET …/ledger, 100 pages of 100)',
          value: pagesRate.value,
          unit: 'events/s',
          baseline: pagesRate.baseline,
          baselineIs:
            'audit ledger: raw node:sqlite SELECT of the same wallet stream in pages of 1000, each row JSON.parse-d',
          better: 'higher',
          note: `${ledgerNote}, read as the console lists it: 100 requests, each signed in, so the HTTP edge is most of it; reported, not judged`,
        },
        {
          measure: 'Audit ledger CSV of one user (GET …/ledger.csv, 10,000 events)',
          value: ledgerRate.value,
          unit: 'events/s',
          baseline: ledgerRate.baseline,
          baselineIs: 'audit ledger CSV: the same raw SELECT of that wallet stream',
          better: 'higher',
          target: 0.05,
          note: `${ledgerNote}, one download; csv-stringify's quoting and formula escaping of 19 columns is most of it`,
        },
        {
          measure: 'Audit "as of" replay of one user (GET …/as-of, 10,000 events)',
          value: asOfRate.value,
          unit: 'events/s',
          baseline: asOfRate.baseline,
          baselineIs: 'audit as-of: the same raw SELECT of that wallet stream',
          better: 'higher',
          target: 0.3,
          note: `${ledgerNote} and the user's account and verification streams, over HTTP`,
        },
        {
          measure: 'Replay check over the whole log (POST, polled to done)',
          value: best.check,
          unit: 'events/s',
          baseline: best.raw,
          baselineIs:
            'replay check: raw node:sqlite SELECT of the same whole log in pages of 1000, JSON.parse-d',
          better: 'higher',
          note: `${head.toLocaleString('en-US')} events, ${PROJECTIONS.length} read models, ${compared.toLocaleString('en-US')} documents compared; reported, not judged`,
        },
        {
          measure: 'Replay check beside a plain rebuild of the same read models',
          value: best.check,
          unit: 'events/s',
          baseline: best.rebuild,
          baselineIs:
            'replay check vs rebuild: the projector replaying the same read models into a fresh SQLite store (make rebuild), no compare',
          better: 'higher',
          target: 0.5,
          note: 'comparing every document costs at most as much again as the rebuild itself',
        },
      ] satisfies Row[];
    } finally {
      raw?.close();
      await server.stop();
    }
  },
};
