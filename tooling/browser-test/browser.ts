import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { CHROMIUM_HEADLESS_FLAGS, CHROMIUM_PATH } from '../chromium.ts';

export { CHROMIUM_PATH };

/** Debian's Chromium, driven headless by playwright-core (no browser download). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_HEADLESS_FLAGS] });
}

/** A desktop-sized window: the navigation bar shows its links inline. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/** A phone-sized window: the navigation bar collapses into a menu button and a drawer. */
export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;
