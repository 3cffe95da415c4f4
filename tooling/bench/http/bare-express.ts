// The HTTP baseline: a bare express 5 app answering a tiny JSON, in its own process.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { failToBench, serveBench } from './child.ts';

export type BareInfo = Readonly<{ url: string }>;

try {
  const app = express();
  app.get('/ping', (_req, res) => {
    res.json({ success: true });
  });
  // The write baseline parses a JSON body of the same size as a profile save.
  app.put('/ping', express.json({ limit: '1mb' }), (req, res) => {
    res.json({ success: true, received: typeof req.body === 'object' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  serveBench<BareInfo>(
    { url: `http://127.0.0.1:${port}` },
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
} catch (error) {
  failToBench(error);
}
