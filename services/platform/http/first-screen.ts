import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

/**
 * What the server puts into the app's index.html for one route, so a phone paints the page's
 * first screen with the HTML (no JavaScript yet) and the app starts without a round trip:
 *
 * - `head`: tags for `<head>` (a preload of the picture the first screen shows, its styles);
 * - `shell`: markup painted under the app shell's top bar until the app replaces it;
 * - `answers`: public API answers by the path the app asks for them (`/pageowners/user/ID`),
 *   each the JSON text the API would send an anonymous caller. The app takes each once, for an
 *   anonymous request, instead of fetching it (frontend-user/src/lib/first-screen.ts).
 *
 * Only what anyone may read. A browser with a session gets the shell but no answers (the app
 * asks with its token: an owner sees their contact fields). A renderer answers null when there
 * is nothing to show (a missing profile gets the plain app, whose request answers the
 * missing-profile page).
 */
export type FirstScreenParts = Readonly<{
  head?: string;
  shell?: string;
  answers?: Readonly<Record<string, string>>;
}>;

export type FirstScreen = Readonly<{
  /** An express path of the user app, e.g. `/Profile/:userId`. */
  path: string;
  /** `anonymous`: no session cookie came with the request (answers are used then only). */
  render: (
    req: Request,
    res: Response,
    viewer: Readonly<{ anonymous: boolean }>,
  ) => Promise<FirstScreenParts | null>;
}>;

/**
 * The cookie a browser with a session carries beside its refresh cookie (readable by the page,
 * no secret in it): the accounts context sets it, the first screens read it.
 */
export const SIGNED_IN_COOKIE = 'linkcoin_signed_in';

/** The place in index.html (inside `#root`, after the top bar) where a route's shell goes. */
export const SHELL_MARKER = '<!--first-screen-->';
/** The id of the `<script type="application/json">` that carries the answers. */
export const ANSWERS_ELEMENT_ID = 'first-screen-answers';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (creator-controlled: names, descriptions) as HTML text or an attribute's value. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * JSON text made inert inside `<script type="application/json">`: `<` (so no `</script>` or
 * `<!--` ends or changes the element), `>` and `&` as JSON escapes. JSON.parse gives the same
 * value back; a `<` can only stand inside a JSON string, where `\u003c` means the same.
 */
export const scriptSafeJson = (json: string): string =>
  json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Whether the request comes from a browser with a session (its marker cookie, not emptied). */
export const signedInBrowser = (req: Request): boolean =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .some((part) => part.startsWith(`${SIGNED_IN_COOKIE}=`) && part !== `${SIGNED_IN_COOKIE}=`);

/** index.html with a route's parts put in. */
export const withFirstScreen = (template: string, parts: FirstScreenParts): string => {
  const answers = Object.entries(parts.answers ?? {});
  const data =
    answers.length === 0
      ? ''
      : `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${scriptSafeJson(
          `{${answers.map(([path, json]) => `${JSON.stringify(path)}:${json}`).join(',')}}`,
        )}</script>`;
  return template
    .replace('</head>', () => `${parts.head ?? ''}</head>`)
    .replace(SHELL_MARKER, () => parts.shell ?? '')
    .replace('</body>', () => `${data}</body>`);
};

/**
 * The user app's page for a route with a first screen: index.html with the route's parts, or
 * the plain app (`next`) when the renderer has none. The page revalidates (`no-cache`) with an
 * ETag of its text, so a changed profile is sent again and an unchanged one answers 304; it
 * depends on the session cookie as well as on the encoding.
 */
export const firstScreenPage =
  (template: () => string | null, screen: FirstScreen): RequestHandler =>
  async (req, res, next) => {
    const html = template();
    if (html === null || req.accepts(['html', 'json']) !== 'html') return next();
    const anonymous = !signedInBrowser(req);
    let parts: FirstScreenParts | null;
    try {
      parts = await screen.render(req, res, { anonymous });
    } catch (error) {
      // The page never fails for its first screen: the plain app asks the API itself.
      req.log.warn({ err: error, path: screen.path }, 'first screen not rendered');
      return next();
    }
    if (parts === null) return next();
    const page = withFirstScreen(html, anonymous ? parts : { ...parts, answers: {} });
    // Private: the page may carry a visitor's own viewer cookie (insights), which no shared
    // cache may hand to the next visitor.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('ETag', `W/"${createHash('sha1').update(page).digest('base64url')}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('html').send(page);
  };
