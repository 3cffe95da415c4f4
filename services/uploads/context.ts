import type { BoundedContext } from '../runtime/bounded-context.ts';
import { uploadEndpoints } from './endpoints.ts';

/** Uploads: images checked by content and stored under random names. No streams, no read model. */
export const uploadsContext: BoundedContext = {
  name: 'uploads',
  projections: [],
  create: ({ uploads, config }) => ({
    endpoints: uploadEndpoints({ storage: uploads, maxBytes: config.uploads.maxBytes }),
    processes: [],
  }),
};
