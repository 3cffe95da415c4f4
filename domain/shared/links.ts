/**
 * The one rule for every URL a user gives us to store (issue 7, deliverable 3): an account's
 * profile link, a video post's link, and (through domain/uploads/urls.ts) picture URLs. The front
 * ends validate with the same zod contracts, and show stored links through their safe-link
 * helper, which applies the same test to what they render.
 */

/**
 * The WHATWG URL parser, a global of every runtime the domain runs in (Node, browsers). The
 * domain's compilation loads neither the DOM's nor Node's types, so the part used is declared.
 */
export type ParsedUrl = Readonly<{
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  /** '' for the scheme's default port. */
  port: string;
}>;
declare const URL: new (input: string) => ParsedUrl;

/** The URL parsed by the WHATWG parser, or null when it is not one. */
export const parseUrl = (value: string): ParsedUrl | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** The longest URL stored: longer than any honest link to a profile, a post or an image. */
export const MAX_URL_LENGTH = 500;

/**
 * Characters no honest address contains: C0 controls, space, DEL, C1 controls, the backslash
 * (browsers read it as a slash), and Unicode spaces, joiners and direction marks, which can hide
 * or reorder what a reader sees (`java\tscript:`, `\u202Egnp.exe`).
 */
const FORBIDDEN =
  // The control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u00a0\u00ad\\\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

/** The scheme, exactly: no `http:evil.com`, no `https:/x`, nothing before it. */
const WEB_SCHEME = /^https?:\/\//i;

/** An ASCII host name (letters, digits, hyphens, underscores in dot-separated labels), a port. */
const NAMED_AUTHORITY =
  /^((?:[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)(?::\d{1,5})?$/i;
const IPV6_AUTHORITY = /^(\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The answers for the addresses checked last (a pure function of the text): a profile's links
 * are checked again at every save of its wizard and every rendering of its view, and each check
 * runs the URL parser. At most CHECKED_KEPT addresses of at most MAX_URL_LENGTH characters, the
 * oldest dropped first.
 */
const CHECKED_KEPT = 2_000;
const checked = new Map<string, boolean>();

/**
 * Whether `value` is an absolute http: or https: address that goes where it reads:
 *
 * - `http://` or `https://` first: no `javascript:`, `data:`, `vbscript:`, `file:`, no relative
 *   or protocol-relative (`//evil.example`) address;
 * - no credentials: `https://instagram.com@evil.example` reads as Instagram and goes elsewhere,
 *   and so does an empty user (`https://@evil.example`);
 * - no control, invisible or direction characters and no backslash anywhere;
 * - an ASCII host, written as the browser will use it: no percent-encoded or Unicode host names
 *   (look-alike letters), no numeric tricks (`http://0x7f.1`, `http://2130706433` are 127.0.0.1);
 * - at most MAX_URL_LENGTH characters.
 *
 * The value is checked as given (callers trim it first): a stored link is what the reader sees.
 */
export const isSafeHttpUrl = (value: string): boolean => {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  let safe = checked.get(value);
  if (safe === undefined) {
    safe = checkHttpUrl(value);
    if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value!);
    checked.set(value, safe);
  }
  return safe;
};

const checkHttpUrl = (value: string): boolean => {
  if (FORBIDDEN.test(value) || !WEB_SCHEME.test(value)) return false;
  const afterScheme = value.slice(value.indexOf('//') + 2);
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return false;
  const host = (NAMED_AUTHORITY.exec(authority) ?? IPV6_AUTHORITY.exec(authority))?.[1];
  if (!host) return false;
  const url = parseUrl(value);
  if (!url) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  // The host the browser goes to is the host the reader sees.
  return url.hostname === host.toLowerCase();
};

/** Like isSafeHttpUrl, and https only: for pictures, which a page must not load over plain http. */
export const isSafeHttpsUrl = (value: string): boolean =>
  isSafeHttpUrl(value) && /^https:/i.test(value);
