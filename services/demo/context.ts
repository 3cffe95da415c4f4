import type { BoundedContext } from '../platform/context.ts';
import { demoEndpoints } from './endpoints.ts';
import { demoHandlers } from './handlers.ts';
import { demoSeeder } from './seeder.ts';

/**
 * Demo data (`make seed`): demo creators and brands made through the real commands of the other
 * contexts, each once, for an admin's `POST /api/admin/demo-accounts` on a running server (the CLI
 * runs the same seeder on the stores of a stopped one). It has no read model and no process; it
 * is a context so that the fence keeps it, the one writer of several contexts' streams in a row,
 * apart from them. Never in production.
 */
export const demoContext: BoundedContext = {
  name: 'demo',
  projections: [],
  security: new URL('./security.ts', import.meta.url),
  create: ({ config, commands, eventStore, progress, clock, uploads, logger }) => {
    const seeder =
      config.env === 'production'
        ? null
        : demoSeeder({ commands, uploads, logger: logger.child({ component: 'demo' }) });
    const demo = demoHandlers({ seeder, eventStore, progress });
    return { endpoints: demoEndpoints({ demo, clock }), processes: [] };
  },
};
