// `make rebuild [PROJECTIONS="a b"]`: drops read models and replays them from the event log.
// Retired read models go first, as at a server's start (services/runtime/retirement.ts).
// Run it while the embedded server is stopped (the data directory lock enforces that).
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import { openEventStore, openReadStore } from '@linkcoin/services/runtime/adapters.ts';
import {
  PROJECTIONS as projections,
  RETIRED as retired,
} from '@linkcoin/services/runtime/composition.ts';
import { retireReadModels } from '@linkcoin/services/runtime/retirement.ts';
import { ConfigError, loadConfig } from '@linkcoin/services/platform/config.ts';
import { lockDataDir } from '@linkcoin/services/runtime/data-dir-lock.ts';
import { createLogger } from '@linkcoin/services/runtime/logger.ts';

const names = process.argv
  .slice(2)
  .flatMap((arg) => arg.split(/[\s,]+/))
  .filter(Boolean);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config, 'rebuild');

if (projections.length === 0) {
  console.log('No read models are registered yet: nothing to rebuild.');
  process.exit(0);
}
const known = projections.map((projection) => projection.name);
const gone = retired.filter((model) => names.includes(model.name));
if (gone.length > 0) {
  console.error(
    gone.map((model) => `The read model ${model.name} was retired: ${model.reason}`).join('\n'),
  );
  process.exit(1);
}
const unknown = names.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown read model: ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  process.exit(1);
}

const unlock =
  config.eventStore.adapter === 'sqlite'
    ? lockDataDir(config.dataDir, 'linkcoin rebuild')
    : () => undefined;
const eventStore = await openEventStore(config, logger);
const readStore = await openReadStore(config);
try {
  const dropped = await retireReadModels(retired, projections, {
    commands: createCommandHandler(eventStore),
    readStore,
    clock: { now: () => new Date() },
    logger,
  });
  if (dropped.length > 0) console.log(`Dropped the retired read models ${dropped.join(', ')}.`);
  const targets = names.length > 0 ? names : known;
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: projections.filter((projection) => targets.includes(projection.name)),
    logger,
  });
  const head = await eventStore.headPosition();
  const started = performance.now();
  await runner.rebuild(targets);
  const caughtUp = await runner.waitFor(head, 30 * 60 * 1000);
  await runner.stop();
  if (!caughtUp) throw new Error('The rebuild did not reach the head of the log');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Rebuilt ${targets.join(', ')} from the event log (head position ${head ?? 0}) in ${seconds} s.`,
  );
} finally {
  await readStore.close();
  await eventStore.close();
  unlock();
}
