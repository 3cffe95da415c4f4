import type { Measure } from '../measure.ts';
import { appends } from './appends.ts';
import { audit } from './audit.ts';
import { chat, chatOnWorkers } from './chat.ts';
import { collections, collectionsOnWorkers } from './collections.ts';
import { commands } from './commands.ts';
import { directory } from './directory.ts';
import { history } from './history.ts';
import { httpProfiles } from './http-profiles.ts';
import { httpWorkers } from './http-workers.ts';
import { insights } from './insights.ts';
import { liveDelivery } from './live-delivery.ts';
import { payments } from './payments.ts';
import { serverMemory } from './memory.ts';
import { replay } from './replay.ts';

/**
 * Every measure of `make bench`, in the order they run and appear in the table. A new measure
 * is one module under measures/ and one line here; HTTP measures share the harness (one server,
 * one bare app), and the memory figures come last, after all the load.
 */
export const measures: readonly Measure[] = [
  appends,
  replay,
  audit,
  commands,
  history,
  liveDelivery,
  httpProfiles,
  httpWorkers,
  payments,
  collections,
  collectionsOnWorkers,
  chat,
  chatOnWorkers,
  directory,
  insights,
  serverMemory,
];
