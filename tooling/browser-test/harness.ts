import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '@linkcoin/services/testing/test-server.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from './browser.ts';

export type BrowserTest = {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Closes this test's page and opens a fresh one (another viewport, another person). */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
};

export type BrowserTestOptions = TestServerOptions & {
  viewport?: { width: number; height: number };
  /** Runs on every new page before the test uses it (routes, a first visit…). */
  preparePage?: (page: Page) => Promise<void>;
};

/**
 * The frame of a browser test file: one real server and one Chromium per file, a fresh browser
 * context and page per test, everything closed afterwards. Call it at the top of the file.
 */
export function useBrowserTest(options: BrowserTestOptions = {}): BrowserTest {
  const { viewport = DESKTOP_VIEWPORT, preparePage, ...serverOptions } = options;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The browser test's ${what} is not ready yet`);
    return value;
  };

  const newPage = async (size = viewport): Promise<Page> => {
    await context?.close();
    context = await ready(browser, 'browser').newContext({
      baseURL: ready(server, 'server').url,
      viewport: size,
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await preparePage?.(page);
    return page;
  };

  beforeAll(async () => {
    server = await startTestServer(serverOptions);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await newPage();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context');
    },
    get page() {
      return ready(page, 'page');
    },
    newPage,
  };
}
