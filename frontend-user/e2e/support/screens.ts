import request from 'supertest';
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { demoCreator } from '@linkcoin/services/testing/demo-accounts.ts';
import {
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import {
  changeCollection,
  grantCoins,
  sendMessage,
} from '@linkcoin/services/testing/collections.ts';
import { buyInSandbox } from '@linkcoin/services/testing/payments.ts';
import {
  creatorWizard,
  instagramAccount,
  requestInstagramCode,
  saveProfile,
  verifyInstagram,
} from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest, type BrowserTest } from '../../../tooling/browser-test/harness.ts';
import { openSignedIn } from '../../../tooling/browser-test/wallet.ts';

/** Who looks at a screen. */
export type Viewer = 'visitor' | 'brand' | 'creator' | 'newcomer' | 'admin' | 'auditor';

/** The people and records the screens show: every list of both apps has rows. */
export type Marketplace = Readonly<{
  admin: TestUser;
  auditor: TestUser;
  brand: TestUser;
  /** A creator with a whole profile, an Instagram account waiting for its code, and a chat. */
  creator: TestUser;
  /** A creator who signed up and saved nothing yet (the wizard's incomplete states). */
  newcomer: TestUser;
  /** The payment the brand made in the sandbox, and the result page it came back to. */
  payment: Readonly<{ paymentId: string; resultPage: string }>;
  /** A demo creator's id in the directory (a second public profile). */
  demoCreatorId: string;
  /** An Instagram account one creator verified and another asked the desk about. */
  claimId: string;
}>;

/**
 * Makes the marketplace the screens are looked at in, through the API as people would: demo
 * creators, a creator whose Instagram code is pending, a brand that bought coins, was granted
 * some and added the creator to its list (a connection and a chat, with a message the brand has
 * not read), an Instagram account verified by one creator that another asked the desk about,
 * and an auditor.
 */
export async function seedMarketplace(server: TestServer): Promise<Marketplace> {
  const admin = await loginAdmin(server);
  const seeded = await request(server.url)
    .post('/api/admin/demo-accounts')
    .set('Authorization', `Bearer ${admin.token}`)
    .send({
      password: 'demo-password-for-tests',
      accounts: Array.from({ length: 12 }, (_, index) => demoCreator(index)),
    })
    .expect(200);
  const demoCreatorId = (seeded.body.accounts as { userId: string }[])[0]!.userId;

  const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Kitchen' });
  await requestInstagramCode(server, creator, `asha.screens.${Date.now()}`, {
    ownerName: 'Asha Kitchen',
  });

  const brand = await registerUser(server, { role: 'user', ownerName: 'Kiran Brands' });
  const payment = await buyInSandbox(server, brand, { packageId: 'starter' });
  await grantCoins(server, admin, brand, 40);
  await changeCollection(server, brand, 'add', creator.userId).expect(201);
  await sendMessage(server, new Date(), creator, brand, 'Happy to talk about a campaign.');
  // A saved search the next creator to sign up matches (the newcomer below): a new match.
  await request(server.url)
    .post('/api/saved-searches')
    .set('Authorization', `Bearer ${brand.token}`)
    .send({ name: 'Every new creator', query: 'sort=newest' })
    .expect(201);

  const heldHandle = `rohan.screens.${Date.now()}`;
  const holder = await registerUser(server, { role: 'influencer', ownerName: 'Rohan Reels' });
  await verifyInstagram(server, admin, holder, heldHandle, { ownerName: 'Rohan Reels' });
  const claimant = await registerUser(server, { role: 'influencer', ownerName: 'Nandini Gupta' });
  await saveProfile(
    server,
    claimant,
    creatorWizard({ ownerName: 'Nandini Gupta', profileDetails: [instagramAccount(heldHandle)] }),
  ).expect(200);
  await request(server.url)
    .post('/api/pageowners/handle-disputes')
    .set('Authorization', `Bearer ${claimant.token}`)
    .send({
      userId: claimant.userId,
      platform: 'instagram',
      handle: heldHandle,
      message: 'This page is mine; I can show the desk my inbox.',
    })
    .expect(201);

  const auditor = await registerUser(server, { role: 'user', ownerName: 'Meera Audits' });
  await grantAuditor(server, admin, auditor.userId);
  const newcomer = await registerUser(server, { role: 'influencer', ownerName: 'Dev Newcomer' });
  return {
    admin,
    auditor,
    brand,
    creator,
    newcomer,
    payment,
    demoCreatorId,
    claimId: `instagram:${heldHandle}`,
  };
}

/** A screen state: who opens which address, and what they do there before it is checked. */
export type Screen = Readonly<{
  name: string;
  viewer: Viewer;
  path: string;
  /** Waits for the screen's content and brings it to the state checked (a dialog open…). */
  ready: (page: Page) => Promise<void>;
}>;

const heading = (page: Page, name: string | RegExp, level = 1) =>
  page.getByRole('heading', { level, name }).first().waitFor();

/** Scrolls to the bottom and back, so sections that load near the screen are there. */
export async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 12; step++) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(60);
  }
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await page.waitForTimeout(300);
  await page.evaluate('window.scrollTo(0, 0)');
}

/** The user app's screens, for visitors and each kind of signed-in user. */
export const userAppScreens = (m: Marketplace): Screen[] => [
  {
    name: 'home',
    viewer: 'visitor',
    path: '/',
    ready: async (page) => {
      await heading(page, 'Where brands meet verified creators');
      await scrollThrough(page);
      await page.getByRole('heading', { name: 'Ready to launch your next campaign?' }).waitFor();
    },
  },
  { name: 'about', viewer: 'visitor', path: '/AboutUs', ready: (p) => heading(p, /./) },
  { name: 'launch page', viewer: 'visitor', path: '/launcPage', ready: (p) => heading(p, /./) },
  {
    name: 'privacy policy',
    viewer: 'visitor',
    path: '/privacy-policy',
    ready: (p) => heading(p, /./),
  },
  {
    name: 'directory',
    viewer: 'visitor',
    path: '/influencers',
    ready: async (page) => {
      await heading(page, 'Find influencers');
      await page.getByRole('list', { name: 'Influencers' }).getByRole('article').first().waitFor();
    },
  },
  {
    name: 'directory, advanced filters open',
    viewer: 'brand',
    path: '/influencers',
    ready: async (page) => {
      await page.getByRole('list', { name: 'Influencers' }).getByRole('article').first().waitFor();
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await page.getByRole('button', { name: 'Apply Filters' }).waitFor();
    },
  },
  {
    name: 'directory, recommended for you (a brand with a list)',
    viewer: 'brand',
    path: '/influencers',
    ready: async (page) => {
      await page
        .locator('section[aria-labelledby="recommended-heading"][aria-busy="false"]')
        .getByRole('list', { name: 'Recommended creators' })
        .getByRole('article')
        .first()
        .waitFor();
    },
  },
  {
    name: 'directory, best match for you (a brand with a list)',
    viewer: 'brand',
    path: '/influencers?sort=match',
    ready: async (page) => {
      await page.getByText(/^Best match for you \u2014 /).waitFor();
      await page
        .locator('section[aria-labelledby="influencers-heading"][aria-busy="false"]')
        .getByRole('list', { name: 'Influencers' })
        .getByRole('article')
        .first()
        .waitFor();
    },
  },
  {
    name: 'creator profile',
    viewer: 'visitor',
    path: `/Profile/${m.creator.userId}`,
    ready: (page) => heading(page, 'Asha Kitchen'),
  },
  {
    name: 'missing profile',
    viewer: 'visitor',
    path: '/Profile/00000000-0000-4000-a000-000000000000',
    ready: (page) =>
      page
        .getByRole('link', { name: /influencers/i })
        .first()
        .waitFor(),
  },
  { name: 'login', viewer: 'visitor', path: '/login', ready: (p) => heading(p, /./) },
  { name: 'creator sign-up', viewer: 'visitor', path: '/Register', ready: (p) => heading(p, /./) },
  {
    name: 'brand sign-up',
    viewer: 'visitor',
    path: '/RegisterUser',
    ready: (p) => heading(p, /./),
  },
  {
    name: 'forgotten password',
    viewer: 'visitor',
    path: '/forgot-password',
    ready: (p) => heading(p, /./),
  },
  { name: 'admin login', viewer: 'visitor', path: '/adminLogin', ready: (p) => heading(p, /./) },
  { name: 'not found', viewer: 'visitor', path: '/no-such-page', ready: (p) => heading(p, /./) },
  {
    name: 'home, signed in with the discovery grid',
    viewer: 'brand',
    path: '/',
    ready: async (page) => {
      await heading(page, 'Where brands meet verified creators');
      await scrollThrough(page);
      await page
        .getByRole('button', { name: /Add to List|Chat Now/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'saved searches with new matches',
    viewer: 'brand',
    path: '/saved-searches',
    ready: async (page) => {
      await heading(page, 'Saved searches');
      await page.getByRole('heading', { level: 2, name: /^New matches/ }).waitFor();
    },
  },
  {
    name: 'saved searches, rename dialog',
    viewer: 'brand',
    path: '/saved-searches',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Rename Every new creator' }).click();
      await page.getByRole('dialog', { name: 'Rename the search' }).waitFor();
    },
  },
  {
    name: 'saved searches, for brands only',
    viewer: 'creator',
    path: '/saved-searches',
    ready: (page) => page.getByText('Saved searches are for brands').waitFor(),
  },
  {
    name: 'directory, save this search dialog',
    viewer: 'brand',
    path: '/influencers?search=asha',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Save this search' }).click();
      await page.getByRole('dialog', { name: 'Save this search' }).waitFor();
    },
  },
  {
    name: 'account menu open',
    viewer: 'brand',
    path: '/AboutUs',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'confirmation dialog',
    viewer: 'brand',
    path: '/influencers',
    ready: async (page) => {
      await page
        .getByRole('list', { name: 'Influencers' })
        .getByRole('button', { name: 'Add to List', exact: true })
        .first()
        .click();
      await page.getByRole('dialog', { name: /to your list\?$/ }).waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'purchase dialog',
    viewer: 'brand',
    path: '/AboutUs',
    ready: async (page) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^LinkCoin balance: / })
        .click();
      await page.getByRole('dialog', { name: 'Buy LinkCoins' }).waitFor();
    },
  },
  {
    name: 'creator profile dialog',
    viewer: 'brand',
    path: '/influencers',
    ready: async (page) => {
      const card = page.getByRole('list', { name: 'Influencers' }).getByRole('article').first();
      await card.getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'wallet',
    viewer: 'brand',
    path: '/wallet',
    ready: async (page) => {
      await heading(page, /./);
      await page
        .getByText(/^Added Asha Kitchen to your list for \d+ days of chat$/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'checkout',
    viewer: 'brand',
    path: '/payment',
    ready: (p) => heading(p, 'Buy LinkCoins'),
  },
  {
    name: 'payment result',
    viewer: 'brand',
    path: m.payment.resultPage.replace(/^https?:\/\/[^/]+/, ''),
    ready: (p) => heading(p, /./),
  },
  {
    name: 'chat',
    viewer: 'brand',
    path: `/MessagingApp/${m.creator.userId}`,
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
    },
  },
  {
    name: 'messages from the top bar (the latest conversation)',
    viewer: 'brand',
    path: '/AboutUs',
    ready: async (page) => {
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Messages/ })
        .click();
      // The latest conversation; a phone shows the contacts first.
      await page
        .getByRole('textbox', { name: 'Message' })
        .or(page.getByRole('list', { name: 'Contacts' }))
        .first()
        .waitFor();
    },
  },
  {
    name: 'change password',
    viewer: 'brand',
    path: '/change-password',
    ready: (p) => heading(p, /./),
  },
  {
    name: 'chats without one open',
    viewer: 'creator',
    path: `/MessagingApp/${m.creator.userId}`,
    ready: (page) =>
      page
        .getByText('No conversation selected')
        .or(page.getByRole('heading', { name: 'Messages' }))
        .first()
        .waitFor(),
  },
  {
    name: 'profile wizard',
    viewer: 'creator',
    path: '/UpdateProfile',
    ready: (page) => heading(page, /./),
  },
  {
    name: 'creator insights',
    viewer: 'creator',
    path: '/insights?days=7',
    ready: async (page) => {
      await heading(page, 'Insights');
      await page.getByRole('figure').locator('svg').first().waitFor();
    },
  },
  {
    name: 'creator insights, nothing yet',
    viewer: 'newcomer',
    path: '/insights',
    ready: async (page) => {
      await heading(page, 'Insights');
      await page.getByText(/^Nothing to chart yet/).waitFor();
    },
  },
  {
    name: 'profile wizard, nothing saved yet',
    viewer: 'newcomer',
    path: '/UpdateProfile',
    ready: async (page) => {
      await heading(page, /./);
      await page
        .getByRole('button', { name: /next|save/i })
        .first()
        .waitFor();
    },
  },
];

/** The console's screens for admins and auditors (react-admin, hash routes). */
export const consoleScreens = (m: Marketplace): Screen[] => {
  const list = (name: string, hash: string, viewer: Viewer = 'admin'): Screen => ({
    name: `console ${name}`,
    viewer,
    path: `/admin/#/${hash}`,
    ready: async (page) => {
      await heading(page, /./);
      await page
        .locator('main table tbody tr, main [role="list"] [role="listitem"], main li')
        .first()
        .waitFor();
    },
  });
  return [
    {
      name: 'console login',
      viewer: 'visitor',
      path: '/admin/#/login',
      ready: (page) => heading(page, 'LinkCoin console'),
    },
    {
      name: 'console dashboard',
      viewer: 'admin',
      path: '/admin/#/dashboard',
      ready: (page) => heading(page, /./, 2),
    },
    list('OTP records', 'otp-records'),
    list('verification claims', 'handle-claims'),
    {
      name: 'console verification claim',
      viewer: 'admin',
      path: `/admin/#/handle-claims/${encodeURIComponent(m.claimId)}/show`,
      ready: async (page) => {
        await page.getByRole('table', { name: 'Requests to the desk' }).waitFor();
        await page.getByText('This page is mine').first().waitFor();
      },
    },
    {
      name: 'console OTP record panel',
      viewer: 'admin',
      path: '/admin/#/otp-records',
      ready: async (page) => {
        await page.locator('main table tbody tr').first().click();
        await page.getByRole('complementary', { name: 'OTP record' }).waitFor();
        await page.waitForTimeout(400);
      },
    },
    list('users', 'users'),
    list('wallets', 'wallets'),
    list('payments', 'payments'),
    list('connections', 'connections'),
    {
      name: 'console user',
      viewer: 'admin',
      path: `/admin/#/users/${m.brand.userId}/show`,
      ready: (page) => heading(page, /./),
    },
    {
      name: 'console wallet',
      viewer: 'admin',
      path: `/admin/#/wallets/${m.brand.userId}/show`,
      ready: (page) => heading(page, /./),
    },
    {
      name: 'console grant dialog',
      viewer: 'admin',
      path: `/admin/#/wallets/${m.brand.userId}/show`,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Grant LinkCoins' }).click();
        await page.getByRole('dialog', { name: 'Grant LinkCoins' }).waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'console ledger (auditor)',
      viewer: 'auditor',
      path: `/admin/#/audit/${m.brand.userId}/ledger`,
      ready: async (page) => {
        await heading(page, /./);
        await page.locator('main table tbody tr').first().waitFor();
      },
    },
    {
      name: 'console verification history (auditor)',
      viewer: 'auditor',
      path: `/admin/#/audit/${m.creator.userId}/verifications`,
      ready: (page) => heading(page, /./),
    },
    {
      name: 'console ledger invariants (auditor)',
      viewer: 'auditor',
      path: '/admin/#/ledger-invariants',
      ready: (page) => heading(page, /./),
    },
    {
      name: 'console figures (auditor)',
      viewer: 'auditor',
      path: '/admin/#/figures?days=7',
      ready: async (page) => {
        await heading(page, 'Marketplace figures', 2);
        await page
          .getByRole('table', { name: 'Figures day by day' })
          .locator('tbody tr')
          .first()
          .waitFor();
        await page.locator('figure svg').nth(1).waitFor();
      },
    },
    {
      name: 'console figures, 365 days (auditor)',
      viewer: 'auditor',
      path: '/admin/#/figures?days=365',
      ready: async (page) => {
        await heading(page, 'Marketplace figures', 2);
        await page.getByRole('button', { name: 'Download CSV' }).waitFor();
        await page.locator('figure svg').nth(1).waitFor();
      },
    },
    {
      name: 'console replay check (auditor)',
      viewer: 'auditor',
      path: '/admin/#/replay-check',
      ready: (page) => heading(page, /./),
    },
  ];
};

/** Opens `screen` as its viewer would (signed in through the app's own session). */
export async function openScreen(
  page: Page,
  server: TestServer,
  m: Marketplace,
  screen: Screen,
): Promise<void> {
  const viewers: Record<Exclude<Viewer, 'visitor'>, TestUser> = {
    brand: m.brand,
    creator: m.creator,
    newcomer: m.newcomer,
    admin: m.admin,
    auditor: m.auditor,
  };
  if (screen.viewer === 'visitor') await page.goto(screen.path);
  else await openSignedIn(page, server, viewers[screen.viewer], screen.path);
  await screen.ready(page);
}

/**
 * The frame of a test file that walks the screens: one server (its sign-in limits raised, as
 * every screen signs its viewer in again) and browser, and the marketplace seeded once.
 */
export function useMarketplace(): { harness: BrowserTest; marketplace: () => Marketplace } {
  const harness = useBrowserTest({
    env: {
      ...adminEnv,
      LOGIN_ATTEMPTS_PER_WINDOW: '1000',
      AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
    },
  });
  let marketplace: Marketplace | undefined;
  beforeAll(async () => {
    marketplace = await seedMarketplace(harness.server);
  }, 120_000);
  return {
    harness,
    marketplace: () => {
      if (!marketplace) throw new Error('The marketplace is not seeded yet');
      return marketplace;
    },
  };
}
