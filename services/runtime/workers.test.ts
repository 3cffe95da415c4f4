/**
 * The embedded runtime with two API workers beside its writer (WORKERS=2), started as `make
 * start` starts it: a save answered by one worker is read back by the other at once
 * (read-your-writes across workers), both workers answer, a chat message reaches its receiver's
 * sockets on both workers, and a limit on a person or an address holds across them (the counters
 * are shared through the writer).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { spawnTied, type TiedProcess } from '@linkcoin/infra/shared/tied-process.ts';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import { ChatClient, openConversation } from '../testing/messaging.ts';
import { startTestServer } from '../testing/test-server.ts';
import { creatorWizard } from '../testing/profiles.ts';
import { REPO_ROOT } from '../platform/config.ts';
import { defaultWorkers } from '../platform/config.ts';

const LOGIN_ATTEMPTS = 4;
const VISITOR_REQUESTS = 5;

describe('WORKERS=2: two API workers and one writer', () => {
  let dataDir: string;
  let server: TiedProcess;
  let url: string;
  const logs: {
    pid?: number;
    msg?: string;
    userId?: string;
    req?: { method: string; url: string };
  }[] = [];
  const JWT_SECRET = randomBytes(32).toString('hex');
  let brand: TestUser;
  let creator: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-workers-'));
    // A brand and a creator with a conversation open, seeded in process on the same data
    // directory (with the same signing secret, so their sessions hold in the workers).
    const seeding = await startTestServer({ dataDir, env: { JWT_SECRET } });
    brand = await registerUser(seeding, { role: 'user' });
    creator = await registerUser(seeding, { role: 'influencer', ownerName: 'Chat Across' });
    await openConversation(seeding, brand, creator);
    await seeding.stop();
    server = spawnTied(process.execPath, [join(REPO_ROOT, 'services/runtime/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WORKERS: '2',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
        SQLITE_SYNCHRONOUS: 'FULL',
        SERVE_FRONTENDS: 'false',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
        LOGIN_ATTEMPTS_PER_WINDOW: String(LOGIN_ATTEMPTS),
        DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: String(VISITOR_REQUESTS),
        CHAT_MESSAGES_PER_MINUTE: '100000',
        JWT_SECRET,
      },
    });
    const errors: string[] = [];
    server.onStderrLine((line) => errors.push(line));
    url = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      server.shell.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.startsWith('{')) logs.push(JSON.parse(line) as (typeof logs)[number]);
          const api = /API:\s+(http:\/\/\S+)\/api/.exec(line);
          if (api) resolve(api[1]!);
        }
      });
      void server.exited.then(() =>
        reject(new Error(`exited while starting:\n${errors.join('\n')}`)),
      );
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await server?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers read-your-writes across workers, from both workers', async () => {
    const creator = await registerUser(
      { url, dataDir },
      { role: 'influencer', ownerName: 'Two Workers' },
    );
    for (let i = 0; i < 12; i++) {
      const description = `Saved on round ${i}`;
      // A new connection each time: the cluster hands connections to the workers in turn.
      const saved = await request(url)
        .put(`/api/pageowners/updateUser/${creator.userId}`)
        .set('Authorization', `Bearer ${creator.token}`)
        .send(creatorWizard({ ownerName: 'Two Workers', description }))
        .expect(200);
      expect(saved.body.user.description).toBe(description);
      const read = await request(url).get(`/api/pageowners/user/${creator.userId}`).expect(200);
      expect(read.body.data.description).toBe(description);
    }
    const served = new Set(
      logs.filter((line) => line.msg === 'request completed').map((line) => line.pid),
    );
    expect(served.size).toBe(2);
  });

  /** The pids that answered requests to `path`. */
  const servedBy = (path: string) =>
    new Set(
      logs
        .filter((line) => line.msg === 'request completed' && line.req?.url.startsWith(path))
        .map((line) => line.pid),
    );

  it('counts failed sign-ins for an address across workers (express-rate-limit counters)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_ATTEMPTS + 3; i++) {
      // A new connection each time: the attempts land on both workers.
      const res = await request(url)
        .post('/api/pageowners/login')
        .send({ email: 'nobody-here@example.com', password: `guess number ${i}` });
      statuses.push(res.status);
    }
    // Counted per worker, each would allow LOGIN_ATTEMPTS failures: eight guesses, not four.
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_ATTEMPTS).fill(401),
      ...Array<number>(3).fill(429),
    ]);
    expect(servedBy('/api/pageowners/login').size).toBe(2);
  });

  it('counts a visitor’s searches across workers (rate-limiter-flexible counters)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < VISITOR_REQUESTS + 2; i++) {
      const res = await request(url).get('/api/pageowners/users').query({ page: 1 });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(VISITOR_REQUESTS).fill(200),
      ...Array<number>(2).fill(429),
    ]);
    expect(servedBy('/api/pageowners/users').size).toBe(2);
  });

  it('carries bursts of chat messages to the receiver’s sockets on both workers', async () => {
    const ws = `${url.replace(/^http/, 'ws')}/ws`;
    const sender = await ChatClient.connect(ws, brand);
    // Connections go to the workers in turn: the receiver's two sockets are on both, so one of
    // them hears through the writer's bus, the other maybe straight from the sending worker.
    const receivers = [
      await ChatClient.connect(ws, creator),
      await ChatClient.connect(ws, creator),
    ];
    // (The workers' log lines reach this process a moment after the sockets open.)
    await vi.waitFor(() => {
      const opened = logs.filter(
        (line) => line.msg === 'websocket opened' && line.userId === creator.userId,
      );
      expect(new Set(opened.map((line) => line.pid)).size).toBe(2);
    });
    onTestFinished(async () => {
      await Promise.all([sender, ...receivers].map((client) => client.close()));
    });
    const sent: string[] = [];
    // Six bursts of 50 at once (a socket holds at most 100 frames waiting its turn).
    for (let burst = 0; burst < 6; burst++) {
      const contents = Array.from({ length: 50 }, (_, i) => `burst ${burst} message ${i}`);
      const acks = await Promise.all(
        contents.map((content) => sender.sendMessage(brand, creator, content)),
      );
      expect(acks.map((ack) => ack.status)).toEqual(contents.map(() => 'ok'));
      sent.push(...contents);
    }
    for (const receiver of receivers) {
      await receiver.next<{ content: string }>('receive_message', (m) => m.content === sent.at(-1));
      for (const content of sent) {
        await receiver.next<{ content: string }>('receive_message', (m) => m.content === content);
      }
      const heard = receiver.received<{ content: string }>('receive_message').map((m) => m.content);
      expect(heard.length).toBe(sent.length);
      expect(new Set(heard)).toEqual(new Set(sent));
    }
  });

  it('has a sensible default: one process on two cores, a worker per spare core above', () => {
    expect(defaultWorkers('sqlite', 1)).toBe(1);
    expect(defaultWorkers('sqlite', 2)).toBe(1);
    expect(defaultWorkers('sqlite', 4)).toBe(3);
    expect(defaultWorkers('sqlite', 16)).toBe(4);
    expect(defaultWorkers('kurrentdb', 16)).toBe(1);
  });
});
