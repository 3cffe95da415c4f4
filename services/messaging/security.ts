/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { ContextSecurity } from '../testing/security.ts';

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
};
