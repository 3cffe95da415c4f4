import { uploadedImagesOnly } from '@linkcoin/domain/uploads/urls.ts';
import type { BoundedContext } from '../platform/context.ts';
import { profileEndpoints } from './endpoints.ts';
import { profileFirstScreen } from './first-screen.ts';
import { profileHandlers } from './handlers.ts';
import { profilesProjection } from './projection.ts';

/** Profiles: the wizard's save and the public profile, with contact fields for its owner only. */
export const profilesContext: BoundedContext = {
  name: 'profiles',
  projections: [profilesProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ commands, readStore, progress, clock, uploads, analytics }) => {
    // Pictures only from our own upload storage, wherever it is.
    const isOurImage = uploadedImagesOnly(uploads.urlPrefixes);
    const profiles = profileHandlers({ commands, readStore, progress, isOurImage });
    return {
      endpoints: profileEndpoints({ profiles, clock, isOurImage, analytics }),
      processes: [],
      firstScreens: [profileFirstScreen(profiles, analytics)],
    };
  },
};
