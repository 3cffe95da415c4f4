/**
 * The distributed runtime on one host: every service its own OS process (two API processes, two
 * gateways, the projector, the process managers, the forwarder), over the embedded SQLite event
 * and read stores in one shared data directory, and the run's real Kafka broker
 * (infra/testing/kafka-global-setup.ts). The services are started as compose starts them:
 * `node services/<service>/main.ts` with the environment.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MessageView,
  PresenceData,
  ReceiptData,
} from '@linkcoin/domain/messaging/contracts.ts';
import { spawnTied, type TiedProcess } from '@linkcoin/infra/shared/tied-process.ts';
import { testKafkaBrokers } from '@linkcoin/infra/testing/kafka.ts';
import { PROJECTIONS } from './composition.ts';
import { REPO_ROOT } from '../platform/config.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { replayCheckOverHttp } from '../testing/audit.ts';
import { changeCollection, grantCoins } from '../testing/collections.ts';
import { ChatClient, wsUrlOf } from '../testing/messaging.ts';

type Service = {
  name: string;
  script: string;
  env: Record<string, string>;
  process: TiedProcess;
  url: string;
  /** Every log line (JSON) it wrote. */
  logs: Record<string, unknown>[];
};

const LEASE_TTL_MS = 2000;
/** Each scenario's time: they wait on processes starting and catching up on a shared machine. */
const SCENARIO_MS = 120_000;

describe('the distributed runtime as separate processes', () => {
  let dataDir: string;
  const services: Service[] = [];
  const clients: ChatClient[] = [];
  let admin: TestUser;
  let brand: TestUser;
  let creator: TestUser;
  const at = (service: Service) => ({ url: service.url, dataDir });
  /** The running service of that name. */
  const named = (name: string) =>
    services.find(
      (s) => s.name === name && s.process.shell.exitCode === null && !s.process.shell.signalCode,
    )!;

  const baseEnv = () => ({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    SHUTDOWN_TIMEOUT_MS: '2000',
    BUS: 'kafka',
    KAFKA_BROKERS: testKafkaBrokers().join(','),
    SINGLETON_LEASE_TTL_MS: String(LEASE_TTL_MS),
    // Batches smaller than the backlog below, so a projector can be killed half-way through it.
    PROJECTION_CATCH_UP_EVENTS: '100',
    SERVE_FRONTENDS: 'false',
    CHAT_MESSAGES_PER_MINUTE: '100000',
    WS_FRAMES_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_WINDOW: '10000',
    OTP_REQUESTS_PER_WINDOW: '10000',
    OTP_VERIFY_ATTEMPTS_PER_WINDOW: '10000',
    AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
    ...adminEnv,
  });

  /** Starts `node <script>` and waits for its banner (which names where it answers). */
  const start = async (
    name: string,
    script: string,
    env: Record<string, string> = {},
  ): Promise<Service> => {
    const fullEnv = { ...baseEnv(), ...env };
    const child = spawnTied(process.execPath, [join(REPO_ROOT, script)], {
      env: { PATH: process.env.PATH ?? '', ...fullEnv },
      cwd: REPO_ROOT,
    });
    const logs: Record<string, unknown>[] = [];
    const errors: string[] = [];
    child.onStderrLine((line) => errors.push(line));
    const url = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.shell.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
          const health = /Health:\s+(http:\/\/\S+)\/healthz/.exec(line);
          if (health) resolve(health[1]!);
        }
      });
      void child.exited.then(() =>
        reject(new Error(`${name} exited while starting:\n${errors.join('\n')}`)),
      );
    });
    const service = { name, script, env, process: child, url, logs };
    services.push(service);
    return service;
  };

  /** Starts a service again, as an orchestrator would after it died. */
  const restart = (service: Service) => start(service.name, service.script, service.env);

  const killHard = async (service: Service) => {
    await service.process.kill('SIGKILL');
    await service.process.exited;
  };

  const connect = async (user: TestUser, gateway: Service) => {
    const client = await ChatClient.connect(wsUrlOf(at(gateway)), user);
    clients.push(client);
    await client.request('join', user.userId);
    return client;
  };

  /** The read store's checkpoints, read as a person would with the sqlite3 shell. */
  const checkpoints = (): Map<string, number | null> => {
    const db = new DatabaseSync(join(dataDir, 'readmodels.db'), { readOnly: true });
    try {
      const rows = db.prepare('SELECT name, position FROM checkpoints').all() as {
        name: string;
        position: number | null;
      }[];
      return new Map(rows.map((row) => [row.name, row.position]));
    } finally {
      db.close();
    }
  };
  const headPosition = (): number => {
    const db = new DatabaseSync(join(dataDir, 'eventstore.db'), { readOnly: true });
    try {
      return (db.prepare('SELECT max(position) AS head FROM events').get() as { head: number })
        .head;
    } finally {
      db.close();
    }
  };
  const projectionPositions = () => {
    const stored = checkpoints();
    return PROJECTIONS.map((projection) => stored.get(projection.name) ?? 0);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-topology-'));
    // The first creates the files (stores, secrets), the second the push keys; then the rest.
    await start('projector', 'services/runtime/roles/projector.ts');
    await start('processes', 'services/runtime/roles/processes.ts');
    await Promise.all([
      start('forwarder', 'services/runtime/roles/forwarder.ts'),
      start('gateway-a', 'services/runtime/roles/gateway.ts', { GATEWAY_NODE_ID: 'gateway-a' }),
      start('gateway-b', 'services/runtime/roles/gateway.ts', { GATEWAY_NODE_ID: 'gateway-b' }),
      start('api-a', 'services/runtime/roles/api.ts'),
    ]);
    await start('api-b', 'services/runtime/roles/api.ts');
    admin = await loginAdmin(at(named('api-a')));
    brand = await registerUser(at(named('api-a')), { role: 'user', ownerName: 'Chai Point' });
    creator = await registerUser(at(named('api-b')), {
      role: 'influencer',
      ownerName: 'Asha Cooks',
    });
    // The brand adds the creator to its list: their chat opens.
    await grantCoins(at(named('api-a')), admin, brand, 5);
    await changeCollection(at(named('api-a')), brand, 'add', creator.userId).expect(201);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await Promise.all(
      services.map(async (service) => {
        await service.process.kill('SIGTERM');
        await service.process.exited;
      }),
    );
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'reads its own writes on another API process',
    async () => {
      const apiA = request(named('api-a').url);
      const apiB = request(named('api-b').url);
      const other = await registerUser(at(named('api-b')), {
        role: 'influencer',
        ownerName: 'Ravi Travels',
      });
      const balance = async () =>
        (await apiB.get('/api/wallet/me').set('Authorization', `Bearer ${brand.token}`).expect(200))
          .body.balance as number;
      const before = await balance();
      await grantCoins(at(named('api-a')), admin, brand, 3);
      expect(await balance()).toBe(before + 3);

      await changeCollection(at(named('api-b')), brand, 'add', other.userId).expect(201);
      const list = await apiA
        .get(`/api/collection/users/${brand.userId}`)
        .set('Authorization', `Bearer ${brand.token}`)
        .expect(200);
      expect(
        list.body.collections.map((entry: { user: { _id: string } }) => entry.user._id).sort(),
      ).toEqual([creator.userId, other.userId].sort());
    },
    SCENARIO_MS,
  );

  it(
    'carries a message from gateway A to gateway B, receipts back, and presence across them',
    async () => {
      const brandSocket = await connect(brand, named('gateway-a'));
      const creatorSocket = await connect(creator, named('gateway-b'));
      await brandSocket.next<PresenceData>(
        'presence',
        (p) => p.userId === creator.userId && p.isOnline,
      );

      const ack = await brandSocket.sendMessage(brand, creator, 'Hello from gateway A');
      const sent = ack.message as MessageView;
      const received = await creatorSocket.next<MessageView>('receive_message');
      expect(received).toMatchObject({ _id: sent._id, content: 'Hello from gateway A' });
      await brandSocket.next<ReceiptData>(
        'message_status',
        (r) => r.messageStatus === 'delivered' && r.upToSeq === sent.seq,
      );
      await creatorSocket.request('mark_as_read', {
        sender: brand.userId,
        receiver: creator.userId,
      });
      await brandSocket.next<ReceiptData>(
        'message_status',
        (r) => r.messageStatus === 'read' && r.upToSeq === sent.seq,
      );

      await creatorSocket.close();
      await brandSocket.next<PresenceData>(
        'presence',
        (p) => p.userId === creator.userId && !p.isOnline,
      );
    },
    SCENARIO_MS,
  );

  it(
    'resumes the read models equal to a rebuild after the projector is killed (-9) while catching up',
    async () => {
      const brandSocket = await connect(brand, named('gateway-a'));
      const creatorSocket = await connect(creator, named('gateway-b'));
      const first = named('projector');
      await killHard(first);
      // A backlog while no projector runs: a thousand messages, and their delivery receipts.
      const sent: MessageView[] = [];
      for (let batch = 0; batch < 20; batch++) {
        const acks = await Promise.all(
          Array.from({ length: 50 }, (_, n) =>
            brandSocket.sendMessage(brand, creator, `Backlog ${batch * 50 + n}`),
          ),
        );
        for (const ack of acks) {
          expect(ack.status).toBe('ok');
          sent.push(ack.message as MessageView);
        }
      }
      await expect
        .poll(() => creatorSocket.received('receive_message').length, { timeout: 60_000 })
        .toBe(1000);
      const backlogFrom = Math.min(...projectionPositions());
      const head = headPosition();
      expect(head - backlogFrom).toBeGreaterThan(1000);

      // A new projector takes the lease once the dead one's has run out, and catches up: it is
      // killed as soon as its checkpoints are between where they were and the head.
      const second = await restart(first);
      await expect
        .poll(
          () => {
            const positions = projectionPositions();
            return positions.some((p) => p > backlogFrom) && Math.min(...positions) < head;
          },
          { timeout: 60_000, interval: 5 },
        )
        .toBe(true);
      await killHard(second);
      const killedAt = projectionPositions();
      expect(Math.min(...killedAt)).toBeLessThan(head);

      await restart(second);
      await expect
        .poll(() => Math.min(...projectionPositions()), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(head);

      const { check } = await replayCheckOverHttp(named('api-a').url, admin);
      expect(check.status).toBe('done');
      expect(check).toMatchObject({ differenceCount: 0, differences: [], error: null });
      const history = await request(named('api-b').url)
        .get(`/api/messages/conversation/${creator.userId}/${brand.userId}`)
        .set('Authorization', `Bearer ${creator.token}`)
        .expect(200);
      // The newest page (newest last) ends with the backlog's last message.
      const last = sent.reduce((a, b) => (a.seq > b.seq ? a : b));
      expect((history.body.conversation as MessageView[]).at(-1)).toMatchObject({
        _id: last._id,
        seq: last.seq,
      });
    },
    SCENARIO_MS,
  );

  it(
    'loses no message and shows none twice when the forwarder is killed and restarts behind',
    async () => {
      const brandSocket = await connect(brand, named('gateway-a'));
      const creatorSocket = await connect(creator, named('gateway-b'));
      const before = (await brandSocket.sendMessage(brand, creator, 'Before the crash'))
        .message as MessageView;
      await creatorSocket.next<MessageView>('receive_message', (m) => m._id === before._id);
      const forwardedBefore = checkpoints().get('forwarder')!;

      const forwarder = named('forwarder');
      await killHard(forwarder);
      const whileDown: MessageView[] = [];
      for (let n = 0; n < 20; n++) {
        const ack = await brandSocket.sendMessage(
          brand,
          creator,
          `While the forwarder is down ${n}`,
        );
        whileDown.push(ack.message as MessageView);
      }
      // A crash between a publish and its checkpoint: the forwarder restarts behind what it had
      // published (the message above and its receipts go out again).
      const db = new DatabaseSync(join(dataDir, 'readmodels.db'));
      try {
        db.exec('PRAGMA busy_timeout = 5000');
        db.prepare("UPDATE checkpoints SET position = ? WHERE name = 'forwarder'").run(
          forwardedBefore - 3,
        );
      } finally {
        db.close();
      }
      await restart(forwarder);

      const expected = [before._id, ...whileDown.map((m) => m._id)];
      await expect
        .poll(
          () =>
            creatorSocket
              .received<MessageView>('receive_message')
              .map((m) => m._id)
              .filter((id) => expected.includes(id)),
          { timeout: 60_000 },
        )
        .toEqual(expected);
      // Everything forwarded again has arrived (the forwarder is at the head): still once each.
      await expect
        .poll(() => checkpoints().get('forwarder'), { timeout: 30_000 })
        .toBe(headPosition());
      await brandSocket.next<ReceiptData>(
        'message_status',
        (r) => r.messageStatus === 'delivered' && r.upToSeq >= whileDown.at(-1)!.seq,
      );
      const ids = creatorSocket.received<MessageView>('receive_message').map((m) => m._id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    },
    SCENARIO_MS,
  );

  it(
    'keeps one forwarder at a time: a second one stands by',
    async () => {
      const second = await start('forwarder-standby', 'services/runtime/roles/forwarder.ts');
      await expect
        .poll(() => second.logs.some((line) => line.msg === 'standing by: another process leads'))
        .toBe(true);
      expect(second.logs.some((line) => String(line.msg).startsWith('leading'))).toBe(false);
    },
    SCENARIO_MS,
  );
});
