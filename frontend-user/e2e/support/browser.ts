import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** Debian's Chromium, driven headless by playwright-core (no browser download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A desktop-sized window: the navigation bar shows its links inline. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/** A phone-sized window: the navigation bar collapses into a menu button and a drawer. */
export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;
