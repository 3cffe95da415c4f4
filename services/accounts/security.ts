/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import request from 'supertest';
import { grantAuditor, latestOtp, verifiedEmail } from '../testing/accounts.ts';
import type { ContextSecurity, RequestSpec, Target } from '../testing/security.ts';

const mailedCode = async (target: Target, email: string, path: string) => {
  await request(target.server.url).post(`/api/otp/${path}`).send({ userId: email }).expect(200);
  return latestOtp(target.server, email);
};

/** A brand's registration of the target's free address, with this proof of the address. */
const registration = (t: Target, verificationToken: string): RequestSpec => ({
  as: null,
  body: {
    ownerName: 'Probe Brand',
    email: t.freeEmail,
    password: 'probe-password-1',
    confirmPassword: 'probe-password-1',
    role: 'user',
    verificationToken,
  },
});

export const security: ContextSecurity = {
  'POST /otp/send-otp': {
    access: 'anyone',
    valid: async (t) => ({ as: null, body: { userId: t.freeEmail } }),
    refused: async (t) => ({ as: null, body: { userId: (await t.brand()).email } }),
  },
  'POST /otp/send-otpFP': {
    access: 'anyone',
    valid: async (t) => ({ as: null, body: { userId: (await t.brand()).email } }),
    refused: async (t) => ({ as: null, body: { userId: t.freeEmail } }),
  },
  'POST /otp/verify': {
    access: 'anyone',
    valid: async (t) => ({
      as: null,
      body: { userId: t.freeEmail, otp: await mailedCode(t, t.freeEmail, 'send-otp') },
    }),
    refused: async (t) => ({ as: null, body: { userId: t.freeEmail, otp: '123456' } }),
  },
  'GET /otp/userId': {
    access: 'anyone',
    valid: async (t) => ({ as: null, query: { userId: t.freeEmail } }),
    refused: async () => ({ as: null, query: { userId: 'not-an-address' } }),
  },
  'POST /pageowners/register': {
    access: 'anyone',
    valid: async (t) => registration(t, await verifiedEmail(t.server, t.freeEmail)),
    refused: async (t) => registration(t, 'not-a-verification'),
  },
  'POST /pageowners/login': {
    access: 'anyone',
    valid: async (t) => {
      const brand = await t.brand();
      return { as: null, body: { email: brand.email, password: brand.password } };
    },
    refused: async (t) => ({
      as: null,
      body: { email: (await t.brand()).email, password: 'not-the-password' },
    }),
  },
  'POST /pageowners/admin-login': {
    access: 'anyone',
    valid: async (t) => {
      const admin = await t.admin();
      return { as: null, body: { email: admin.email, password: admin.password } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return { as: null, body: { email: brand.email, password: brand.password } };
    },
  },
  'POST /pageowners/google': {
    access: 'anyone',
    unavailable: 'Google sign-in is not configured here (services/accounts/google-sign-in.test.ts)',
    valid: async () => ({ as: null, body: { credential: 'g'.repeat(64), role: 'user' } }),
  },
  'POST /pageowners/logout': {
    access: 'signed-in',
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'GET /pageowners/check-auth': {
    access: 'signed-in',
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'POST /pageowners/refresh': {
    access: 'credential',
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'POST /pageowners/change-password': {
    access: 'signed-in',
    valid: async (t) => {
      const brand = await t.brand();
      return {
        as: brand,
        body: { currentPassword: brand.password, newPassword: `${brand.password} renewed` },
      };
    },
    refused: async (t) => ({
      as: await t.brand(),
      body: { currentPassword: 'not the password', newPassword: 'whatever it is' },
    }),
  },
  'POST /pageowners/forget-password': {
    access: 'anyone',
    valid: async (t) => {
      const brand = await t.brand();
      return {
        as: null,
        body: {
          email: brand.email,
          newPassword: 'probe-new-password',
          verificationToken: await verifiedEmail(t.server, brand.email, 'password_reset'),
        },
      };
    },
    refused: async (t) => ({
      as: null,
      body: {
        email: (await t.brand()).email,
        newPassword: 'probe-new-password',
        verificationToken: 'not-a-verification',
      },
    }),
  },
  'GET /public-config': {
    access: 'anyone',
    valid: async () => ({ as: null }),
  },
  'POST /admin/users/:id/roles': {
    access: ['admin'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { role: 'auditor' },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: 'nobody-at-all' },
      body: { role: 'auditor' },
    }),
  },
  'DELETE /admin/users/:id/roles/:role': {
    access: ['admin'],
    valid: async (t) => {
      const member = await t.brand();
      await grantAuditor(t.server, await t.admin(), member.userId);
      return { as: await t.admin(), params: { id: member.userId, role: 'auditor' } };
    },
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: 'nobody-at-all', role: 'auditor' },
    }),
  },
};
