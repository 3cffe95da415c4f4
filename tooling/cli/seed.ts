// `make seed [CREATORS=200] [BRANDS=5]`: demo creators and brands, made through the real
// commands (services/demo/seeder.ts), each once: seeding again makes nothing new.
//
// On a stopped embedded instance it opens the data directory itself (the lock keeps a server
// from starting meanwhile) and runs the projections until the directory shows everyone. While a
// server runs, it asks that server instead (POST /api/admin/demo-accounts), signed in as the
// admin of ADMIN_EMAIL and ADMIN_PASSWORD.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  MAX_DEMO_ACCOUNTS_PER_REQUEST,
  type DemoAccount,
  type DemoAccountOutcome,
} from '@linkcoin/domain/demo/contracts.ts';
import { demoAccounts } from '@linkcoin/services/testing/demo-accounts.ts';
import { FIRST_ADMIN_STREAM, firstAdminDecider } from '@linkcoin/domain/accounts/first-admin.ts';
import { demoPasswordHash, demoSeeder } from '@linkcoin/services/demo/seeder.ts';
import { ConfigError, loadConfig, type AppConfig } from '@linkcoin/services/platform/config.ts';
import { startRuntime } from '@linkcoin/services/runtime/runtime.ts';

const options = z
  .object({
    CREATORS: z.coerce.number().int().min(0).max(100_000).default(200),
    BRANDS: z.coerce.number().int().min(0).max(99).default(5),
    DEMO_PASSWORD: z.string().min(8).max(128).default('demo-password'),
  })
  .safeParse(process.env);
if (!options.success) {
  console.error(
    `make seed: ${options.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );
  process.exit(1);
}
const { CREATORS: creators, BRANDS: brands, DEMO_PASSWORD: password } = options.data;

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const accounts = demoAccounts(creators, brands);

/** Seeds a stopped instance: its stores opened here, the read models brought up to date. */
const seedStopped = async (): Promise<DemoAccountOutcome[]> => {
  const runtime = await startRuntime({
    // Only the read models: no API (no first admin made behind the operator's back), no timers.
    config: loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' }),
    roles: ['projector'],
  });
  try {
    const commands = runtime.platform.commands;
    const seeder = demoSeeder({
      commands,
      uploads: runtime.platform.uploads,
      logger: runtime.logger.child({ component: 'seed' }),
    });
    // The first admin grants the brands' coins; before any admin exists, the seed itself does.
    const admin = (await commands.load(firstAdminDecider, FIRST_ADMIN_STREAM)).state.userId;
    const passwordHash = await demoPasswordHash(password);
    const outcomes: DemoAccountOutcome[] = [];
    const correlationId = `make-seed-${randomUUID()}`;
    for (const [index, account] of accounts.entries()) {
      outcomes.push(
        await seeder.ensure(account, {
          passwordHash,
          grantedBy: admin ?? 'make-seed',
          now: new Date(),
          correlationId,
        }),
      );
      if ((index + 1) % 100 === 0) console.log(`  ${index + 1} of ${accounts.length} accounts`);
    }
    const progress = runtime.platform.progress;
    const eventStore = runtime.platform.eventStore;
    if (!(await progress.waitFor(await eventStore.headPosition(), 10 * 60_000))) {
      throw new Error('the read models did not catch up with the seed');
    }
    return outcomes;
  } finally {
    await runtime.stop();
  }
};

/** Seeds through a running server, as its admin. */
const seedRunning = async (): Promise<DemoAccountOutcome[]> => {
  const admin = config.auth.admin;
  if (!admin) {
    console.error(
      'make seed: a server is running on this data directory. Stop it and run make seed again,\n' +
        'or run make seed with the ADMIN_EMAIL and ADMIN_PASSWORD the server knows.',
    );
    process.exit(1);
  }
  const base = `http://127.0.0.1:${config.http.port}/api`;
  const call = async (path: string, body: object, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${String(answer.message)}`);
    return answer;
  };
  const login = await call('/pageowners/login', { email: admin.email, password: admin.password });
  const token = String(login.token);
  const outcomes: DemoAccountOutcome[] = [];
  for (let at = 0; at < accounts.length; at += MAX_DEMO_ACCOUNTS_PER_REQUEST) {
    const batch: DemoAccount[] = accounts.slice(at, at + MAX_DEMO_ACCOUNTS_PER_REQUEST);
    const answer = await call('/admin/demo-accounts', { password, accounts: batch }, token);
    outcomes.push(...(answer.accounts as DemoAccountOutcome[]));
    console.log(`  ${Math.min(at + batch.length, accounts.length)} of ${accounts.length} accounts`);
  }
  return outcomes;
};

const started = performance.now();
let outcomes: DemoAccountOutcome[];
try {
  console.log(`Seeding ${creators} demo creators and ${brands} demo brands...`);
  outcomes = await seedStopped();
} catch (error) {
  if (!(error instanceof Error) || !error.message.includes('is in use by process')) throw error;
  console.log('A server is running on this data directory: seeding through it.');
  outcomes = await seedRunning();
}

const made = outcomes.filter((outcome) => outcome.created);
const creatorsMade = outcomes.filter((outcome) => outcome.role === 'influencer');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  [
    '',
    `Demo data ready in ${seconds} s (${made.length} new accounts, ${outcomes.length - made.length} already there):`,
    `  ${creatorsMade.length} creators, ${creatorsMade.filter((o) => o.verified).length} of them verified (creator-00001@demo.linkcoin.local ...)`,
    ...outcomes
      .filter((outcome) => outcome.role === 'user')
      .map((outcome) => `  brand ${outcome.email} with ${outcome.coins} LinkCoins`),
    `  Every demo account signs in with the password: ${password}`,
    '  They are marked as demo accounts (their e-mail domain, and "demo": true in the directory).',
    '',
    'Run make start and sign in as a brand to browse the directory.',
  ].join('\n'),
);
