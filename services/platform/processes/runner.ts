import type { LogSource } from '@linkcoin/infra/eventstore/log-dispatcher.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { ProcessManager } from './process-manager.ts';

/** Runs the process managers: their event handlers through a projection runner, and their ticks. */
export class ProcessManagerRunner {
  readonly #runner: ProjectionRunner;
  readonly #managers: readonly ProcessManager[];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<Promise<void>>();
  readonly #options: { readStore: ReadStore; logger: Logger; clock: Clock };

  constructor(options: {
    eventStore: EventStore;
    log?: LogSource;
    readStore: ReadStore;
    managers: readonly ProcessManager[];
    logger: Logger;
    clock: Clock;
  }) {
    this.#managers = options.managers;
    this.#options = options;
    this.#runner = new ProjectionRunner({
      eventStore: options.eventStore,
      ...(options.log ? { log: options.log } : {}),
      readStore: options.readStore,
      projections: options.managers.map((manager) => manager.projection),
      logger: options.logger,
    });
  }

  get runner(): ProjectionRunner {
    return this.#runner;
  }

  async start(): Promise<void> {
    await this.#runner.start();
    for (const manager of this.#managers) {
      const tick = manager.tick;
      if (!tick) continue;
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        const run = tick
          .run(this.#options.clock.now(), this.#options.readStore)
          .catch((error: unknown) =>
            this.#options.logger.error(
              { err: error, processManager: manager.projection.name },
              'process manager tick failed; it runs again at the next interval',
            ),
          )
          .finally(() => {
            busy = false;
            this.#running.delete(run);
          });
        this.#running.add(run);
      }, tick.intervalMs);
      timer.unref();
      this.#timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    await Promise.all(this.#running);
    await this.#runner.stop();
  }
}
