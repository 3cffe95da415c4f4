import { uploadedImagesOnly } from '@linkcoin/domain/uploads/urls.ts';
import type { BoundedContext } from '../platform/context.ts';
import { profileEndpoints } from './endpoints.ts';
import { profileHandlers } from './handlers.ts';
import { profilesProjection } from './projection.ts';

/** Profiles: the wizard's save and the public profile, with contact fields for its owner only. */
export const profilesContext: BoundedContext = {
  name: 'profiles',
  projections: [profilesProjection],
  create: ({ commands, readStore, progress, clock, uploads, analytics }) => {
    // Pictures only from our own upload storage, wherever it is.
    const isOurImage = uploadedImagesOnly(uploads.urlPrefixes);
    return {
      endpoints: profileEndpoints({
        profiles: profileHandlers({ commands, readStore, progress, isOurImage }),
        clock,
        isOurImage,
        analytics,
      }),
      processes: [],
    };
  },
};
