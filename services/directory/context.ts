import { uploadedImagesOnly } from '@linkcoin/domain/uploads/urls.ts';
import type { BoundedContext } from '../platform/context.ts';
import { newCreatorBoost } from './boost.ts';
import { earlyAdopters } from './early-adopters.ts';
import { directoryEndpoints } from './endpoints.ts';
import { directoryFirstScreen } from './first-screen.ts';
import { landingFirstScreen } from './landing-screen.ts';
import { replyTimes } from './reply-times.ts';
import { directoryHandlers } from './handlers.ts';
import { directoryProjection } from './projection.ts';
import { recommendationsProjection } from './recommendations.ts';
import { memberLimit, visitorLimit } from './visitor-limit.ts';
import { siteMapPages } from './site-map.ts';

/**
 * The creator directory: one read model of every creator (search, filters, ranking), the
 * directory and discovery grid of `GET /api/pageowners/users`, the visibility bar, the process
 * that ends a new creator's boost, and what search engines read of it (robots.txt, and
 * sitemap.xml of the public pages and every creator's profile). Demo data is the demo context's.
 */
export const directoryContext: BoundedContext = {
  name: 'directory',
  projections: [directoryProjection, recommendationsProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({
    config,
    commands,
    readStore,
    eventStore,
    progress,
    clock,
    uploads,
    logger,
    publicUrl,
    analytics,
  }) => {
    const log = logger.child({ component: 'directory' });
    const directory = directoryHandlers({
      commands,
      readStore,
      eventStore,
      progress,
      isOurImage: uploadedImagesOnly(uploads.urlPrefixes),
      discoveryMaxPages: config.directory.discoveryMaxPages,
      visitorLimit: visitorLimit(config.directory.visitorRequestsPerMinute),
      memberLimit: memberLimit(config.directory.memberRequestsPerMinute),
    });
    return {
      endpoints: directoryEndpoints({ directory, clock, analytics }),
      pages: siteMapPages({ readStore, publicUrl }),
      // The landing page is the directory's front door: its hero is painted with the HTML too.
      firstScreens: [landingFirstScreen(), directoryFirstScreen(directory, analytics)],
      processes: [
        newCreatorBoost({ directory, logger: log, tickMs: config.processes.tickMs }),
        earlyAdopters({ commands, rule: config.directory.earlyAdopters }),
        replyTimes({ commands }),
      ],
      onStart: async () => {
        // Said once the read model caught up: an empty directory on a fresh data directory.
        if (!(await progress.waitFor(await eventStore.headPosition(), 3000))) return [];
        if ((await directory.listed()) > 0) return [];
        return [
          '  Directory:      no creators yet. For demo creators and brands, stop the server and',
          '                  run `make seed` (CREATORS=200 BRANDS=5), then `make start` again;',
          '                  or seed it running: ADMIN_EMAIL=... ADMIN_PASSWORD=... make seed',
        ];
      },
    };
  },
};
