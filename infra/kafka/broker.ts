/**
 * A real Apache Kafka broker on this machine, without containers: the jars come from Maven
 * Central (infra/kafka/pom.xml, copied once into the git-ignored infra/kafka/.cache/), a KRaft
 * single-node store is formatted in a temporary folder, and `kafka.Kafka` runs on free loopback
 * ports with Java (17+) until `stop()`, which also deletes the folder. The tests start one for a
 * whole run (infra/testing/kafka-global-setup.ts); `node infra/kafka/broker.ts` starts one by
 * hand and prints its address.
 *
 * The broker dies with the process that started it (infra/shared/tied-process.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import kafkajs from 'kafkajs';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../bus/port.ts';
import { spawnTied, type TiedProcess } from '../shared/tied-process.ts';

const here = dirname(fileURLToPath(import.meta.url));
const POM = join(here, 'pom.xml');
const CACHE = join(here, '.cache');

export type KafkaBroker = Readonly<{
  /** `127.0.0.1:<port>`, for KAFKA_BROKERS and the bus adapter's `brokers`. */
  address: string;
  /** Milliseconds from spawning java to the broker answering a metadata request. */
  startMs: number;
  /** Stops the broker (SIGTERM, then SIGKILL after a grace period) and deletes its folder. */
  stop: () => Promise<void>;
}>;

export type KafkaBrokerOptions = Readonly<{
  /** Largest record batch the broker accepts (`message.max.bytes`); the bus adapter's default. */
  maxMessageBytes?: number;
  /** How long to wait for the broker to answer. */
  startTimeoutMs?: number;
}>;

const run = (command: string, args: readonly string[]) =>
  spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const requireTool = (command: string, args: readonly string[], install: string): void => {
  const probe = run(command, args);
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `A Kafka broker for the tests needs \`${command}\` on PATH (${install}): ${
        probe.error?.message ?? probe.stderr.trim()
      }`,
    );
  }
};

/**
 * The folder holding the broker's jars, resolved with Maven on first use (and again when the
 * pom changes: the folder is named by the pom's hash). Synchronous: called once per test run.
 */
export const kafkaJars = (): string => {
  const hash = createHash('sha256').update(readFileSync(POM)).digest('hex').slice(0, 12);
  const lib = join(CACHE, `lib-${hash}`);
  if (existsSync(join(lib, '.complete'))) return lib;
  requireTool('mvn', ['-v'], 'Debian: apt-get install maven');
  mkdirSync(CACHE, { recursive: true });
  // Resolved into a folder of its own, then renamed: a run stopped half-way leaves no half cache.
  const partial = join(CACHE, `partial-${process.pid}-${randomBytes(4).toString('hex')}`);
  const resolved = run('mvn', [
    '-B',
    '-q',
    '-f',
    POM,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${partial}`,
    '-DincludeScope=runtime',
  ]);
  if (resolved.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(
      `Maven could not resolve Kafka (infra/kafka/pom.xml):\n${resolved.stdout}${resolved.stderr}`,
    );
  }
  // An empty marker file: the folder is complete.
  writeFileSync(join(partial, '.complete'), '');
  try {
    renameSync(partial, lib);
  } catch (error) {
    // Another run resolved the same pom meanwhile: keep theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(lib, '.complete'))) throw error;
  }
  for (const entry of readdirSync(CACHE)) {
    if (entry.startsWith('lib-') && entry !== `lib-${hash}`) {
      rmSync(join(CACHE, entry), { recursive: true, force: true });
    }
  }
  return lib;
};

/** A port nobody listens on now (the broker binds it a moment later). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** The single-node KRaft configuration the tests run: both roles, loopback only. */
export const serverProperties = (options: {
  brokerPort: number;
  controllerPort: number;
  logDir: string;
  maxMessageBytes: number;
}): string =>
  [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${options.controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${options.brokerPort},CONTROLLER://127.0.0.1:${options.controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${options.brokerPort}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${options.logDir}`,
    // As the compose stack: topics come from the bus adapter, with the partitions it asks for.
    'auto.create.topics.enable=false',
    'num.partitions=3',
    // One event of the event store's largest size fits in one message (see the bus adapter).
    `message.max.bytes=${options.maxMessageBytes}`,
    `replica.fetch.max.bytes=${options.maxMessageBytes}`,
    'offsets.topic.replication.factor=1',
    // Fewer partitions than the default 50 for the group offsets: created in a blink.
    'offsets.topic.num.partitions=5',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    '',
  ].join('\n');

const JVM_OPTIONS = [
  '-Xms128m',
  '-Xmx512m',
  '-XX:+UseSerialGC',
  '-Djava.awt.headless=true',
  '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
  '-Dorg.slf4j.simpleLogger.logFile=System.err',
];

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the broker answers a metadata request (its port opens before it is ready). */
const waitUntilAnswering = async (
  address: string,
  port: number,
  broker: TiedProcess,
  timeoutMs: number,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void broker.exited.then(() => (gone = true));
  const exited = () => gone;
  while (!(await portAnswers(port))) {
    if (exited()) throw new Error('the broker exited while starting');
    if (Date.now() > deadline) throw new Error(`the broker did not listen within ${timeoutMs} ms`);
    await pause(100);
  }
  const admin = new kafkajs.Kafka({
    clientId: 'linkcoin-broker-probe',
    brokers: [address],
    logLevel: kafkajs.logLevel.NOTHING,
    retry: { retries: 0 },
  }).admin();
  for (;;) {
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      if (cluster.controller !== null && cluster.brokers.length > 0) return;
    } catch {
      // Not ready yet.
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    if (exited()) throw new Error('the broker exited while starting');
    if (Date.now() > deadline) throw new Error(`the broker did not answer within ${timeoutMs} ms`);
    await pause(200);
  }
};

/** Formats a fresh KRaft store in a temporary folder and starts the broker on it. */
export const startKafkaBroker = async (options: KafkaBrokerOptions = {}): Promise<KafkaBroker> => {
  requireTool(
    'java',
    ['-version'],
    'Java 17 or later; Debian: apt-get install openjdk-17-jre-headless',
  );
  const lib = kafkaJars();
  const classpath = join(lib, '*');
  const folder = await mkdtemp(join(tmpdir(), 'linkcoin-kafka-'));
  const [brokerPort, controllerPort] = [await freePort(), await freePort()];
  const address = `127.0.0.1:${brokerPort}`;
  const config = join(folder, 'server.properties');
  await writeFile(
    config,
    serverProperties({
      brokerPort,
      controllerPort,
      logDir: join(folder, 'data'),
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    }),
  );
  // A KRaft cluster id: 16 random bytes in URL-safe base64 without padding, as kafka-storage
  // random-uuid prints.
  const clusterId = randomBytes(16).toString('base64url');
  const formatted = run('java', [
    ...JVM_OPTIONS,
    '-cp',
    classpath,
    'kafka.tools.StorageTool',
    'format',
    // Joined with `=`: an id may begin with '-', which would read as an option.
    `--cluster-id=${clusterId}`,
    `--config=${config}`,
    '--ignore-formatted',
  ]);
  if (formatted.status !== 0) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`kafka-storage format failed:\n${formatted.stdout}${formatted.stderr}`);
  }

  const startedAt = performance.now();
  const broker = spawnTied('java', [...JVM_OPTIONS, '-cp', classpath, 'kafka.Kafka', config]);
  // The broker's warnings, kept for the error message should it fail to start.
  let stderr = '';
  broker.onStderrLine((line) => {
    stderr = `${stderr}${line}\n`.slice(-8000);
  });
  broker.shell.stdout?.resume();
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await broker.kill('SIGTERM');
      const killer = setTimeout(() => void broker.kill('SIGKILL'), 10_000);
      await broker.exited;
      clearTimeout(killer);
      await rm(folder, { recursive: true, force: true });
    })());
  try {
    await waitUntilAnswering(address, brokerPort, broker, options.startTimeoutMs ?? 90_000);
  } catch (error) {
    await stop();
    throw new Error(
      `Kafka did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`,
      { cause: error },
    );
  }
  return { address, startMs: Math.round(performance.now() - startedAt), stop };
};

// `node infra/kafka/broker.ts`: a broker for a manual run of the distributed runtime.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broker = await startKafkaBroker();
  console.log(`Kafka ${broker.address} answered after ${broker.startMs} ms. Stop with Ctrl+C.`);
  console.log(`  BUS=kafka KAFKA_BROKERS=${broker.address}`);
  const shutdown = () => void broker.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
