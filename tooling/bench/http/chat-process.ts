// The real embedded runtime for the chat measure, in its own process: 500 brands and 500
// creators, each pair with an open conversation, each user signed in (a session token for the
// WebSocket). Accounts are opened through the account deciders with a cheap password hash, so
// the set-up does not spend a minute in scrypt; everything measured runs as in production. With
// BENCH_WORKERS_ROWS=1 the runtime with API workers serves what was seeded (workers-runtime.ts).
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { emailClaimDecider, emailClaimStreamId } from '@linkcoin/domain/accounts/email-claim.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import { openConversation } from '@linkcoin/services/testing/messaging.ts';
import { serveSeeded } from './workers-runtime.ts';

export type ChatUser = Readonly<{ userId: string; token: string }>;
export type ChatServerInfo = Readonly<{
  url: string;
  pairs: readonly (readonly [ChatUser, ChatUser])[];
}>;

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const PASSWORD = 'bench-password-1';

/** `scrypt$N$r$p$salt$hash` with N=2^10: the stored hash names its parameters. */
const cheapHash = (): string => {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};

await serveSeeded<ChatServerInfo>(
  {
    LOG_LEVEL: 'warn',
    // The sessions signed here are checked by the runtime that serves them.
    JWT_SECRET: randomBytes(32).toString('hex'),
    SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'FULL',
    SERVE_FRONTENDS: 'false',
    AUTH_REQUESTS_PER_IP_PER_WINDOW: '1000000',
    LOGIN_ATTEMPTS_PER_WINDOW: '1000000',
    // The load comes from one client address and every user sends without pause.
    CHAT_MESSAGES_PER_MINUTE: '1000000',
    WS_FRAMES_PER_MINUTE: '1000000',
  },
  async (server) => {
    const commands = server.runtime.platform.commands;
    const meta = (): CommandMetadata => ({
      now: new Date(),
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
    });
    const passwordHash = cheapHash();
    const openAccount = async (role: 'user' | 'influencer', n: number): Promise<ChatUser> => {
      const userId = randomUUID();
      const email = `bench-chat-${role}-${n}@example.in`;
      await commands.handle(emailClaimDecider, emailClaimStreamId(email), {
        type: 'ClaimEmail',
        data: { email, userId, orphanedClaimant: null },
        metadata: meta(),
      });
      await commands.handle(accountDecider, accountStreamId(userId), {
        type: 'RegisterAccount',
        data: {
          userId,
          email,
          ownerName: `Bench ${role} ${n}`,
          role,
          mobile: '',
          passwordHash,
          googleSub: null,
          emailProof: 'operator',
        },
        metadata: meta(),
      });
      const login = await fetch(`${server.url}/api/pageowners/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const body = (await login.json()) as { token?: string; message?: string };
      if (!body.token) throw new Error(`bench login failed: ${body.message ?? login.status}`);
      return { userId, token: body.token };
    };
    const pairs: (readonly [ChatUser, ChatUser])[] = [];
    for (let start = 0; start < PAIRS; start += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, PAIRS - start) }, async (_, i) => {
          const brand = await openAccount('user', start + i);
          const creator = await openAccount('influencer', start + i);
          await openConversation(server, brand, creator);
          return [brand, creator] as const;
        }),
      );
      pairs.push(...batch);
    }
    return { url: server.url, pairs };
  },
);
