import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolve, TOKENS } from './tokens.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('the embedded runtime', () => {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });

  it('wires every port from the configuration and serves health on 127.0.0.1', async () => {
    const server = await startTestServer();
    started.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { container } = server.runtime;
    expect(resolve(container, TOKENS.EventStore).adapter).toBe('sqlite');
    expect(resolve(container, TOKENS.ReadStore).adapter).toBe('sqlite');
    expect(resolve(container, TOKENS.Bus).adapter).toBe('inprocess');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(existsSync(join(server.dataDir, 'eventstore.db'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'readmodels.db'))).toBe(true);
  });

  it('refuses a second runtime on the same data directory, and releases it on stop', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-lock-'));
    const first = await startTestServer({ dataDir });
    await expect(startTestServer({ dataDir })).rejects.toThrow(/is in use by process/);
    await first.stop();
    expect(existsSync(join(dataDir, '.lock'))).toBe(false);
    const second = await startTestServer({ dataDir });
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps events appended before a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-restart-'));
    const first = await startTestServer({ dataDir });
    await resolve(first.runtime.container, TOKENS.EventStore).append(
      'restart-1',
      [
        {
          type: 'Probe',
          data: { n: 1 },
          metadata: {
            actorUserId: null,
            correlationId: 'c',
            causationId: null,
            schemaVersion: 1,
            timestamp: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await first.stop();
    const second = await startTestServer({ dataDir });
    const events = await resolve(second.runtime.container, TOKENS.EventStore).readStream(
      'restart-1',
    );
    expect(events.map((e) => e.data)).toEqual([{ n: 1 }]);
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
});
