import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from '../../frontend-user/e2e/support/browser.ts';

// The admin console shell (design section 1): served at /admin, dashboard first.

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin console', () => {
  it('renders its dashboard at /admin without calling any other host', async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      const foreignRequests: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(server.url)) foreignRequests.push(request.url());
      });

      await page.goto(`${server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'LinkCoin console' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/');
      for (const desk of ['Verification desk (admins)', 'History (auditors)']) {
        await page.getByRole('heading', { level: 2, name: desk }).waitFor();
      }
      await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
      expect(foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
