import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { anyone } from '../platform/http/endpoint.ts';
import { adminEnv, loginAdmin } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { BoundedContext } from '../platform/context.ts';
import { CONTEXTS } from './composition.ts';

const probeMetadata = () => ({
  actorUserId: null,
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
  timestamp: new Date().toISOString(),
});

describe('the embedded runtime', () => {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });

  it('wires every port from the configuration and serves health on 127.0.0.1', async () => {
    const server = await startTestServer();
    started.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { platform } = server.runtime;
    expect(platform.eventStore.adapter).toBe('sqlite');
    expect(platform.readStore.adapter).toBe('sqlite');
    expect(platform.bus.adapter).toBe('inprocess');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    // Anonymous callers learn the status, not where the data lives.
    const answer = await ready.text();
    expect(JSON.parse(answer)).toEqual({ success: true, status: 'ready' });
    expect(answer).not.toContain(server.dataDir);
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
    await first.runtime.platform.eventStore.append(
      'restart-1',
      [
        {
          type: 'Probe',
          data: { n: 1 },
          metadata: probeMetadata(),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await first.stop();
    const second = await startTestServer({ dataDir });
    const events = await second.runtime.platform.eventStore.readStream('restart-1');
    expect(events.map((e) => e.data)).toEqual([{ n: 1 }]);
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves, projects and runs a context added to the composition list', async () => {
    const reacted: RecordedEvent[] = [];
    const probes: BoundedContext = {
      name: 'probes',
      projections: [
        {
          name: 'probes',
          version: 1,
          collections: [{ name: 'probes' }],
          eventTypes: ['ProbeHappened'],
          apply: (event, tx) => tx.put('probes', event.id, { id: event.id }),
        },
      ],
      create: ({ readStore }) => ({
        endpoints: [
          {
            method: 'get',
            path: '/probes/count',
            summary: 'How many probes the read model holds',
            access: anyone,
            handler: async (_req, res) => {
              res.json({ count: await readStore.collection('probes').count({}) });
            },
          },
        ],
        processes: [
          {
            projection: {
              name: 'pm-probes',
              version: 1,
              collections: [],
              eventTypes: ['ProbeHappened'],
              apply: (event) => void reacted.push(event),
            },
          },
        ],
      }),
    };
    const server = await startTestServer({ contexts: [...CONTEXTS, probes], env: adminEnv });
    started.push(server);
    expect(server.runtime.endpoints.map((e) => e.path)).toContain('/probes/count');
    await server.runtime.platform.eventStore.append(
      'probe-1',
      [{ type: 'ProbeHappened', data: {}, metadata: probeMetadata() }],
      { expectedRevision: 'no_stream' },
    );
    await expect
      .poll(async () => (await (await fetch(`${server.url}/api/probes/count`)).json()) as unknown)
      .toEqual({ count: 1 });
    await expect.poll(() => reacted.map((event) => event.type)).toEqual(['ProbeHappened']);
    const admin = await loginAdmin(server);
    const ready = (await (
      await fetch(`${server.url}/readyz`, { headers: { Authorization: `Bearer ${admin.token}` } })
    ).json()) as { projections: { name: string }[] };
    expect(ready.projections.map((p) => p.name)).toEqual(
      expect.arrayContaining(['profiles', 'otp-records', 'probes']),
    );
  });

  it('refuses to serve the API without exactly one authenticating context', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-contexts-'));
    const withoutAccounts = CONTEXTS.filter((context) => context.name !== 'accounts');
    await expect(startTestServer({ dataDir, contexts: withoutAccounts })).rejects.toThrow(
      /exactly one context providing an authenticator/,
    );
    await rm(dataDir, { recursive: true, force: true });
  });
});
