/**
 * robots.txt and sitemap.xml on the real runtime: their own content types, the public pages
 * allowed and the app and console disallowed, every creator's profile (and no brand) listed from
 * the directory read model with the time it changed, and the sitemap index past the limit.
 */
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand, demoCreator } from '@linkcoin/services/testing/demo-accounts.ts';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { adminEnv, loginAdmin } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DIRECTORY } from './projection.ts';
import { DISALLOWED_PATHS, PUBLIC_PAGES, siteMapPages } from './site-map.ts';

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt and sitemap.xml', () => {
  let server: TestServer;
  const creators = new Map<string, string>();
  let brandId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
    const admin = await loginAdmin(server);
    const res = await request(server.url)
      .post('/api/admin/demo-accounts')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        password: 'demo-password-for-tests',
        accounts: [demoCreator(0), demoCreator(1), demoCreator(2), demoBrand(0)],
      })
      .expect(200);
    for (const made of res.body.accounts as { email: string; userId: string }[]) {
      if (made.email.startsWith('creator-')) creators.set(made.userId, made.email);
      else brandId = made.userId;
    }
  });
  afterAll(() => server.stop());

  it('robots.txt allows the public pages, keeps crawlers out of the app and console, and names the sitemap', async () => {
    const res = await request(server.url).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin/', '/api/', '/UpdateProfile', '/wallet', '/MessagingApp/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // No public page is disallowed.
    for (const page of PUBLIC_PAGES.filter((path) => path !== '/')) {
      expect(DISALLOWED_PATHS.some((path) => page.startsWith(path))).toBe(false);
    }
  });

  it('sitemap.xml lists the public pages and every creator profile with its last change, no brand', async () => {
    const res = await request(server.url)
      .get('/sitemap.xml')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const urls = locations(res.text);
    for (const path of PUBLIC_PAGES) expect(urls).toContain(`${server.url}${path}`);
    for (const userId of creators.keys()) {
      expect(urls).toContain(`${server.url}/Profile/${userId}`);
    }
    expect(urls.some((url) => url.includes(brandId))).toBe(false);
    expect(urls).toHaveLength(PUBLIC_PAGES.length + creators.size);
    const directory = server.runtime.platform.readStore.collection<DirectoryEntry>(DIRECTORY);
    const [userId] = [...creators.keys()];
    const entry = await directory.get(userId!);
    expect(res.text).toContain(
      `<url><loc>${server.url}/Profile/${userId}</loc><lastmod>${entry!.updatedAt}</lastmod></url>`,
    );
  });

  it('turns into an index of pages past the limit, each page within it, every address once', async () => {
    const app = express();
    for (const page of siteMapPages({
      readStore: server.runtime.platform.readStore,
      publicUrl: () => 'https://linkcoin.example',
      maxUrls: 4,
    })) {
      app.use(page.path, page.handler);
    }
    const index = await request(app).get('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex');
    const pages = locations(index.text);
    const total = PUBLIC_PAGES.length + creators.size;
    expect(pages).toEqual(
      Array.from(
        { length: Math.ceil(total / 4) },
        (_, at) => `https://linkcoin.example/sitemap.xml?page=${at + 1}`,
      ),
    );
    const seen: string[] = [];
    for (const page of pages) {
      const res = await request(app)
        .get(new URL(page).pathname + new URL(page).search)
        .expect(200);
      const urls = locations(res.text);
      expect(urls.length).toBeLessThanOrEqual(4);
      seen.push(...urls);
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toContain(`https://linkcoin.example/Profile/${[...creators.keys()][0]}`);
    await request(app).get('/sitemap.xml?page=99').expect(404);
    await request(app).get('/sitemap.xml?page=abc').expect(404);
  });
});
