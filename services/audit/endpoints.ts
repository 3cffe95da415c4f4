import { z } from 'zod';
import {
  asOfQuery,
  replayCheckRequest,
  VERIFICATION_CHANNELS,
  type ReadModelView,
} from '@linkcoin/domain/audit/contracts.ts';
import { LEDGER_COLUMNS } from '@linkcoin/domain/audit/ledger.ts';
import { VERIFICATION_COLUMNS } from '@linkcoin/domain/audit/verification-history.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { listQuery, parseListRequest, sendList } from '../platform/http/simple-rest.ts';
import { parse, parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import { csvName, sendCsv } from './csv.ts';
import type { AuditHistory } from './history.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { REPLAY_CHECK_MESSAGES, type ReplayChecks } from './replay-check.ts';

const userParams = z.object({ id: idField('id') });
const checkParams = z.object({ id: z.uuid('There is no such replay check.') });
/** The ledger is the stream as it is: no filter, ordered by revision (or time, the same). */
const ledgerFilter = z.object({}).strict();
const LEDGER_SORTS = ['revision', 'at', 'position'];
const verificationFilter = z
  .object({ channel: z.enum(VERIFICATION_CHANNELS, 'Choose Instagram or YouTube.').optional() })
  .strict();

/** Auditors read everything and change nothing; admins see it too; brands and creators nothing. */
const AUDIT = signedIn('admin', 'auditor');

/**
 * The auditors' endpoints: a user's coin ledger and verification history read from the event
 * store (with CSV exports), the user's state as of an instant replayed from it, the replay
 * check of the read models, and the ledger invariants over the whole log.
 */
export const auditEndpoints = ({
  history,
  checks,
  eventStore,
  readStore,
  readModels,
  clock,
}: {
  history: AuditHistory;
  checks: ReplayChecks;
  eventStore: EventStore;
  readStore: ReadStore;
  readModels: readonly Projection[];
  clock: Clock;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/admin/audit/:id/ledger',
    summary: "A user's coin ledger: every event of their wallet stream, by page (console list)",
    access: AUDIT,
    input: { params: userParams, query: listQuery },
    handler: async (req, res) => {
      const { id } = parseParams(userParams, req);
      const list = parseListRequest(req);
      parse(ledgerFilter, list.filter);
      await history.requireAccount(id);
      const newestFirst =
        list.sort !== null && LEDGER_SORTS.includes(list.sort.field) && list.sort.direction === -1;
      const page = await history.ledgerPage(id, {
        skip: list.skip,
        limit: list.limit,
        order: newestFirst ? 'desc' : 'asc',
      });
      sendList(res, 'ledger', page.rows, list.skip, page.total);
    },
  },
  {
    method: 'get',
    path: '/admin/audit/:id/ledger.csv',
    summary: "A user's whole coin ledger as CSV, oldest first",
    access: AUDIT,
    input: { params: userParams },
    handler: async (req, res) => {
      const { id } = parseParams(userParams, req);
      await history.requireAccount(id);
      await sendCsv(
        res,
        csvName('ledger', id, clock.now()),
        LEDGER_COLUMNS,
        history.wholeLedger(id),
      );
    },
  },
  {
    method: 'get',
    path: '/admin/audit/:id/verifications',
    summary: "A user's verification history from their streams, by page (console list)",
    access: AUDIT,
    input: { params: userParams, query: listQuery },
    handler: async (req, res) => {
      const { id } = parseParams(userParams, req);
      const list = parseListRequest(req);
      const { channel } = parse(verificationFilter, list.filter);
      const lines = await history.verificationHistory(id, channel);
      const ordered = list.sort?.direction === -1 ? lines.reverse() : lines;
      sendList(
        res,
        'verifications',
        ordered.slice(list.skip, list.skip + list.limit),
        list.skip,
        lines.length,
      );
    },
  },
  {
    method: 'get',
    path: '/admin/audit/:id/verifications.csv',
    summary: "A user's whole verification history as CSV, oldest first (never a code)",
    access: AUDIT,
    input: { params: userParams },
    handler: async (req, res) => {
      const { id } = parseParams(userParams, req);
      const lines = await history.verificationHistory(id);
      await sendCsv(res, csvName('verifications', id, clock.now()), VERIFICATION_COLUMNS, lines);
    },
  },
  {
    method: 'get',
    path: '/admin/audit/:id/as-of',
    summary: "A user's wallet and verifications at an instant, replayed from their streams",
    access: AUDIT,
    input: { params: userParams, query: asOfQuery },
    handler: async (req, res) => {
      const { id } = parseParams(userParams, req);
      const { at } = parseQuery(asOfQuery, req);
      res.json(await history.asOf(id, new Date(at)));
    },
  },
  {
    method: 'get',
    path: '/admin/read-models',
    summary: 'The read models a replay check can rebuild, with where each stands in the log',
    access: AUDIT,
    input: { query: listQuery },
    handler: async (req, res) => {
      const list = parseListRequest(req);
      const rows: ReadModelView[] = await Promise.all(
        readModels.map(async (projection) => ({
          id: projection.name,
          version: projection.version,
          collections: projection.collections.map((collection) => collection.name),
          position: (await readStore.getCheckpoint(projection.name))?.position ?? null,
        })),
      );
      sendList(
        res,
        'read-models',
        rows.slice(list.skip, list.skip + list.limit),
        list.skip,
        rows.length,
      );
    },
  },
  {
    method: 'get',
    path: '/admin/replay-checks',
    summary: 'Replay checks taken by this server, newest first (console list)',
    access: AUDIT,
    input: { query: listQuery },
    handler: async (req, res) => {
      const list = parseListRequest(req);
      const all = checks.list();
      sendList(
        res,
        'replay-checks',
        all.slice(list.skip, list.skip + list.limit),
        list.skip,
        all.length,
      );
    },
  },
  {
    method: 'post',
    path: '/admin/replay-checks',
    summary: 'Start a replay check: rebuild read models from the log and compare (a job)',
    access: AUDIT,
    input: { body: replayCheckRequest },
    handler: async (req, res) => {
      const { readModels: names } = parseBody(replayCheckRequest, req);
      const job = checks.start(names, callerOf(req).userId);
      res.status(202).location(`/api/admin/replay-checks/${job.id}`).json(job);
    },
  },
  {
    method: 'get',
    path: '/admin/replay-checks/:id',
    summary: "A replay check's progress and, once done, its differences (the console polls it)",
    access: AUDIT,
    input: { params: checkParams },
    handler: async (req, res) => {
      const { id } = parseParams(checkParams, req);
      const job = checks.get(id);
      if (!job) throw new DomainError('not_found', REPLAY_CHECK_MESSAGES.notFound);
      res.setHeader('Cache-Control', 'no-store');
      res.json(job);
    },
  },
  {
    method: 'get',
    path: '/admin/ledger-invariants',
    summary: 'Check the ledger invariants over the whole log; the report names offending events',
    access: AUDIT,
    input: {},
    handler: async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await checkLedgerInvariants(eventStore, () => clock.now()));
    },
  },
];
