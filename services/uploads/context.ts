import type { BoundedContext } from '../platform/context.ts';
import { uploadEndpoints } from './endpoints.ts';
import { uploadHandlers } from './handlers.ts';
import { orphanUploads } from './orphans.ts';

/**
 * Uploads: images checked by content and pixel size, re-encoded without metadata, stored under
 * random names, counted against a per-user quota (stream `uploads-{userId}`), and deleted when no
 * profile refers to them after a grace period (the orphan process).
 */
export const uploadsContext: BoundedContext = {
  name: 'uploads',
  projections: [],
  security: new URL('./security.ts', import.meta.url),
  create: ({ uploads, config, commands, clock, logger }) => {
    const uploadsLogger = logger.child({ component: 'uploads' });
    return {
      endpoints: uploadEndpoints({
        uploads: uploadHandlers({ commands, storage: uploads, logger: uploadsLogger }),
        maxBytes: config.uploads.maxBytes,
        clock,
      }),
      processes: [
        orphanUploads({
          commands,
          storage: uploads,
          logger: logger.child({ component: 'processes' }),
          tickMs: config.processes.tickMs,
        }),
      ],
    };
  },
};
