import { z } from 'zod';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { INSTAGRAM_OTP_STATUSES } from '@linkcoin/domain/verification/request-status.ts';
import type { Query, ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { signedIn, type Endpoint } from '../../platform/http/endpoint.ts';
import { commandMetadata } from '../../platform/http/metadata.ts';
import {
  findPage,
  listQuery,
  parseListRequest,
  sendList,
} from '../../platform/http/simple-rest.ts';
import { parse } from '../../platform/http/validate.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CodeVault } from './code-vault.ts';
import type { InstagramHandlers } from './handlers.ts';
import { otpRecordView, whereRecords, whereStatus } from './otp-record-view.ts';
import { OTP_RECORDS, type OtpRecordDoc } from './otp-records.ts';

const recordFilter = z.object({
  status: z.enum(INSTAGRAM_OTP_STATUSES).optional(),
  userId: z.string().max(64).optional(),
  profileName: z.string().max(100).optional(),
  q: z.string().max(100).optional(),
  id: z.union([z.string().max(64), z.array(z.string().max(64)).max(100)]).optional(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });

export type ConsoleOtpRecordDeps = Readonly<{
  readStore: ReadStore;
  instagram: InstagramHandlers;
  vault: CodeVault;
  clock: Clock;
}>;

/** The Instagram OTP dashboard's data (docs/product-spec.md section 2), for admins only: the codes are in it. */
export const consoleOtpRecordEndpoints = ({
  readStore,
  instagram,
  vault,
  clock,
}: ConsoleOtpRecordDeps): Endpoint[] => {
  const records = () => readStore.collection<OtpRecordDoc>(OTP_RECORDS);
  const one = async (id: string) => {
    const record = await records().get(id);
    if (!record) throw new DomainError('not_found', 'No OTP records found');
    return record;
  };
  return [
    {
      method: 'get',
      path: '/admin/otp-records',
      summary:
        'OTP records (console list): status, user id (exact or prefix) and profile name (a word ' +
        'prefix of the handle) filters, each on its own field, q on both; sorting, paging',
      access: signedIn('admin'),
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(recordFilter, list.filter);
        const now = clock.now();
        const query: Omit<Query, 'sort' | 'skip' | 'limit'> = {
          where: {
            ...whereRecords(filter, now),
            ...(filter.id ? { id: Array.isArray(filter.id) ? { $in: filter.id } : filter.id } : {}),
          },
          // react-admin's free search: words of the handle or of the user id.
          ...(filter.q?.trim() ? { text: filter.q } : {}),
        };
        const { rows, total } = await findPage(
          records(),
          query,
          list,
          ['createdAt', 'status', 'profileName', 'userId'],
          ['createdAt', -1],
        );
        sendList(
          res,
          'otp-records',
          rows.map((row) => otpRecordView(row, vault, now)),
          list.skip,
          total,
        );
      },
    },
    {
      method: 'get',
      path: '/admin/otp-records/summary',
      summary: 'The dashboard tiles: Total Records, Pending, Sent, Verified (and Expired)',
      access: signedIn('admin'),
      input: {},
      handler: async (_req, res) => {
        const now = clock.now();
        const count = (where?: Query['where']) => records().count(where ? { where } : {});
        const [total, pending, sent, verified, expired] = await Promise.all([
          count(),
          count(whereStatus('pending', now)),
          count(whereStatus('send', now)),
          count(whereStatus('verified', now)),
          count(whereStatus('expired', now)),
        ]);
        res.json({ success: true, total, pending, sent, verified, expired });
      },
    },
    {
      method: 'get',
      path: '/admin/otp-records/:id',
      summary: 'One OTP record (console side panel)',
      access: signedIn('admin'),
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parse(idParams, req.params);
        res.json(otpRecordView(await one(id), vault, clock.now()));
      },
    },
    {
      method: 'post',
      path: '/admin/otp-records/:id/send',
      summary:
        "Mark this record's code sent by direct message (Send Otp); refused once a newer " +
        'request replaced it',
      access: signedIn('admin'),
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parse(idParams, req.params);
        const record = await one(id);
        // The record's own request: the decider refuses it when it is no longer the open one.
        await instagram.markSent(record.userId, record.id, commandMetadata(req, clock));
        res.json(otpRecordView(await one(id), vault, clock.now()));
      },
    },
  ];
};
