// The durable write baseline (issue 22): a bare express 5 app whose PUT parses the JSON body and
// inserts it with raw node:sqlite into a file with synchronous=FULL, group-committed across the
// requests that arrive together (one transaction, one fsync, then every answer), in its own
// process. The physical limit of a durable write on this stack: writes are judged against it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import express, { type Response } from 'express';
import { failToBench, serveBench } from './child.ts';

export type DurableBareInfo = Readonly<{ url: string }>;

try {
  const dir = mkdtempSync(join(tmpdir(), 'linkcoin-bench-durable-'));
  const db = new DatabaseSync(join(dir, 'writes.db'));
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    CREATE TABLE writes (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
  `);
  const insert = db.prepare('INSERT INTO writes (body) VALUES (?)');
  let queue: { body: string; res: Response }[] = [];
  let scheduled = false;
  const commit = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    db.exec('BEGIN IMMEDIATE');
    for (const item of batch) insert.run(item.body);
    db.exec('COMMIT');
    for (const item of batch) item.res.json({ success: true });
  };
  const app = express();
  app.put('/ping', express.json({ limit: '1mb' }), (req, res) => {
    queue.push({ body: JSON.stringify(req.body), res });
    if (!scheduled) {
      scheduled = true;
      setImmediate(commit);
    }
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  serveBench<DurableBareInfo>(
    { url: `http://127.0.0.1:${port}` },
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  );
} catch (error) {
  failToBench(error);
}
