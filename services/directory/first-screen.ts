import { DIRECTORY_PAGE_SIZE, directoryQuery } from '@linkcoin/domain/directory/search.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { AnalyticsRecorder } from '../platform/analytics/recorder.ts';
import type { FirstScreen } from '../platform/http/first-screen.ts';
import type { DirectoryHandlers } from './handlers.ts';

/**
 * The directory's banner (DirectoryBanner: the page's h1 and its line, the largest thing on a
 * phone's first screen) in plain CSS at the app's breakpoints and type sizes.
 */
const BANNER = `<style>
.fs-banner{padding:40px 0;color:#fff;background:linear-gradient(135deg,#312e81 0%,#4338ca 60%,#6366f1 100%);font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
.fs-banner div{box-sizing:border-box;max-width:1200px;margin:0 auto;padding:0 16px}
.fs-banner h1{margin:0;font-size:26px;line-height:1.2;font-weight:800;letter-spacing:-0.015em}
.fs-banner p{max-width:640px;margin:12px 0 0;font-size:16px;line-height:1.7;opacity:.9}
@media (min-width:600px){.fs-banner div{padding:0 24px}.fs-banner h1{font-size:30px}}
@media (min-width:900px){.fs-banner{padding:56px 0}.fs-banner h1{font-size:33.3328px}.fs-banner p{font-size:18px}}
@media (min-width:1200px){.fs-banner h1{font-size:36px}}
</style>`;
const BANNER_HTML =
  '<header class="fs-banner" aria-hidden="true"><div><h1>Find influencers</h1><p>Search verified Instagram and YouTube creators by name, niche, audience and reach, then add them to your list and start a conversation.</p></div></header>';

/** What the app asks for the directory's first page with no search (directoryQueryOptions). */
const FIRST_PAGE_PATH = `/pageowners/users?page=1&limit=${DIRECTORY_PAGE_SIZE}`;

/**
 * `/influencers` (docs/product-spec.md section 2): the banner painted with the HTML and, for a visitor with no
 * search in the address, the first page's answer for the app (counted against the visitor's
 * listing limit like the request it replaces; past the limit the app asks and is told).
 */
export const directoryFirstScreen = (
  directory: DirectoryHandlers,
  analytics: AnalyticsRecorder,
): FirstScreen => ({
  path: '/influencers',
  render: async (req, res, { anonymous }) => {
    const parts = { head: BANNER, shell: BANNER_HTML };
    if (!anonymous || req.originalUrl.includes('?')) return parts;
    try {
      const request = directoryQuery.parse({ page: '1', limit: String(DIRECTORY_PAGE_SIZE) });
      // The answer goes with the page instead of a request: its impressions are counted here.
      const answer = analytics.shown(
        req,
        res,
        request,
        await directory.search(request, null, req.ip ?? 'unknown'),
      );
      return { ...parts, answers: { [FIRST_PAGE_PATH]: JSON.stringify(answer) } };
    } catch (error) {
      if (error instanceof DomainError) return parts;
      throw error;
    }
  },
});
