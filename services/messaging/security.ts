/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import type { ContextSecurity, Target } from '../testing/security.ts';

/** A saved search of the target's brand: the brand and the search's id. */
const savedSearch = async (t: Target): Promise<{ brand: TestUser; searchId: string }> => {
  const brand = await t.brand();
  const answer = await request(t.server.url)
    .post('/api/saved-searches')
    .set('Authorization', `Bearer ${brand.token}`)
    .send({ name: `Probe ${randomBytes(4).toString('hex')}`, query: 'search=probe' })
    .expect(201);
  return { brand, searchId: (answer.body as { search: { searchId: string } }).search.searchId };
};

/** A browser's push subscription on a push service the server knows (FCM). */
const pushSubscription = () => {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/probe-${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
};

export const security: ContextSecurity = {
  'GET /messages/conversation/:userId/:otherUserId': {
    access: 'signed-in',
    valid: async (t) => {
      const { brand, creator } = await t.conversation();
      return {
        as: brand,
        params: { userId: brand.userId, otherUserId: creator.userId },
        query: { limit: '20' },
      };
    },
    refused: async (t) => {
      const { brand, creator } = await t.conversation();
      return { as: creator, params: { userId: brand.userId, otherUserId: creator.userId } };
    },
  },
  'PATCH /messages/mark-read': {
    access: 'signed-in',
    valid: async (t) => {
      const { brand, creator } = await t.conversation();
      return { as: brand, body: { sender: creator.userId, receiver: brand.userId } };
    },
    refused: async (t) => {
      const { brand } = await t.conversation();
      return { as: brand, body: { sender: 'nobody-at-all', receiver: brand.userId } };
    },
  },
  'POST /notifications/store-token': {
    access: 'signed-in',
    valid: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, token: pushSubscription() } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return {
        as: brand,
        body: {
          userId: brand.userId,
          token: { ...pushSubscription(), endpoint: 'https://hooks.evil.example/collect' },
        },
      };
    },
  },
  'POST /notifications/send-message': {
    access: 'signed-in',
    valid: async (t) => {
      const { creator } = await t.conversation();
      return {
        as: await t.brand(),
        body: { sender: 'Probe Brand', receiver: creator.userId, message: 'Hello' },
      };
    },
    refused: async () => ({
      as: null,
      body: { sender: 'Probe Brand', receiver: 'nobody-at-all', message: 'Hello' },
    }),
  },
  'GET /notifications/public-key': {
    access: 'anyone',
    valid: async () => ({ as: null }),
  },
  // Saved searches (issue 24, item 4): brands only, each its own; another brand's search is
  // not found (404), since a brand's searches live on its own stream.
  'GET /saved-searches': {
    access: ['user'],
    valid: async (t) => ({ as: await t.brand() }),
  },
  'POST /saved-searches': {
    access: ['user'],
    valid: async (t) => ({
      as: await t.brand(),
      body: { name: 'Cooks in Pune', query: 'search=cook&averageLocationOfAudience=Pune' },
    }),
    refused: async (t) => ({
      as: await t.brand(),
      body: { name: 'Socks', query: 'adCategories=socks' },
    }),
  },
  'PATCH /saved-searches/:searchId': {
    access: ['user'],
    valid: async (t) => {
      const { brand, searchId } = await savedSearch(t);
      return { as: brand, params: { searchId }, body: { digest: false } };
    },
    refused: async (t) => {
      const { searchId } = await savedSearch(t);
      // Another brand names it: not found, and nothing changes.
      const other = await registerUser(t.server, { role: 'user' });
      return { as: other, params: { searchId }, body: { name: 'Mine now' } };
    },
  },
  'DELETE /saved-searches/:searchId': {
    access: ['user'],
    valid: async (t) => {
      const { brand, searchId } = await savedSearch(t);
      return { as: brand, params: { searchId } };
    },
    refused: async (t) => ({ as: await t.brand(), params: { searchId: 'not-a-saved-search' } }),
  },
  'POST /saved-searches/seen': {
    access: ['user'],
    valid: async (t) => ({ as: await t.brand() }),
  },
};
