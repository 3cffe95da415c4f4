import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import {
  MAX_REPORTED_DIFFERENCES,
  type ReplayCheckView,
  type ReplayDifference,
} from '@linkcoin/domain/audit/contracts.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadCollection, ReadStore, ScannedDocument } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';

export const REPLAY_CHECK_MESSAGES = {
  unknownReadModel: (names: readonly string[]) =>
    `There is no read model called ${names.join(', ')}.`,
  tooMany: 'Too many replay checks are waiting. Try again when one has finished.',
  notFound: 'No such replay check',
} as const;

/** Log events read per page, and documents compared per page. */
const LOG_PAGE = 1000;
const SCAN_PAGE = 500;
/** Rounds that follow a live read model that moved on while it was compared. */
const SETTLE_ROUNDS = 3;
/** Jobs waiting or running at once, and finished ones kept for the console. */
const MAX_WAITING = 3;
const KEPT = 20;

/** Field names whose values a report never shows: codes, hashes, tokens, passwords. */
const SECRET_FIELD = /code|otp|hash|password|secret|token|sealed/i;
const MAX_SHOWN_TEXT = 200;

export type ReplayProgress = Readonly<{
  phase: 'replaying' | 'comparing' | 'settling';
  eventsRead: number;
  position: number | null;
  target: number | null;
  documentsCompared: number;
  percent: number;
}>;

export type ReplayOutcome = Readonly<{
  differenceCount: number;
  differences: ReplayDifference[];
  eventsRead: number;
  documentsCompared: number;
  target: number | null;
}>;

export type ReplayCheckDeps = Readonly<{
  eventStore: EventStore;
  /** The live read store, compared with the rebuild. */
  readStore: ReadStore;
  /** Where the scratch store's file goes (a fresh directory inside it, removed afterwards). */
  scratchDirectory?: string;
  /** Log events read per page (1000). */
  pageSize?: number;
}>;

// Comparing documents ------------------------------------------------------------------------

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths where two documents differ (objects compared field by field). */
export const differingFields = (live: unknown, rebuilt: unknown, prefix = ''): string[] => {
  if (isPlainObject(live) && isPlainObject(rebuilt)) {
    const keys = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
    return keys.flatMap((key) =>
      differingFields(live[key], rebuilt[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  return isDeepStrictEqual(live, rebuilt) ? [] : [prefix || '(document)'];
};

const shown = (value: unknown): unknown => {
  if (typeof value === 'string' && value.length > MAX_SHOWN_TEXT) {
    return `${value.slice(0, MAX_SHOWN_TEXT)}…`;
  }
  if (Array.isArray(value)) return value.slice(0, 20).map(shown);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELD.test(key) ? '[hidden]' : shown(inner),
      ]),
    );
  }
  return value;
};

const valueAt = (document: unknown, path: string): unknown =>
  path === '(document)'
    ? document
    : path
        .split('.')
        .reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), document);

/** The values of the differing fields, secrets hidden, long text cut. */
const valuesOf = (document: object, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(
    fields.map((field) => [
      field,
      field.split('.').some((key) => SECRET_FIELD.test(key))
        ? '[hidden]'
        : shown(valueAt(document, field)),
    ]),
  );

export const describeDifference = (
  readModel: string,
  collection: string,
  id: string,
  live: object | null,
  rebuilt: object | null,
): ReplayDifference | null => {
  if (live && rebuilt) {
    const fields = differingFields(live, rebuilt);
    if (fields.length === 0) return null;
    return {
      readModel,
      collection,
      id,
      kind: 'different',
      fields,
      live: valuesOf(live, fields),
      rebuilt: valuesOf(rebuilt, fields),
    };
  }
  if (!live && !rebuilt) return null;
  return {
    readModel,
    collection,
    id,
    kind: live ? 'extra' : 'missing',
    fields: [],
    live: live ? (shown(live) as Record<string, unknown>) : null,
    rebuilt: rebuilt ? (shown(rebuilt) as Record<string, unknown>) : null,
  };
};

/** Ids in the stores' order: the bytes of their UTF-8 (SQLite's BINARY, MongoDB's). */
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Reads a collection in id order, a page at a time. */
const cursorOver = <T extends object>(collection: ReadCollection<T>) => {
  let page: ScannedDocument<T>[] = [];
  let index = 0;
  let after: string | null = null;
  let exhausted = false;
  return {
    async peek(): Promise<ScannedDocument<T> | null> {
      if (index < page.length) return page[index]!;
      if (exhausted) return null;
      page = await collection.scan(after, SCAN_PAGE);
      index = 0;
      if (page.length < SCAN_PAGE) exhausted = true;
      if (page.length > 0) after = page.at(-1)!.id;
      return page[0] ?? null;
    },
    advance() {
      index += 1;
    },
  };
};

// The check ---------------------------------------------------------------------------------

type Difference = ReplayDifference;

/**
 * Rebuilds read models from the log into a scratch SQLite read store and compares them with the
 * live ones, document by document.
 *
 * Each read model is rebuilt up to the position its live checkpoint stood at when the check
 * began, so both sides have seen the same events. A live read model keeps following the log
 * while it is compared: a document that differs is compared again after the scratch store has
 * caught up with the live checkpoint (up to three rounds), so what is reported differs for good.
 */
export const runReplayCheck = async (
  deps: ReplayCheckDeps,
  projections: readonly Projection[],
  onProgress: (progress: ReplayProgress) => void = () => undefined,
): Promise<ReplayOutcome> => {
  const { eventStore, readStore } = deps;
  const directory = await mkdtemp(join(deps.scratchDirectory ?? tmpdir(), 'linkcoin-replay-'));
  const scratch = new SqliteReadStore({ path: join(directory, 'readmodels.db') });
  let eventsRead = 0;
  let documentsCompared = 0;
  let position: number | null = null;
  try {
    const checkpointOf = async (projection: Projection) =>
      (await readStore.getCheckpoint(projection.name))?.position ?? null;
    const targets = new Map<string, number | null>();
    for (const projection of projections) {
      targets.set(projection.name, await checkpointOf(projection));
      await scratch.ensureCollections(projection.collections);
    }
    const highest = (positions: Iterable<number | null>) =>
      Math.max(0, ...[...positions].map((p) => p ?? 0));
    const target = highest(targets.values());
    const report = (phase: ReplayProgress['phase']) =>
      onProgress({
        phase,
        eventsRead,
        position,
        target,
        documentsCompared,
        percent:
          phase === 'replaying'
            ? Math.floor((target === 0 ? 1 : (position ?? 0) / target) * 90)
            : 90 + (phase === 'settling' ? 9 : 5),
      });

    /** Applies to the scratch store the events after `from` up to `to` of each read model. */
    const replay = async (
      from: ReadonlyMap<string, number | null>,
      to: ReadonlyMap<string, number | null>,
      progressPhase: 'replaying' | 'settling',
    ) => {
      // A read model that has seen nothing yet starts before the log's first position.
      const lowest = (name: string) => from.get(name) ?? Number.NEGATIVE_INFINITY;
      const start = Math.min(...projections.map((p) => lowest(p.name)));
      const end = highest(to.values());
      const types = new Map(projections.map((p) => [p.name, new Set(p.eventTypes)]));
      for (let after: number | null = Number.isFinite(start) ? start : null; ;) {
        const page = await eventStore.readAll({ after, maxCount: deps.pageSize ?? LOG_PAGE });
        const events = page.events.filter((event) => event.position <= end);
        await Promise.all(
          projections.map((projection) => {
            const lower = lowest(projection.name);
            const upper = to.get(projection.name) ?? Number.NEGATIVE_INFINITY;
            const wanted = types.get(projection.name)!;
            const mine = events.filter(
              (event: RecordedEvent) =>
                event.position > lower && event.position <= upper && wanted.has(event.type),
            );
            return mine.length === 0
              ? undefined
              : scratch.applyBatch(projection.name, projection.version, mine, projection.apply);
          }),
        );
        eventsRead += events.length;
        position = events.at(-1)?.position ?? position;
        report(progressPhase);
        if (page.isEnd || events.length < page.events.length) return;
        after = page.lastPosition;
      }
    };

    const nobody = new Map(projections.map((p) => [p.name, null] as const));
    await replay(nobody, targets, 'replaying');

    const differences: Difference[] = [];
    report('comparing');
    for (const projection of projections) {
      for (const { name } of projection.collections) {
        const live = cursorOver(readStore.collection<object>(name));
        const rebuilt = cursorOver(scratch.collection<object>(name));
        for (;;) {
          const [a, b] = [await live.peek(), await rebuilt.peek()];
          if (!a && !b) break;
          const id = !a ? b!.id : !b ? a.id : byteOrder(a.id, b.id) <= 0 ? a.id : b.id;
          const liveDoc = a?.id === id ? a.document : null;
          const rebuiltDoc = b?.id === id ? b.document : null;
          if (liveDoc) live.advance();
          if (rebuiltDoc) rebuilt.advance();
          const difference = describeDifference(projection.name, name, id, liveDoc, rebuiltDoc);
          if (difference) differences.push(difference);
          documentsCompared += 1;
          if (documentsCompared % SCAN_PAGE === 0) report('comparing');
        }
      }
    }

    // Settling: the live side may have moved on while it was compared.
    let remaining = differences;
    let reached = targets;
    for (let round = 0; round < SETTLE_ROUNDS && remaining.length > 0; round++) {
      const moved = new Map<string, number | null>();
      for (const projection of projections)
        moved.set(projection.name, await checkpointOf(projection));
      if (projections.every((p) => moved.get(p.name) === reached.get(p.name))) break;
      report('settling');
      await replay(reached, moved, 'settling');
      reached = moved;
      const again: Difference[] = [];
      for (const difference of remaining) {
        const [live, rebuilt] = await Promise.all([
          readStore.collection<object>(difference.collection).get(difference.id),
          scratch.collection<object>(difference.collection).get(difference.id),
        ]);
        const still = describeDifference(
          difference.readModel,
          difference.collection,
          difference.id,
          live,
          rebuilt,
        );
        if (still) again.push(still);
      }
      remaining = again;
    }
    return {
      differenceCount: remaining.length,
      differences: remaining.slice(0, MAX_REPORTED_DIFFERENCES),
      eventsRead,
      documentsCompared,
      target,
    };
  } finally {
    await scratch.close();
    await rm(directory, { recursive: true, force: true });
  }
};

// The jobs ----------------------------------------------------------------------------------

export type ReplayChecks = ReturnType<typeof replayChecks>;

/**
 * Replay checks as jobs the console polls: one runs at a time in this process, a few may wait,
 * the last ones finished are kept. Jobs live in the memory of the API process that took them
 * (the check reads the log and writes only its scratch store, so there is nothing to persist).
 */
export const replayChecks = (
  deps: ReplayCheckDeps & {
    readModels: readonly Projection[];
    logger: Logger;
    now: () => Date;
  },
) => {
  const jobs = new Map<string, ReplayCheckView>();
  let chain: Promise<void> = Promise.resolve();

  const update = (id: string, change: Partial<ReplayCheckView>) => {
    const job = jobs.get(id);
    if (job) jobs.set(id, { ...job, ...change });
  };

  const forget = () => {
    const finished = [...jobs.values()]
      .filter((job) => job.status === 'done' || job.status === 'failed')
      .sort((a, b) => (a.requestedAt < b.requestedAt ? 1 : -1));
    for (const job of finished.slice(KEPT)) jobs.delete(job.id);
  };

  const run = async (id: string, projections: readonly Projection[]) => {
    update(id, { status: 'running', phase: 'replaying', startedAt: deps.now().toISOString() });
    try {
      const outcome = await runReplayCheck(deps, projections, (progress) =>
        update(id, {
          phase: progress.phase,
          progress: {
            eventsRead: progress.eventsRead,
            position: progress.position,
            target: progress.target,
            documentsCompared: progress.documentsCompared,
            percent: progress.percent,
          },
        }),
      );
      const job = jobs.get(id);
      update(id, {
        status: 'done',
        phase: 'finished',
        finishedAt: deps.now().toISOString(),
        differenceCount: outcome.differenceCount,
        differences: outcome.differences,
        progress: {
          eventsRead: outcome.eventsRead,
          position: job?.progress.position ?? null,
          target: outcome.target,
          documentsCompared: outcome.documentsCompared,
          percent: 100,
        },
      });
      deps.logger.info(
        { replayCheck: id, differences: outcome.differenceCount, events: outcome.eventsRead },
        'replay check finished',
      );
    } catch (error) {
      deps.logger.error({ replayCheck: id, err: error }, 'replay check failed');
      update(id, {
        status: 'failed',
        phase: 'finished',
        finishedAt: deps.now().toISOString(),
        error: 'The replay check could not finish; the logs say why.',
      });
    } finally {
      forget();
    }
  };

  const start = (names: readonly string[] | undefined, requestedBy: string): ReplayCheckView => {
    const wanted = names && names.length > 0 ? [...new Set(names)] : null;
    const unknown = (wanted ?? []).filter(
      (name) => !deps.readModels.some((projection) => projection.name === name),
    );
    if (unknown.length > 0) {
      throw new DomainError('validation', REPLAY_CHECK_MESSAGES.unknownReadModel(unknown));
    }
    const waiting = [...jobs.values()].filter(
      (job) => job.status === 'queued' || job.status === 'running',
    );
    if (waiting.length >= MAX_WAITING) {
      throw new DomainError('rate_limited', REPLAY_CHECK_MESSAGES.tooMany);
    }
    const projections = deps.readModels.filter((p) => !wanted || wanted.includes(p.name));
    const job: ReplayCheckView = {
      id: randomUUID(),
      status: 'queued',
      phase: 'queued',
      readModels: projections.map((projection) => projection.name),
      requestedBy,
      requestedAt: deps.now().toISOString(),
      startedAt: null,
      finishedAt: null,
      progress: { eventsRead: 0, position: null, target: null, documentsCompared: 0, percent: 0 },
      differenceCount: 0,
      differences: [],
      error: null,
    };
    jobs.set(job.id, job);
    chain = chain.then(() => run(job.id, projections));
    return job;
  };

  return {
    start,
    get: (id: string): ReplayCheckView | null => jobs.get(id) ?? null,
    list: (): ReplayCheckView[] =>
      [...jobs.values()].sort((a, b) => (a.requestedAt < b.requestedAt ? 1 : -1)),
    /** Resolves once every job taken so far has finished (tests, shutdown). */
    settled: (): Promise<void> => chain,
  };
};
