import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Script payloads for every text field the apps render. Each one, if it ever ran, would set
 * `window.__xss` to its name and open a dialog; the `<img src=x>` would also request `/x`.
 */
export const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert('img')">`,
  script: `<script>window.__xss='script';alert('script')</script>`,
  svg: `"><svg onload="window.__xss='svg';alert('svg')">`,
  template: `{{constructor.constructor('window.__xss=1;alert(1)')()}}`,
  jsLink: `javascript:window.__xss='link';alert('link')`,
} as const;

/** Every payload in one text, for the longer free-text fields. */
export const ALL_PAYLOADS = Object.values(PAYLOADS).join(' ');

/** A host for outside images and links in the seeded data; requests to it never leave the test. */
export const OUTSIDE_HOST = 'tracker.example';

export type ScriptWatch = Readonly<{
  dialogs: string[];
  /** Requests an injected element or an outside image would make. */
  strayRequests: string[];
}>;

/** Starts listening for what a stored script could do on `page`. Call before the first visit. */
export async function watchForScripts(page: Page): Promise<ScriptWatch> {
  const watch: ScriptWatch = { dialogs: [], strayRequests: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/x' || url.hostname === OUTSIDE_HOST) {
      watch.strayRequests.push(request.url());
    }
  });
  await page.route(`**://${OUTSIDE_HOST}/**`, (route) =>
    route.fulfill({ status: 204, contentType: 'image/gif', body: '' }),
  );
  return watch;
}

/**
 * Elements and attributes that only an injected payload would put in the page: event-handler
 * attributes, inline scripts, and javascript:/data:/vbscript: addresses in links, sources, frames
 * or forms. Run in the page (a string, so the test's TypeScript needs no DOM types).
 */
const INJECTED_MARKUP = `(() => {
  const found = [];
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(element.tagName + '[' + name + ']');
      if (
        ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data', 'poster'].includes(name) &&
        /^[\\s\\u0000-\\u001f]*(javascript|data|vbscript):/i.test(attribute.value)
      ) {
        found.push(element.tagName + '[' + name + '=' + attribute.value.slice(0, 40) + ']');
      }
    }
  }
  for (const script of document.querySelectorAll('script')) {
    if (!script.src) found.push('inline <script>');
  }
  return found;
})()`;

/** Nothing a payload would do has happened on `page`. */
export async function expectNothingRan(page: Page, watch: ScriptWatch): Promise<void> {
  // Let whatever the page loads settle first. A page that keeps a request going (a live socket
  // reconnecting on a loaded machine) may never be idle for 500 ms: then the checks run after
  // the wait, which is still long enough for a payload to have fired.
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  expect(watch.dialogs).toEqual([]);
  expect(await page.evaluate<unknown>('window.__xss ?? null')).toBeNull();
  expect(await page.evaluate<string[]>(INJECTED_MARKUP)).toEqual([]);
  expect(watch.strayRequests).toEqual([]);
}

/** The payload is on the page as text: it was rendered, and rendered harmless. */
export async function expectShownAsText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor();
}
