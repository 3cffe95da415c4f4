/**
 * The built marketplace as the server sends it: the entry chunk precompressed by the browser's
 * Accept-Encoding and cached for good, the page revalidated, and the files every site has
 * (robots.txt, sitemap.xml, the favicon set, the web app manifest) each with its own content
 * type, never the app's HTML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';

describe('the built files', () => {
  let server: TestServer;
  let entry: string;

  beforeAll(async () => {
    server = await startTestServer();
    const html = await (await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } })).text();
    const src = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html);
    if (!src?.[1]) throw new Error('index.html names no entry chunk');
    entry = src[1];
  });
  afterAll(() => server.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });

  it('sends the entry chunk as brotli to a browser that takes it, gzip otherwise, cached for good', async () => {
    const br = await get(entry, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toContain('createRoot');

    const gzip = await get(entry, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');

    const page = await get('/influencers', { Accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(page.headers.get('content-encoding')).toBe('br');
    // The page revalidates, and no shared cache keeps it (it may set a visitor's own cookie).
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers robots.txt, sitemap.xml, the favicons and the manifest with their own types', async () => {
    const types: Record<string, RegExp> = {
      '/robots.txt': /^text\/plain; charset=utf-8$/,
      '/sitemap.xml': /^application\/xml; charset=utf-8$/,
      '/favicon.ico': /^image\/(x-icon|vnd\.microsoft\.icon)$/,
      '/favicon.svg': /^image\/svg\+xml/,
      '/apple-touch-icon.png': /^image\/png$/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/admin/favicon.svg': /^image\/svg\+xml/,
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await get(path, { Accept: 'text/html,*/*' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
  });

  it('has a manifest whose icons all load, a 512 px maskable one among them', async () => {
    const manifest = (await (await get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'LinkCoin',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons).toContainEqual(
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    );
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toContain(icon.type);
    }
    const html = await (await get('/', { Accept: 'text/html' })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
  });

  it('preloads the Latin Inter font once, in the page head', async () => {
    const html = await (await get('/', { Accept: 'text/html' })).text();
    const preloads = html.match(/<link rel="preload"[^>]*as="font"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    const href = /href="([^"]+)"/.exec(preloads[0]!)?.[1];
    expect(href).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    const font = await get(href!);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
