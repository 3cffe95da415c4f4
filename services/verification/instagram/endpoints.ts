import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import { INSTAGRAM_OTP_STATUSES } from '@linkcoin/domain/verification/request-status.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { callerOf, isAdmin, signedIn, type Endpoint } from '../../platform/http/endpoint.ts';
import { commandMetadata } from '../../platform/http/metadata.ts';
import { parseBody, parseQuery } from '../../platform/http/validate.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CodeVault } from './code-vault.ts';
import type { InstagramHandlers } from './handlers.ts';
import { otpRecordView, whereRecords } from './otp-record-view.ts';
import { OTP_RECORDS, type OtpRecordDoc } from './otp-records.ts';

const userId = z
  .string('The user id is missing.')
  .min(1, 'The user id is missing.')
  .max(64, 'The user id is not valid.');
const storeRequest = z.object({
  userId,
  profileName: z
    .string('Enter the Instagram username.')
    .trim()
    .min(1, 'Enter the Instagram username.')
    .max(100, 'Enter an Instagram username (letters, digits, dots and underscores, at most 30).'),
  // The spec's field, still sent by the mobile app: accepted and ignored (the link is derived).
  profileUrl: z.string().max(2000).optional(),
});
const userQuery = z.object({ userId });
const sendStatusRequest = z.discriminatedUnion(
  'status',
  [
    z.object({ userId, status: z.literal('send') }),
    z.object({
      userId,
      status: z.literal('verified'),
      // Codes are six digits: anything else is refused here, before it uses up a try.
      otp: z
        .string(INSTAGRAM_MESSAGES.enterOtp)
        .trim()
        .min(1, INSTAGRAM_MESSAGES.enterOtp)
        .regex(/^\d{6}$/, INSTAGRAM_MESSAGES.invalidOtp),
    }),
  ],
  'The status must be send or verified.',
);
const getAllQuery = z.object({
  status: z.enum(INSTAGRAM_OTP_STATUSES).optional(),
  userId: z.string().max(64).optional(),
  profileName: z.string().max(100).optional(),
});

export type InstagramEndpointDeps = Readonly<{
  instagram: InstagramHandlers;
  readStore: ReadStore;
  vault: CodeVault;
  clock: Clock;
}>;

/** docs/product-spec.md section 7: get-by-userid, store, send-status and get-all, with DESIGN 5.2's checks. */
export const instagramEndpoints = ({
  instagram,
  readStore,
  vault,
  clock,
}: InstagramEndpointDeps): Endpoint[] => [
  {
    method: 'post',
    path: '/pageowners/store',
    summary:
      'Ask for an Instagram verification code for a handle on the profile (201; 200 with the ' +
      'request still open for that handle); the profile link is derived from the handle ' +
      "(https://www.instagram.com/<handle>/): the spec's profileUrl is accepted and ignored",
    access: signedIn('influencer', 'admin'),
    subject: { in: 'body', field: 'userId' },
    input: { body: storeRequest },
    handler: async (req, res) => {
      const input = parseBody(storeRequest, req);
      const { open, ...result } = await instagram.request(
        input.userId,
        input.profileName,
        commandMetadata(req, clock),
        req.ip ?? 'unknown',
      );
      // Asking again while a request is open answers that one: 200, nothing new recorded.
      if (open) {
        const message =
          result.status === 'send' ? INSTAGRAM_MESSAGES.alreadySent : INSTAGRAM_MESSAGES.stillOpen;
        res.json({ success: true, message, ...result });
        return;
      }
      res.status(201).json({ success: true, message: INSTAGRAM_MESSAGES.requested, ...result });
    },
  },
  {
    method: 'get',
    path: '/pageowners/get-by-userid',
    summary:
      "A user's current Instagram verification: status for the creator, the code too for admins",
    access: signedIn(),
    subject: { in: 'query', field: 'userId' },
    input: { query: userQuery },
    handler: async (req, res) => {
      const { userId: id } = parseQuery(userQuery, req);
      const status = await instagram.status(id, clock.now(), isAdmin(callerOf(req)));
      res.json({ success: true, ...status });
    },
  },
  {
    method: 'put',
    path: '/pageowners/send-status',
    summary:
      'status "send" (admins: the code of the current request was sent by DM; the console sends ' +
      'a chosen record through /admin/otp-records/:id/send) or "verified" (the owner, with the code)',
    access: signedIn(),
    subject: { in: 'body', field: 'userId' },
    input: { body: sendStatusRequest },
    handler: async (req, res) => {
      const input = parseBody(sendStatusRequest, req);
      const caller = callerOf(req);
      const meta = commandMetadata(req, clock);
      if (input.status === 'send') {
        if (!isAdmin(caller)) throw new DomainError('forbidden', ACCOUNT_MESSAGES.adminOnly);
        // The spec's body names no request: this marks the current one.
        await instagram.markCurrentSent(input.userId, meta);
        res.json({ success: true, message: INSTAGRAM_MESSAGES.sent, status: 'send' });
        return;
      }
      // The code proves the creator reads that Instagram inbox: only they can enter it.
      if (caller.userId !== input.userId) {
        throw new DomainError('forbidden', ACCOUNT_MESSAGES.notYourAccount);
      }
      await instagram.verify(input.userId, input.otp, meta, req.ip ?? 'unknown');
      res.json({ success: true, message: INSTAGRAM_MESSAGES.verified, status: 'verified' });
    },
  },
  {
    method: 'get',
    path: '/pageowners/get-all',
    summary:
      'Every OTP record (admins), filtered by status, user id (exact or prefix) and profile name ' +
      '(a word prefix of the handle, case-insensitive, @ ignored)',
    access: signedIn('admin'),
    input: { query: getAllQuery },
    handler: async (req, res) => {
      const filter = parseQuery(getAllQuery, req);
      const now = clock.now();
      const records = await readStore.collection<OtpRecordDoc>(OTP_RECORDS).find({
        where: whereRecords(filter, now),
        sort: [['createdAt', -1]],
        limit: 500,
      });
      res.json({
        success: true,
        data: { data: records.map((record) => otpRecordView(record, vault, now)) },
      });
    },
  },
];
