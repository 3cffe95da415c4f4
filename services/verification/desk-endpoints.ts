import { z } from 'zod';
import {
  CLAIM_KEY,
  HANDLE_CLAIM_MESSAGES,
  HANDLE_PLATFORMS,
} from '@linkcoin/domain/verification/handle-claim.ts';
import type { Query, ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { findPage, listQuery, parseListRequest, sendList } from '../platform/http/simple-rest.ts';
import { parse, parseBody } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { DeskHandlers } from './desk.ts';
import { HANDLE_CLAIMS, type HandleClaimDoc } from './handle-claims.ts';

const platform = z.enum(HANDLE_PLATFORMS, 'Choose Instagram or YouTube.');
const userId = z.string('Choose a user.').min(1, 'Choose a user.').max(64);
/** `instagram:asha.cooks`, `youtube:UC…`: a platform and a handle or channel id. */
const claimIdParams = z.object({
  id: z
    .string()
    .max(80)
    .regex(/^(instagram|youtube):[A-Za-z0-9._-]{1,64}$/, 'That is not a verified account.'),
});
const disputeId = z
  .string('Choose a request to the desk.')
  .uuid('That is not a request to the desk.');

export const disputeRequest = z.strictObject({
  userId,
  platform,
  handle: z
    .string('Enter the username or channel id.')
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().regex(CLAIM_KEY, 'Enter an Instagram username or a YouTube channel id.')),
  // Text the desk reads as it was meant: line breaks and tabs, but no other control character
  // and nothing that reverses the text around it (bidirectional controls).
  message: z
    .string()
    .refine(
      (text) => !/[^\P{Cc}\t\n\r]/u.test(text),
      'A message to the desk cannot contain control characters.',
    )
    .refine(
      (text) => !/\p{Bidi_Control}/u.test(text),
      'A message to the desk cannot contain characters that change the direction of text.',
    )
    .trim()
    .max(1000, 'A message to the desk can be at most 1,000 characters long.')
    .optional()
    .default(''),
});
const assignRequest = z.strictObject({ userId, disputeId: disputeId.optional() });
const dismissRequest = z.strictObject({ disputeId });
const claimFilter = z
  .object({
    q: z.string().max(100).optional(),
    platform: platform.optional(),
    needsDesk: z.boolean('Needs the desk must be true or false.').optional(),
  })
  .strict();

/**
 * One verified owner per handle, over HTTP: a creator's request to the desk about an account
 * another creator holds, and the console's view of claimed accounts (admins): both claims, the
 * requests, and the decisions (give the account to a creator, dismiss a request).
 */
export const deskEndpoints = (deps: {
  desk: DeskHandlers;
  readStore: ReadStore;
  clock: Clock;
}): Endpoint[] => {
  const { desk, clock } = deps;
  const claims = () => deps.readStore.collection<HandleClaimDoc>(HANDLE_CLAIMS);
  return [
    {
      method: 'post',
      path: '/pageowners/handle-disputes',
      summary:
        'Ask the verification desk about an Instagram handle or YouTube channel another creator ' +
        'holds (201; 200 with the request already open)',
      access: signedIn('influencer', 'admin'),
      subject: { in: 'body', field: 'userId' },
      input: { body: disputeRequest },
      handler: async (req, res) => {
        const input = parseBody(disputeRequest, req);
        const { disputeId, created } = await desk.dispute(
          input.userId,
          input.platform,
          input.handle,
          input.message,
          commandMetadata(req, clock),
        );
        res
          .status(created ? 201 : 200)
          .json({ success: true, message: HANDLE_CLAIM_MESSAGES.disputed, disputeId });
      },
    },
    {
      method: 'get',
      path: '/admin/handle-claims',
      summary:
        'Verified accounts for the desk (console list): every claim, duplicates from the log ' +
        'included, and requests to the desk; filters needsDesk, platform, q',
      access: signedIn('admin'),
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(claimFilter, list.filter);
        const query: Omit<Query, 'sort' | 'skip' | 'limit'> = {
          where: {
            ...(filter.needsDesk !== undefined ? { needsDesk: filter.needsDesk } : {}),
            ...(filter.platform ? { platform: filter.platform } : {}),
          },
          ...(filter.q?.trim() ? { text: filter.q } : {}),
        };
        const { rows, total } = await findPage(
          claims(),
          query,
          list,
          ['updatedAt'],
          ['updatedAt', -1],
        );
        sendList(res, 'handle-claims', rows, list.skip, total);
      },
    },
    {
      method: 'get',
      path: '/admin/handle-claims/:id',
      summary: 'One verified account: its owner, every claim and every request to the desk',
      access: signedIn('admin'),
      input: { params: claimIdParams },
      handler: async (req, res) => {
        const { id } = parse(claimIdParams, req.params);
        res.json(await desk.claimDoc(id));
      },
    },
    {
      method: 'post',
      path: '/admin/handle-claims/:id/assign',
      summary:
        'Give the account to a creator who claims it: the verification moves to their profile ' +
        "and leaves everyone else's, by events",
      access: signedIn('admin'),
      input: { params: claimIdParams, body: assignRequest },
      handler: async (req, res) => {
        const { id } = parse(claimIdParams, req.params);
        const input = parseBody(assignRequest, req);
        res.json(
          await desk.assign(id, input.userId, input.disputeId ?? null, commandMetadata(req, clock)),
        );
      },
    },
    {
      method: 'post',
      path: '/admin/handle-claims/:id/dismiss',
      summary: 'Dismiss a request to the desk: the account stays with its owner',
      access: signedIn('admin'),
      input: { params: claimIdParams, body: dismissRequest },
      handler: async (req, res) => {
        const { id } = parse(claimIdParams, req.params);
        const input = parseBody(dismissRequest, req);
        res.json(await desk.dismiss(id, input.disputeId, commandMetadata(req, clock)));
      },
    },
  ];
};
