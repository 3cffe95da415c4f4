import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalCheckpoints } from './wal-checkpoints.ts';

/** A connection in WAL mode with one table of 4 KiB rows, as a store opens its file. */
const openFile = (path: string): DatabaseSync => {
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
  `);
  return db;
};

const ROW = 'x'.repeat(4096);

describe('WAL checkpoints in a thread', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-wal-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the log near its threshold while the connection itself never checkpoints', async () => {
    const path = join(dir, 'store.sqlite');
    const db = openFile(path);
    const checkpoints = new WalCheckpoints({
      path,
      synchronous: 'NORMAL',
      thresholdBytes: 256 * 1024,
      checkIntervalMs: 0,
    });
    checkpoints.adopt(db);
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
    // 8 MiB written in 2,000 commits: without a checkpoint the log would hold all of it.
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 50; i++) insert.run(ROW);
      checkpoints.afterCommit();
      await checkpoints.idle();
    }
    expect(checkpoints.completed).toBeGreaterThan(0);
    expect(checkpoints.fellBack).toBe(false);
    expect((await stat(`${path}-wal`)).size).toBeLessThan(3 * 1024 * 1024);
    expect(db.prepare('SELECT count(*) AS n FROM rows').get()).toEqual({ n: 2000 });
    await checkpoints.close();
    db.close();
  });

  it('starts no thread for a log under its threshold', async () => {
    const path = join(dir, 'small.sqlite');
    const db = openFile(path);
    const checkpoints = new WalCheckpoints({ path, synchronous: 'NORMAL', checkIntervalMs: 0 });
    checkpoints.adopt(db);
    db.prepare('INSERT INTO rows (body) VALUES (?)').run('small');
    checkpoints.afterCommit();
    await checkpoints.idle();
    expect(checkpoints.completed).toBe(0);
    await checkpoints.close();
    db.close();
  });

  it('gives the connections SQLite’s own checkpoint back when the thread fails', async () => {
    const path = join(dir, 'failing.sqlite');
    const failing = join(dir, 'failing-worker.mjs');
    await writeFile(failing, "throw new Error('the checkpoint thread cannot start');\n");
    const db = openFile(path);
    let toldOthers = 0;
    const checkpoints = new WalCheckpoints({
      path,
      synchronous: 'NORMAL',
      thresholdBytes: 4096,
      checkIntervalMs: 0,
      workerUrl: pathToFileURL(failing),
      onFallBack: () => (toldOthers += 1),
    });
    checkpoints.adopt(db);
    for (let i = 0; i < 5; i++) db.prepare('INSERT INTO rows (body) VALUES (?)').run(ROW);
    checkpoints.afterCommit();
    await checkpoints.idle();
    expect(checkpoints.fellBack).toBe(true);
    expect(toldOthers).toBe(1);
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 1000 });
    // Later commits ask nothing more of the failed thread.
    checkpoints.afterCommit();
    await checkpoints.idle();
    expect(checkpoints.completed).toBe(0);
    await checkpoints.close();
    db.close();
  });
});
