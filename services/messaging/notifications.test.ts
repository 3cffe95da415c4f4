/**
 * Notifications: a browser's push subscription is stored (only a push service's https address
 * with its keys), a message to a receiver with no open socket is pushed to it, encrypted with
 * aes128gcm and signed with our VAPID key (a local push endpoint decrypts it as the browser
 * would), and messages left unread mail the receiver once per quiet period.
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decrypt } from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXTS } from '../runtime/composition.ts';
import { listen } from '../platform/http-server.ts';
import { eventsAfter, headPosition, registerUser, type TestUser } from '../testing/accounts.ts';

import { ChatClient, openConversation, storeMessage, wsUrlOf } from '../testing/messaging.ts';
import { saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { messagingContextWith } from './context.ts';
import { MESSAGING_HANDLER_MESSAGES as H } from './handlers.ts';
import type { ChatPushPayload, PushTransport } from './push.ts';

const PUSH_HOST = 'push.linkcoin.test';

/** A browser's side of Web Push: its keys, and what its push service received. */
type Browser = Readonly<{
  keys: ECDH;
  auth: Buffer;
  endpoint: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}>;

const newBrowser = (name: string): Browser => {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `https://${PUSH_HOST}/send/${name}-${randomBytes(6).toString('hex')}`;
  return {
    keys,
    auth,
    endpoint,
    subscription: {
      endpoint,
      keys: {
        p256dh: keys.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
  };
};

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

describe('notifications', () => {
  let server: TestServer;
  let pushService: Server;
  let pushPort = 0;
  const received: Received[] = [];
  /** Paths the local push service answers 410 Gone for. */
  const gone = new Set<string>();
  const clock = adjustableClock();

  // The push requests go to our local push service instead of the Internet: same bytes.
  const transport: PushTransport = async (req) => {
    const url = new URL(req.endpoint);
    const response = await fetch(`http://127.0.0.1:${pushPort}${url.pathname}`, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
    });
    return response.status;
  };

  const storeToken = (user: TestUser, token: unknown) =>
    request(server.url)
      .post('/api/notifications/store-token')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ userId: user.userId, token });

  const pushesTo = (browser: Browser) =>
    received.filter((r) => r.path === new URL(browser.endpoint).pathname);

  const open = (browser: Browser, push: Received): ChatPushPayload =>
    JSON.parse(
      decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: browser.keys,
        authSecret: browser.auth.toString('base64url'),
      }).toString('utf8'),
    ) as ChatPushPayload;

  beforeAll(async () => {
    pushService = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = gone.has(req.url ?? '') ? 410 : 201;
        res.end();
      });
    });
    await listen(pushService, '127.0.0.1', 0);
    pushPort = (pushService.address() as AddressInfo).port;
    server = await startTestServer({
      clock,
      contexts: CONTEXTS.map((context) =>
        context.name === 'messaging' ? messagingContextWith({ pushTransport: transport }) : context,
      ),
      env: {
        PUSH_SERVICE_HOSTS: PUSH_HOST,
        PROCESS_TICK_MS: '100',
        MESSAGE_EMAIL_AFTER_MINUTES: '30',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
        OTP_REQUESTS_PER_WINDOW: '100000',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    pushService?.closeAllConnections();
    await new Promise<void>((resolve) => pushService?.close(() => resolve()));
  });

  describe('storing the push subscription', () => {
    it('stores a push service address with its keys once, as an object or as JSON text', async () => {
      const user = await registerUser(server);
      const browser = newBrowser('store');
      const head = await headPosition(server);
      await storeToken(user, browser.subscription).expect(200);
      expect((await eventsAfter(server, head)).map((e) => e.type)).toEqual([
        'PushSubscriptionSaved',
      ]);
      const again = await headPosition(server);
      const text = await storeToken(user, JSON.stringify(browser.subscription)).expect(200);
      expect(text.body).toEqual({ success: true, message: 'Notification token stored' });
      expect(await headPosition(server)).toBe(again);
    });

    it('refuses anything else and stores nothing', async () => {
      const user = await registerUser(server);
      const other = await registerUser(server);
      const { subscription } = newBrowser('refused');
      const head = await headPosition(server);
      const refusals: Array<[unknown, number, string | RegExp]> = [
        [
          { ...subscription, endpoint: 'http://push.linkcoin.test/x' },
          400,
          /^Notifications could not be turned on/,
        ],
        [
          { ...subscription, endpoint: 'https://169.254.169.254/latest' },
          400,
          H.unknownPushService,
        ],
        [{ ...subscription, endpoint: 'https://evil.example/hook' }, 400, H.unknownPushService],
        // A known push host on another port: a probe of whatever listens there.
        [
          { ...subscription, endpoint: `https://${PUSH_HOST}:8443/send/x` },
          400,
          H.unknownPushService,
        ],
        [
          { ...subscription, endpoint: `https://${PUSH_HOST}:22/send/x` },
          400,
          H.unknownPushService,
        ],
        [
          { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } },
          400,
          /^Notifications could not be turned on/,
        ],
        [
          { ...subscription, keys: { ...subscription.keys, auth: '' } },
          400,
          /^Notifications could not be turned on/,
        ],
        [{ endpoint: subscription.endpoint }, 400, /^Notifications could not be turned on/],
        ['not json', 400, /^Notifications could not be turned on/],
        ['fcm-registration-token', 400, /^Notifications could not be turned on/],
        [42, 400, /^Notifications could not be turned on/],
      ];
      for (const [token, status, message] of refusals) {
        const res = await storeToken(user, token);
        expect([res.status, res.body.success]).toEqual([status, false]);
        expect(res.body.message).toMatch(message);
      }
      // Only for oneself.
      await request(server.url)
        .post('/api/notifications/store-token')
        .set('Authorization', `Bearer ${other.token}`)
        .send({ userId: user.userId, token: subscription })
        .expect(403);
      expect(await headPosition(server)).toBe(head);
    });

    it('gives browsers the public key to subscribe with', async () => {
      const { body } = await request(server.url).get('/api/notifications/public-key').expect(200);
      const stored = JSON.parse(await readFile(join(server.dataDir, 'vapid.json'), 'utf8')) as {
        publicKey: string;
      };
      expect(body).toEqual({ success: true, publicKey: stored.publicKey });
    });
  });

  it('pushes a message to a receiver with no open socket, encrypted for their browser', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Brand Co' });
    const creator = await registerUser(server, { role: 'influencer' });
    await openConversation(server, brand, creator);
    const browser = newBrowser('creator');
    await storeToken(creator, browser.subscription).expect(200);

    const socket = await ChatClient.connect(wsUrlOf(server), brand);
    expect((await socket.sendMessage(brand, creator, 'Are you free next week?')).status).toBe('ok');
    await expect.poll(() => pushesTo(browser).length).toBe(1);
    const push = pushesTo(browser)[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(open(browser, push)).toEqual({
      kind: 'message',
      title: 'New message from Brand Co',
      body: 'Are you free next week?',
      senderId: brand.userId,
      url: `/MessagingApp/${creator.userId}`,
      tag: `chat-${brand.userId}`,
    });
    // Signed with our VAPID key, for this push service.
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
    expect(vapid).not.toBeNull();
    const [, jwt, publicKey] = vapid!;
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const key = Buffer.from(publicKey!, 'base64url');
    const verified = await jwtVerify(
      jwt!,
      await importJWK({
        alg: 'ES256',
        kty: 'EC',
        crv: 'P-256',
        x: key.subarray(1, 33).toString('base64url'),
        y: key.subarray(33).toString('base64url'),
      }),
    );
    expect(verified.payload.aud).toBe(`https://${PUSH_HOST}`);

    // Connected, the creator gets the message on the socket and no push.
    const creatorSocket = await ChatClient.connect(wsUrlOf(server), creator);
    await creatorSocket.request('join', creator.userId);
    expect((await socket.sendMessage(brand, creator, 'Seen it live?')).status).toBe('ok');
    await creatorSocket.next('receive_message', (m) => m.content === 'Seen it live?');
    await creatorSocket.close();
    expect((await socket.sendMessage(brand, creator, 'And now?')).status).toBe('ok');
    await expect.poll(() => pushesTo(browser).length).toBe(2);
    expect(pushesTo(browser).map((p) => open(browser, p).body)).toEqual([
      'Are you free next week?',
      'And now?',
    ]);
    await socket.close();
  });

  it('forgets a subscription the push service says is gone', async () => {
    const brand = await registerUser(server, { role: 'user' });
    const creator = await registerUser(server, { role: 'influencer' });
    await openConversation(server, brand, creator);
    const browser = newBrowser('gone');
    gone.add(new URL(browser.endpoint).pathname);
    await storeToken(creator, browser.subscription).expect(200);
    const head = await headPosition(server);
    const socket = await ChatClient.connect(wsUrlOf(server), brand);
    expect((await socket.sendMessage(brand, creator, 'Anyone?')).status).toBe('ok');
    await expect
      .poll(async () =>
        (await eventsAfter(server, head))
          .map((e) => e.type)
          // The brand's socket makes them online: presence is not what this test is about.
          .filter((type) => type !== 'PresenceChanged'),
      )
      .toEqual(['MessageSent', 'PushSubscriptionDropped']);
    // Correlated by the push service's answer for that address, not as a request.
    const dropped = (await eventsAfter(server, head)).find(
      (e) => e.type === 'PushSubscriptionDropped',
    );
    expect(dropped?.metadata.correlationId).toMatch(
      new RegExp(`^push-gone-${creator.userId}-[0-9a-f]{16}$`),
    );
    await socket.close();
  });

  it('mails a receiver once per quiet period when messages stay unread', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Brand <b>Co</b>' });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha' });
    await openConversation(server, brand, creator);
    const mailsTo = async (email: string) => {
      const outbox = join(server.dataDir, 'outbox');
      const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
      const mails = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
      // Quoted-printable, as mails travel: soft line breaks and =XX escapes undone.
      return mails
        .filter((mail) => mail.includes(`To: ${email}`))
        .map((mail) =>
          mail
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        );
    };
    const unreadMails = async () =>
      (await mailsTo(creator.email)).filter((mail) => mail.includes('not read yet'));

    await storeMessage(server, brand, creator, 'First');
    await storeMessage(server, brand, creator, 'Second');
    clock.advance(31 * 60_000);
    await expect.poll(unreadMails, { timeout: 10_000 }).toHaveLength(1);
    const mail = (await unreadMails())[0]!;
    expect(mail).toContain('2 messages');
    expect(mail).toContain(`/MessagingApp/${creator.userId}`);
    expect(mail).not.toContain('First');
    // The sender's name is the sender's text: escaped in the HTML part.
    expect(mail).toContain('<strong>Brand &lt;b&gt;Co&lt;/b&gt;</strong>');
    expect(mail).not.toContain('<strong>Brand <b>');

    // More messages in the same quiet period mail nothing more.
    await storeMessage(server, brand, creator, 'Third');
    clock.advance(31 * 60_000);
    await storeMessage(server, brand, creator, 'Fourth');
    clock.advance(31 * 60_000);
    // Reading ends the period; the next unread message opens a new one.
    await request(server.url)
      .patch('/api/messages/mark-read')
      .set('Authorization', `Bearer ${creator.token}`)
      .send({ sender: brand.userId, receiver: creator.userId })
      .expect(200);
    expect(await unreadMails()).toHaveLength(1);
    await storeMessage(server, brand, creator, 'Fifth');
    clock.advance(31 * 60_000);
    await expect.poll(unreadMails, { timeout: 10_000 }).toHaveLength(2);
    expect((await unreadMails())[1]).toContain('a message');
    // Every mail to the creator is accounted for: two notices, no more.
    expect(await unreadMails()).toHaveLength(2);
  });

  it('names the sender by the name they go by now, not the one they registered with', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Registered Name' });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha' });
    await saveProfile(server, brand, { ownerName: 'Tiffin Tales Foods' }).expect(200);
    await openConversation(server, brand, creator);
    await storeMessage(server, brand, creator, 'Hello');
    clock.advance(31 * 60_000);
    const outbox = join(server.dataDir, 'outbox');
    const notices = async () => {
      const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
      const mails = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
      return mails
        .map((mail) => mail.replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(`To: ${creator.email}`) && mail.includes('not read yet'));
    };
    await expect.poll(notices, { timeout: 10_000 }).toHaveLength(1);
    const [mail] = await notices();
    expect(mail).toContain('Tiffin Tales Foods');
    expect(mail).not.toContain('Registered Name');
  });
});
