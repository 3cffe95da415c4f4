/**
 * kill -9 during a burst of saves: every save the server acknowledged is in the log after a
 * restart, and the read models resume from their checkpoints to exactly what a rebuild from the
 * log gives (the auditors' replay check finds no difference).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import { creatorWizard } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { CONTEXTS, projectionsOf } from '../runtime/composition.ts';
import { runReplayCheck } from './replay-check.ts';

const CHILD = join(import.meta.dirname, '../testing/runtime-child.ts');

const startChild = (dataDir: string) =>
  new Promise<{ child: ChildProcess; url: string }>((ok, fail) => {
    const child = fork(CHILD, [], {
      env: {
        ...process.env,
        LINKCOIN_CHILD_DATA_DIR: dataDir,
        // The product's default: every acknowledged write is on disk (the writer thread's).
        LINKCOIN_CHILD_ENV: JSON.stringify({ SQLITE_SYNCHRONOUS: 'FULL' }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    child.once('message', (message: { url: string }) => ok({ child, url: message.url }));
    child.once('exit', (code) =>
      fail(new Error(`the runtime exited before it listened (${code})`)),
    );
  });

describe('kill -9 during a burst of saves', () => {
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;
  let restarted: TestServer | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await restarted?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, and the read models resume equal to a rebuild', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-crash-'));
    const started = await startChild(dataDir);
    child = started.child;
    const server = { url: started.url, dataDir };
    const users: TestUser[] = [];
    for (let i = 0; i < 4; i++) {
      users.push(await registerUser(server, { role: 'influencer', ownerName: `Crash ${i}` }));
    }
    const acknowledged: { userId: string; description: string }[] = [];
    let sent = 0;
    let killed = false;
    const save = async (user: TestUser) => {
      while (!killed) {
        const description = `Burst save number ${++sent} by ${user.userId}`;
        const answer = await request(server.url)
          .put(`/api/pageowners/updateUser/${user.userId}`)
          .set('Authorization', `Bearer ${user.token}`)
          .send(creatorWizard({ ownerName: 'Crash', description }))
          .then(
            (response) => response.status,
            () => 0, // the connection died with the server: not acknowledged
          );
        if (answer === 200) acknowledged.push({ userId: user.userId, description });
      }
    };
    const burst = users.flatMap((user) => [save(user), save(user)]);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    killed = true;
    await Promise.all(burst);
    await new Promise<void>((done) =>
      child!.exitCode !== null || child!.signalCode ? done() : child!.once('exit', () => done()),
    );
    expect(sent).toBeGreaterThan(acknowledged.length); // some were in flight when it died

    restarted = await startTestServer({ dataDir });
    const eventStore = restarted.runtime.platform.eventStore;
    const readStore = restarted.runtime.platform.readStore;
    const progress = restarted.runtime.platform.progress;
    for (const { userId, description } of acknowledged) {
      const events = await eventStore.readStream(`profile-${userId}`);
      expect(JSON.stringify(events.map((e) => e.data))).toContain(description);
    }
    expect(await progress.waitFor(await eventStore.headPosition(), 20_000)).toBe(true);
    const outcome = await runReplayCheck(
      { eventStore, readStore, scratchDirectory: dataDir },
      projectionsOf(CONTEXTS),
    );
    expect(outcome.differences).toEqual([]);
    expect(outcome.differenceCount).toBe(0);
  });
});
