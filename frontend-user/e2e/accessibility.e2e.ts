/**
 * Every main screen of both apps, signed out and signed in as each kind of user, on a desktop
 * (1366 px) and a phone (390 px, the drawer and the phone layouts), run through axe-core: none
 * may have a critical, serious or moderate violation (WCAG 2.1 A and AA and axe's best
 * practices: contrast, names, landmarks, one h1, heading order, scrollable regions reachable by
 * keyboard).
 */
import { describe, expect, it } from 'vitest';
import { axeFindings, type AxeFinding } from './support/axe.ts';
import {
  consoleScreens,
  openScreen,
  useMarketplace,
  userAppScreens,
  type Marketplace,
  type Screen,
} from './support/screens.ts';

const { harness, marketplace: seeded } = useMarketplace();

const DESKTOP = { width: 1366, height: 768 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Phone-only states: the navigation drawer and the chat's contacts drawer. */
const phoneOnly = (m: Marketplace): Screen[] => [
  {
    name: 'navigation drawer',
    viewer: 'brand',
    path: '/AboutUs',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.locator('#mobile-navigation').getByRole('link').first().waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'chat contacts drawer',
    viewer: 'brand',
    path: `/MessagingApp/${m.creator.userId}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open contacts' }).click();
      await page.getByRole('list', { name: 'Contacts' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
];

const format = (findings: AxeFinding[]) =>
  findings.map((f) => `${f.impact} ${f.id}: ${f.help} at\n  ${f.targets.join('\n  ')}`).join('\n');

/** `A11Y_SCREENS="wallet,chat"` checks only the screens whose names contain one of the words. */
const only = (process.env.A11Y_SCREENS ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const chosen = (screen: Screen) =>
  only.length === 0 || only.some((word) => screen.name.includes(word));

describe('axe on every main screen', () => {
  // The list is made once the marketplace exists; vitest needs the tests now, so each width is
  // one test that walks its screens and reports every screen's findings together.
  for (const [label, viewport] of [
    ['desktop 1366 px', DESKTOP],
    ['phone 390 px', PHONE],
  ] as const) {
    it(`finds no critical, serious or moderate violation (${label})`, async () => {
      const screens = [
        ...userAppScreens(seeded()),
        ...consoleScreens(seeded()),
        ...(viewport === PHONE ? phoneOnly(seeded()) : []),
      ].filter(chosen);
      const failures: string[] = [];
      for (const screen of screens) {
        const page = await harness.newPage(viewport);
        try {
          await openScreen(page, harness.server, seeded(), screen);
          const findings = await axeFindings(page);
          if (findings.length > 0)
            failures.push(`${screen.name} (${screen.path}):\n${format(findings)}`);
        } catch (error) {
          failures.push(`${screen.name} (${screen.path}) could not be checked: ${String(error)}`);
        }
      }
      if (only.length === 0) expect(screens.length).toBeGreaterThanOrEqual(20);
      expect(failures.join('\n\n')).toBe('');
    }, 600_000);
  }
});
