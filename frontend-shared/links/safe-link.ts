/**
 * The one gate for URLs that came from users (profile and post links, pictures, the console's
 * "Profile link"). A link is shown only when it is an absolute http: or https: address; anything
 * else (javascript:, data:, vbscript:, relative or protocol-relative paths, addresses hiding
 * control characters, whitespace or backslashes, addresses carrying a user name) is refused, and
 * the screen shows it as plain text or not at all. Outside links open in a new tab without
 * handing over the opener or the referrer, and search engines get no endorsement from them.
 */

/** `rel` of every link that leaves the site. */
export const OUTSIDE_LINK_REL = 'noopener noreferrer nofollow';

/** Longer than any link worth following (the server caps stored links at 500 characters). */
export const MAX_LINK_LENGTH = 2048;

/**
 * Characters no honest address contains: C0 controls, space, DEL, C1 controls, the backslash
 * (browsers read it as a slash), and Unicode spaces, joiners and direction marks, which can hide
 * or reorder what a reader sees (`java\tscript:`, `\u202Egnp.exe`).
 */
const FORBIDDEN =
  // The control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u00a0\u00ad\\\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

const ABSOLUTE_WEB_ADDRESS = /^https?:\/\//i;

/** Same-origin uploads, exactly as the upload endpoint names them. */
const UPLOADED_FILE_PATH = /^\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9]{2,5}$/;

/** The origin of the page showing the link; links to it are not outside links. */
export function currentOrigin(): string | null {
  return typeof location === 'undefined' ? null : location.origin;
}

/** Parses an absolute http(s) address from a user, or answers null. */
function parseWebAddress(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.length > MAX_LINK_LENGTH) return null;
  if (FORBIDDEN.test(text) || !ABSOLUTE_WEB_ADDRESS.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // https://instagram.com@evil.example reads as Instagram and goes to evil.example.
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}

export type SafeLink = Readonly<{
  /** The address as the browser will follow it (normalised: what is shown is where it goes). */
  href: string;
  /** It leaves the site: opened in a new tab with {@link OUTSIDE_LINK_REL}. */
  external: boolean;
}>;

/** A user's link, or null when it must not be a link. */
export function safeLink(
  value: unknown,
  pageOrigin: string | null = currentOrigin(),
): SafeLink | null {
  const url = parseWebAddress(value);
  if (!url) return null;
  return { href: url.href, external: url.origin !== pageOrigin };
}

export type SafeAnchorAttributes = Readonly<{
  href: string;
  target?: '_blank';
  rel?: string;
}>;

/** The attributes of an `<a>` for a user's link, or null when it must not be a link. */
export function safeAnchorAttributes(
  value: unknown,
  pageOrigin: string | null = currentOrigin(),
): SafeAnchorAttributes | null {
  const link = safeLink(value, pageOrigin);
  if (!link) return null;
  return link.external
    ? { href: link.href, target: '_blank', rel: OUTSIDE_LINK_REL }
    : { href: link.href };
}

/**
 * An image address a user gave, or undefined when it must not be loaded: only our own uploads
 * (`/uploads/<file>` on this origin) and absolute https addresses (the hosted upload service).
 * Never data:, blob:, javascript: or plain http: from elsewhere.
 */
export function safeImageSrc(
  value: unknown,
  pageOrigin: string | null = currentOrigin(),
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (UPLOADED_FILE_PATH.test(text)) return text;
  const url = parseWebAddress(text);
  if (!url) return undefined;
  if (url.protocol === 'https:') return url.href;
  // Plain http only for our own uploads (a development server has no TLS).
  if (url.origin === pageOrigin && UPLOADED_FILE_PATH.test(url.pathname) && !url.search) {
    return url.href;
  }
  return undefined;
}

/** One e-mail address, with nothing that a mailto: link would read as headers or more addresses. */
const PLAIN_EMAIL =
  /^[A-Za-z0-9.!$'*+=^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** A `mailto:` link for one plain address, or null (`a@b.in?bcc=…`, lists, markup). */
export function safeMailtoHref(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const address = email.trim();
  if (address.length > 254 || !PLAIN_EMAIL.test(address)) return null;
  return `mailto:${address}`;
}
