import { describe, expect, it } from 'vitest';
import {
  OUTSIDE_LINK_REL,
  safeAnchorAttributes,
  safeImageSrc,
  safeLink,
  safeMailtoHref,
} from './safe-link.ts';

const ORIGIN = 'https://linkcoin.example';

/** Inputs that must never become a link, whatever the browser would make of them. */
const EVIL_LINKS: readonly (readonly [string, unknown])[] = [
  ['javascript: URL', 'javascript:alert(document.cookie)'],
  ['javascript: in capitals', 'JaVaScRiPt:alert(1)'],
  ['javascript: after a space', ' javascript:alert(1)'],
  ['javascript: after a newline', '\njavascript:alert(1)'],
  ['javascript: with a tab inside', 'java\tscript:alert(1)'],
  ['javascript: with a newline inside', 'java\nscript:alert(1)'],
  ['javascript: with a carriage return inside', 'java\rscript:alert(1)'],
  ['javascript: with a NUL inside', 'java\u0000script:alert(1)'],
  ['javascript: with a zero-width space', 'java\u200bscript:alert(1)'],
  ['javascript: with a soft hyphen', 'java\u00adscript:alert(1)'],
  ['javascript: behind a BOM', '\ufeffjavascript:alert(1)'],
  ['javascript: with an entity', '&#106;avascript:alert(1)'],
  ['javascript: with a percent-encoded letter', '%6Aavascript:alert(1)'],
  ['javascript: made to look like http', 'javascript://https://instagram.com/%0aalert(1)'],
  ['vbscript: URL', 'vbscript:msgbox("x")'],
  ['data: HTML', 'data:text/html,<script>alert(1)</script>'],
  ['data: base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['data: SVG image', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ['blob: URL', 'blob:https://linkcoin.example/1234'],
  ['file: URL', 'file:///etc/passwd'],
  ['ftp: URL', 'ftp://files.example/x'],
  ['mailto: URL', 'mailto:someone@example.in'],
  ['a relative path', 'profile/asha'],
  ['a root-relative path', '/Profile/123'],
  ['a protocol-relative address', '//evil.example/x'],
  ['a backslashed protocol-relative address', '\\\\evil.example/x'],
  ['http without slashes', 'https:evil.example'],
  ['http with backslashes', 'https:\\\\evil.example'],
  ['a backslash after the host', 'https://evil.example\\@instagram.com'],
  ['a user name posing as the host', 'https://instagram.com@evil.example/asha'],
  ['a user name and password', 'https://user:pw@instagram.com/'],
  ['an address with a space', 'https://instagram.com/asha cooks'],
  ['a right-to-left override', 'https://evil.example/\u202egnp.exe'],
  ['an attribute breakout', '"><svg onload=alert(1)>'],
  ['a script tag', '<script>alert(1)</script>'],
  ['a template expression', '{{constructor.constructor("alert(1)")()}}'],
  ['no host', 'https://'],
  ['the empty string', ''],
  ['only spaces', '   '],
  ['a number', 42],
  ['null', null],
  ['undefined', undefined],
  ['an object that prints as a link', { toString: () => 'https://instagram.com/asha' }],
  ['an address too long to be honest', `https://instagram.com/${'a'.repeat(2100)}`],
];

describe('safeLink: only absolute http(s) addresses become links', () => {
  it.each(EVIL_LINKS)('refuses %s', (_name, value) => {
    expect(safeLink(value, ORIGIN)).toBeNull();
    expect(safeAnchorAttributes(value, ORIGIN)).toBeNull();
  });

  it.each([
    ['https://instagram.com/asha.cooks', 'https://instagram.com/asha.cooks'],
    ['http://example.in/page?x=1#top', 'http://example.in/page?x=1#top'],
    ['HTTPS://WWW.YouTube.com/@AshaCooksTV', 'https://www.youtube.com/@AshaCooksTV'],
    ['  https://instagram.com/asha  ', 'https://instagram.com/asha'],
    ['https://instagram.com/a%20b', 'https://instagram.com/a%20b'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ])('lets %s through as %s', (value, href) => {
    expect(safeLink(value, ORIGIN)).toEqual({ href, external: true });
  });

  it('marks outside links to open in a new tab without opener, referrer or endorsement', () => {
    expect(safeAnchorAttributes('https://instagram.com/asha', ORIGIN)).toEqual({
      href: 'https://instagram.com/asha',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
    });
    expect(OUTSIDE_LINK_REL).toBe('noopener noreferrer nofollow');
  });

  it('keeps links to this site in the same tab', () => {
    expect(safeLink(`${ORIGIN}/Profile/u1`, ORIGIN)).toEqual({
      href: `${ORIGIN}/Profile/u1`,
      external: false,
    });
    expect(safeAnchorAttributes(`${ORIGIN}/Profile/u1`, ORIGIN)).toEqual({
      href: `${ORIGIN}/Profile/u1`,
    });
    // Another port or scheme is another site.
    expect(safeLink('http://linkcoin.example/Profile/u1', ORIGIN)?.external).toBe(true);
  });

  it('treats every link as outside when the page origin is unknown', () => {
    expect(safeLink('https://linkcoin.example/x', null)?.external).toBe(true);
  });
});

describe('safeImageSrc: only our uploads and https images load', () => {
  it.each([
    ['an upload on this site', '/uploads/3f2a-9c.jpg', '/uploads/3f2a-9c.jpg'],
    ['an upload named as the server names them', '/uploads/a1B2_c3.webp', '/uploads/a1B2_c3.webp'],
    ['an upload by its full address', `${ORIGIN}/uploads/a1.png`, `${ORIGIN}/uploads/a1.png`],
    [
      'an upload over http on a development server',
      'http://127.0.0.1:5173/uploads/a1.png',
      undefined,
    ],
    [
      'the hosted upload service',
      'https://res.cloudinary.com/demo/image/upload/v1/a.jpg',
      'https://res.cloudinary.com/demo/image/upload/v1/a.jpg',
    ],
  ])('%s', (_name, value, expected) => {
    expect(safeImageSrc(value, ORIGIN)).toBe(expected);
  });

  it('loads an http upload only from the page’s own origin', () => {
    const devOrigin = 'http://127.0.0.1:5173';
    expect(safeImageSrc(`${devOrigin}/uploads/a1.png`, devOrigin)).toBe(
      `${devOrigin}/uploads/a1.png`,
    );
    expect(safeImageSrc('http://tracker.example/uploads/a1.png', devOrigin)).toBeUndefined();
    expect(safeImageSrc(`${devOrigin}/api/x.png`, devOrigin)).toBeUndefined();
  });

  it.each([
    ...EVIL_LINKS,
    ['plain http from elsewhere', 'http://tracker.example/pixel.gif'],
    ['an upload path that climbs out', '/uploads/../api/pageowners/logout'],
    ['an upload path with a query', '/uploads/a1.png?x=1'],
    ['an upload path without a name', '/uploads/.png'],
    ['another path on this site', '/api/pageowners/logout'],
    ['a relative upload path', 'uploads/a1.png'],
  ] as const)('refuses %s', (_name, value) => {
    expect(safeImageSrc(value, ORIGIN)).toBeUndefined();
  });
});

describe('safeMailtoHref: one plain address', () => {
  it('links a plain address', () => {
    expect(safeMailtoHref('asha@example.in')).toBe('mailto:asha@example.in');
    expect(safeMailtoHref(' asha.verma+work@mail.example.co.in ')).toBe(
      'mailto:asha.verma+work@mail.example.co.in',
    );
  });

  it.each([
    ['extra headers', 'asha@example.in?bcc=everyone@example.in'],
    ['a body', 'asha@example.in&body=hello'],
    ['a second address', 'asha@example.in,eve@example.in'],
    ['markup', '<img src=x onerror=alert(1)>@example.in'],
    ['a script scheme', 'javascript:alert(1)//@example.in'],
    ['no domain', 'asha@'],
    ['no dot in the domain', 'asha@localhost'],
    ['spaces', 'asha verma@example.in'],
    ['a newline', 'asha@example.in\nbcc: eve@example.in'],
    ['not a string', 7],
  ] as const)('refuses %s', (_name, value) => {
    expect(safeMailtoHref(value)).toBeNull();
  });
});
