/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import request from 'supertest';
import { registerUser } from '../testing/accounts.ts';
import { instagramWizard, saveProfile } from '../testing/profiles.ts';
import type { ContextSecurity, Target } from '../testing/security.ts';

const wrongCode = (otp: string) => (otp === '000000' ? '111111' : '000000');

/**
 * The creator's handle verified by the creator (sent by the admin, the right code typed), and a
 * second creator with the same handle on their profile: the account is someone else's to them.
 */
const claimed = new WeakMap<Target, ReturnType<typeof claimHandle>>();
/** Once per target: a run may build two requests on it. */
const claimedHandle = (t: Target) => {
  let made = claimed.get(t);
  if (!made) claimed.set(t, (made = claimHandle(t)));
  return made;
};
const claimHandle = async (t: Target) => {
  const owner = await t.creator();
  const admin = await t.admin();
  // The handle on the owner's profile again (an earlier step of a run may have saved another).
  await saveProfile(t.server, owner, instagramWizard(t.handle)).expect(200);
  const { otp } = await t.instagramRequest();
  await request(t.server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ userId: owner.userId, status: 'send' })
    .expect(200);
  await request(t.server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${owner.token}`)
    .send({ userId: owner.userId, status: 'verified', otp })
    .expect(200);
  const claimant = await registerUser(t.server, { role: 'influencer' });
  await saveProfile(t.server, claimant, instagramWizard(t.handle)).expect(200);
  return { owner, claimant, admin, id: `instagram:${t.handle}` };
};

/** The second creator's open request to the desk about the claimed handle. */
const openDispute = async (t: Target) => {
  const claimed = await claimedHandle(t);
  const filed = await request(t.server.url)
    .post('/api/pageowners/handle-disputes')
    .set('Authorization', `Bearer ${claimed.claimant.token}`)
    .send({ userId: claimed.claimant.userId, platform: 'instagram', handle: t.handle });
  // 201, or 200 when an earlier step of the run filed it already.
  if (filed.status !== 201 && filed.status !== 200) throw new Error(`dispute: ${filed.status}`);
  return { ...claimed, disputeId: filed.body.disputeId as string };
};

export const security: ContextSecurity = {
  'POST /pageowners/store': {
    access: ['influencer', 'admin'],
    valid: async (t) => {
      const creator = await t.creator();
      return { as: creator, body: { userId: creator.userId, profileName: t.handle } };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return { as: creator, body: { userId: creator.userId, profileName: 'not.on.profile' } };
    },
  },
  'GET /pageowners/get-by-userid': {
    access: 'signed-in',
    valid: async (t) => {
      await t.instagramRequest();
      const creator = await t.creator();
      return { as: creator, query: { userId: creator.userId } };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return { as: creator, query: { userId: creator.userId } };
    },
  },
  'PUT /pageowners/send-status': {
    access: 'signed-in',
    valid: async (t) => {
      await t.instagramRequest();
      return { as: await t.admin(), body: { userId: (await t.creator()).userId, status: 'send' } };
    },
    refused: async (t) => {
      const { otp } = await t.instagramRequest();
      const creator = await t.creator();
      return {
        as: creator,
        body: { userId: creator.userId, status: 'verified', otp: wrongCode(otp) },
      };
    },
  },
  'POST /pageowners/handle-disputes': {
    access: ['influencer', 'admin'],
    valid: async (t) => {
      const { claimant } = await claimedHandle(t);
      return {
        as: claimant,
        body: { userId: claimant.userId, platform: 'instagram', handle: t.handle, message: 'Mine' },
      };
    },
    refused: async (t) => {
      const { owner } = await claimedHandle(t);
      return { as: owner, body: { userId: owner.userId, platform: 'instagram', handle: t.handle } };
    },
  },
  'GET /admin/handle-claims': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.creator(), query: { range: '[0,9]' } }),
  },
  'GET /admin/handle-claims/:id': {
    access: ['admin'],
    valid: async (t) => {
      const { admin, id } = await claimedHandle(t);
      return { as: admin, params: { id } };
    },
    refused: async (t) => ({ as: await t.admin(), params: { id: 'instagram:nobody.here' } }),
  },
  'POST /admin/handle-claims/:id/assign': {
    access: ['admin'],
    valid: async (t) => {
      const { admin, id, claimant, disputeId } = await openDispute(t);
      return { as: admin, params: { id }, body: { userId: claimant.userId, disputeId } };
    },
    refused: async (t) => {
      const { admin, id, owner } = await claimedHandle(t);
      return { as: admin, params: { id }, body: { userId: owner.userId } };
    },
  },
  'POST /admin/handle-claims/:id/dismiss': {
    access: ['admin'],
    valid: async (t) => {
      const { admin, id, disputeId } = await openDispute(t);
      return { as: admin, params: { id }, body: { disputeId } };
    },
    refused: async (t) => {
      const { admin, id } = await claimedHandle(t);
      return {
        as: admin,
        params: { id },
        body: { disputeId: '00000000-0000-4000-8000-000000000000' },
      };
    },
  },
  'GET /pageowners/get-all': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin(), query: { status: 'pending' } }),
    refused: async (t) => ({ as: await t.brand(), query: { status: 'pending' } }),
  },
  'POST /pageowners/verify-youtube': {
    access: ['influencer', 'admin'],
    unavailable: 'YouTube is not configured here (services/verification/youtube/youtube.test.ts)',
    valid: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        body: { userId: creator.userId, handle: '@AshaCooksTV', accessToken: 'ya29.probe-token' },
      };
    },
  },
  'GET /admin/otp-records': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/otp-records/summary': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin() }),
    refused: async (t) => ({ as: await t.creator() }),
  },
  'GET /admin/otp-records/:id': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.instagramRequest()).id } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-record' } }),
  },
  'POST /admin/otp-records/:id/send': {
    access: ['admin'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.instagramRequest()).id } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-record' } }),
  },
};
