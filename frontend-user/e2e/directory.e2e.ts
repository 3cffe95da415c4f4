import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProfileUpdateRequest } from '@linkcoin/domain/profiles/contracts.ts';
import {
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { confirmDialog, spendButton } from './support/chat.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import {
  currentPath,
  expectMainHeading,
  waitForPath,
} from '../../tooling/browser-test/navigation.ts';
import { pickAutocomplete } from './support/profiles.ts';
import { grantCoins, openSignedIn } from '../../tooling/browser-test/wallet.ts';

// docs/product-spec.md section 2 ("Influencer directory", "Discovery listing"), 6, 8 and 9: the directory at
// /influencers and the home page's discovery grid, against the real server and its read model.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

type Creator = { name: string; profile: Partial<ProfileUpdateRequest> };

const account = (platform: string, profileName: string, followers: number | string) => ({
  platform,
  profileName,
  profilePicUrl: `https://${platform}.com/${profileName}`,
  followers,
});

const GAMERS = Array.from(
  { length: 11 },
  (_, index) => `Gamer ${String(index + 1).padStart(2, '0')}`,
);

/** 14 creators: three to find by name, category and reach, and 11 gamers to page through. */
const CREATORS: Creator[] = [
  {
    name: 'Asha Kitchen',
    profile: {
      adCategories: ['kitchenware'],
      pageContentCategory: ['cooking'],
      socialMediaPlatforms: ['instagram'],
      profileDetails: [account('instagram', 'asha.kitchen', '12.5k')],
    },
  },
  {
    name: 'Ravi Roams',
    profile: {
      adCategories: ['travel-gear'],
      pageContentCategory: ['travel'],
      averageAudienceType: ['travellers'],
      averageLocationOfAudience: ['Delhi'],
      socialMediaPlatforms: ['youtube'],
      profileDetails: [account('youtube', 'RaviRoams', 1_200_000)],
    },
  },
  {
    name: 'Meera Moves',
    profile: {
      adCategories: ['fitness-equipment'],
      pageContentCategory: ['fitness'],
      averageAudienceType: ['fitness-enthusiasts'],
      socialMediaPlatforms: ['instagram'],
      profileDetails: [account('instagram', 'meera.moves', 250_000)],
    },
  },
  ...GAMERS.map((name, index) => ({
    name,
    profile: {
      adCategories: ['gaming-consoles'],
      pageContentCategory: ['gaming'],
      averageAudienceType: ['gamers'],
      socialMediaPlatforms: ['youtube'],
      profileDetails: [account('youtube', name.replace(' ', ''), 5_000 + index * 1_000)],
      pastPosts: [],
    },
  })),
];

const ids = new Map<string, string>();
let admin: TestUser;

beforeAll(async () => {
  const server = harness.server;
  admin = await loginAdmin(server);
  for (const creator of CREATORS) {
    const user = await registerUser(server, { role: 'influencer', ownerName: creator.name });
    const saved = await saveProfile(
      server,
      user,
      creatorWizard({
        ownerName: creator.name,
        description: `${creator.name} on LinkCoin.`,
        pastPosts: [],
        ...creator.profile,
      }),
    );
    expect(saved.status).toBe(200);
    ids.set(creator.name, user.userId);
  }
  // The directory is a read model: wait until it lists everyone.
  for (let tries = 0; ; tries += 1) {
    const answer = (await (await fetch(`${server.url}/api/pageowners/users?limit=10`)).json()) as {
      total?: number;
      data?: unknown[];
      totalPages?: number;
    };
    if (answer.total === CREATORS.length) break;
    if (tries > 100)
      throw new Error(`the directory never listed the creators: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

const brand = () => registerUser(server, { role: 'user', ownerName: 'Priya Brand' });

/** The names on the directory's cards, once the list has settled. */
async function directoryNames(target: Page = page): Promise<string[]> {
  const section = target.locator('section[aria-labelledby="influencers-heading"]');
  await section.and(target.locator('[aria-busy="false"]')).waitFor();
  const cards = section.getByRole('list', { name: 'Influencers' }).getByRole('article');
  const names = await cards.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('aria-label') ?? ''),
  );
  return names.sort();
}

const expectNames = (names: string[], target: Page = page) =>
  expect.poll(() => directoryNames(target), { timeout: 10_000 }).toEqual([...names].sort());

const searchBox = (target: Page = page) => target.getByRole('searchbox', { name: 'Search' });

describe('the influencer directory at /influencers', () => {
  it('searches, filters, pages, shares its address and opens a profile', async () => {
    const priya = await brand();
    // 15 LinkCoins open the directory's second page, as the grid's (one coin gate).
    await grantCoins(server, admin, priya.userId, 15, 'Directory test');
    await openSignedIn(page, server, priya, '/aboutus');
    // INFLUENCER leads a signed-in user to the directory.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'INFLUENCER', exact: true })
      .click();
    await waitForPath(page, '/influencers');
    await expectMainHeading(page, 'Find influencers');
    await page.getByRole('heading', { name: 'Influencers', exact: true }).waitFor();
    expect(await directoryNames()).toHaveLength(10);

    // Search by name (word prefix, any case).
    await searchBox().fill('ASH');
    await searchBox().press('Enter');
    await expectNames(['Asha Kitchen']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('ASH');

    // The Category dropdown (the device's own picker) narrows the same search: nothing is both.
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Travel Gear' });
    await page.getByText('No influencers found', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('adCategories')).toBe('travel-gear');

    // Back returns to the previous search, fields included.
    await page.goBack();
    await expectNames(['Asha Kitchen']);
    expect(await searchBox().inputValue()).toBe('ASH');

    // The advanced filters behind More: platform and follower range.
    await page.goto('/influencers');
    await directoryNames();
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await pickAutocomplete(page, 'Platforms', 'YouTube');
    await page.getByLabel('Min followers').fill('1M');
    await page.getByRole('button', { name: 'Apply Filters', exact: true }).click();
    await expectNames(['Ravi Roams']);
    await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    const shared = page.url();
    expect(new URL(shared).searchParams.get('socialMediaPlatforms')).toBe('youtube');
    expect(new URL(shared).searchParams.get('minFollowers')).toBe('1M');

    // The address, opened by another brand in another browser, shows the same search.
    const colleague = await harness.browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const other = await colleague.newPage();
      await openSignedIn(
        other,
        server,
        await brand(),
        new URL(shared).pathname + new URL(shared).search,
      );
      await expectNames(['Ravi Roams'], other);
      expect(await other.getByLabel('Min followers').inputValue()).toBe('1M');
    } finally {
      await colleague.close();
    }

    // Paging: 11 gamers are two pages of 10 (docs/product-spec.md section 9).
    await page.goto('/influencers?search=gamer');
    await expect.poll(() => directoryNames(), { timeout: 10_000 }).toHaveLength(10);
    await page.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect.poll(() => directoryNames(), { timeout: 10_000 }).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const all = [...(await directoryNames())];
    await page.goBack();
    await expect.poll(() => directoryNames(), { timeout: 10_000 }).toHaveLength(10);
    all.push(...(await directoryNames()));
    expect(all.sort()).toEqual(GAMERS);

    // Cards have Add to List and the chat icon; a click on a card opens the detail modal.
    await page.goto('/influencers?search=ravi');
    await expectNames(['Ravi Roams']);
    await page.getByRole('button', { name: 'Chat with Ravi Roams' }).waitFor();
    await page
      .getByRole('list', { name: 'Influencers' })
      .getByRole('button', { name: 'Add to List', exact: true })
      .waitFor();
    // The card's button is named by what it shows, the creator's name first.
    await page
      .getByRole('article', { name: 'Ravi Roams' })
      .getByRole('button', { name: /^Ravi Roams/ })
      .click();
    const modal = page.getByRole('dialog', { name: 'Ravi Roams' });
    await modal.getByRole('heading', { name: 'Ravi Roams' }).waitFor();
    await modal.getByRole('button', { name: 'Add to List', exact: true }).waitFor();
  });

  it('shows a visitor the first page under a lock that sends them to /login for more', async () => {
    await page.goto('/influencers');
    expect(await directoryNames()).toHaveLength(10);
    const lock = page.getByRole('region', { name: 'Locked creators' });
    await lock.waitFor();
    expect(await page.getByRole('button', { name: 'Go to page 2', exact: true }).count()).toBe(0);
    await lock.getByRole('button', { name: 'Unlock Now', exact: true }).click();
    await waitForPath(page, '/login');
  });

  it('locks the pages a balance does not open, saying what opens them', async () => {
    const poor = await brand();
    await openSignedIn(page, server, poor, '/influencers');
    expect(await directoryNames()).toHaveLength(10);
    const lock = page.getByRole('region', { name: 'Locked creators' });
    await lock.waitFor();
    expect(await lock.textContent()).toContain('Page 2 opens with 15 LinkCoins; you have 0.');
    expect(await page.getByRole('button', { name: 'Go to page 2', exact: true }).count()).toBe(0);
    await lock.getByRole('button', { name: 'Need 5 Coins', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You need at least 5 LinkCoins to unlock this content' })
      .waitFor();
    // A shared link to page 2 shows page 1 and its lock.
    await page.goto('/influencers?page=2');
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await lock.waitFor();
  });

  it('fits a 360 px screen, one card a row, filters behind More', async () => {
    const narrow = await harness.newPage({ width: 360, height: 740 });
    await openSignedIn(narrow, server, await brand(), '/influencers');
    expect(await directoryNames(narrow)).toHaveLength(10);
    const [first, second] = await narrow
      .getByRole('list', { name: 'Influencers' })
      .getByRole('article')
      .evaluateAll((nodes) => nodes.slice(0, 2).map((node) => node.getBoundingClientRect().top));
    expect(second).toBeGreaterThan(first ?? 0);
    expect(await narrow.getByLabel('Min followers').isVisible()).toBe(false);
    const overflow = await narrow.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);
  });

  it('agrees with itself on a shared page past the end, explains its order and offers a way out', async () => {
    await openSignedIn(page, server, await brand(), '/influencers?search=ravi&page=2');
    // One creator matches: the last page (1), where the count and the cards agree.
    await expectNames(['Ravi Roams']);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.getByRole('status').filter({ hasText: '1 creator' }).waitFor();
    await page.getByText('Names and handles that match come first').waitFor();
    // Nothing found: a way out.
    await page.goto('/influencers?search=nobody-at-all');
    await page.getByText('No influencers found').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => directoryNames(), { timeout: 10_000 }).toHaveLength(10);
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('Creators with more followers and complete, verified profiles').waitFor();
  });

  it('says Failed to fetch users when the server fails', async () => {
    await page.route('**/api/pageowners/users?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"boom"}',
      }),
    );
    // A search's page is asked of the API (the plain first page comes with the HTML).
    await page.goto('/influencers?search=asha');
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to fetch users' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Failed to fetch users');
  });
});

/** The home page's discovery grid. */
const discovery = (target: Page = page) =>
  target.getByRole('region', { name: 'Discover creators' });
const discoveryCards = (target: Page = page) =>
  target.getByRole('list', { name: 'Discover creators' }).getByRole('article');
const pagerText = (target: Page = page) => discovery(target).getByText(/^Page \d+ of \d+$/);

describe('the discovery grid on the home page', () => {
  it('shows a visitor page 1, and sends them to /login from Next and Unlock Now', async () => {
    await page.goto('/');
    await discoveryCards().first().waitFor();
    expect(await discoveryCards().count()).toBe(10);
    expect(await pagerText().textContent()).toBe('Page 1 of 1');
    await discovery().getByRole('button', { name: 'Unlock Now', exact: true }).waitFor();
    await discovery().getByRole('button', { name: 'Next', exact: true }).click();
    await waitForPath(page, '/login');
    await page.goBack();
    await discovery().getByRole('button', { name: 'Unlock Now', exact: true }).click();
    await waitForPath(page, '/login');
  });

  it('tells a user under 5 coins they need 5 to unlock', async () => {
    await openSignedIn(page, server, await brand(), '/');
    await discoveryCards().first().waitFor();
    expect(await pagerText().textContent()).toBe('Page 1 of 1');
    expect(await discovery().getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(
      true,
    );
    await discovery().getByRole('button', { name: 'Need 5 Coins', exact: true }).click();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'You need at least 5 LinkCoins to unlock this content' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(
      'You need at least 5 LinkCoins to unlock this content',
    );
  });

  it('opens the pages the balance unlocks, adds to the list and opens the profile popup', async () => {
    const priya = await brand();
    await grantCoins(server, admin, priya.userId, 20, 'Directory test');
    await openSignedIn(page, server, priya, '/');
    await discoveryCards().first().waitFor();
    // 20 coins open floor((20 - 5) / 5) = 3 pages; 14 creators fill 2.
    await expect.poll(() => pagerText().textContent(), { timeout: 10_000 }).toBe('Page 1 of 2');

    const first = discoveryCards().first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('button', { name: 'Add to List', exact: true }).click();
    await spendButton(
      confirmDialog(page, 'Spend 1 LinkCoin to add this user to your list. Are you sure?'),
    ).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'User added to collection successfully!' })
      .waitFor();

    await discovery().getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => pagerText().textContent(), { timeout: 10_000 }).toBe('Page 2 of 2');
    await expect.poll(() => discoveryCards().count(), { timeout: 10_000 }).toBe(4);
    // The grid's page is in the address: a reload (or a shared link) opens it again.
    expect(new URL(page.url()).searchParams.get('discover')).toBe('2');
    await page.reload();
    await expect.poll(() => pagerText().textContent(), { timeout: 10_000 }).toBe('Page 2 of 2');
    expect(await discovery().getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(
      true,
    );
    await discovery().getByRole('button', { name: 'Previous', exact: true }).click();
    await expect.poll(() => pagerText().textContent(), { timeout: 10_000 }).toBe('Page 1 of 2');

    await discoveryCards()
      .filter({ hasText: name })
      .first()
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await page.getByRole('dialog', { name }).getByRole('heading', { name }).waitFor();
    expect(currentPath(page)).toBe('/');
  });
});

describe("a creator's visibility in the profile wizard", () => {
  it('shows the level and what would raise it', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'New Creator' });
    await openSignedIn(page, server, creator, '/UpdateProfile');
    const card = page.getByRole('region', { name: /^Your visibility:/ });
    await card.getByRole('heading', { name: 'Your visibility: Basic profile' }).waitFor();
    await card.getByText('40% visibility').waitFor();
    await card
      .getByRole('list', { name: 'What would raise your visibility' })
      .getByText('Add a profile picture')
      .waitFor();
  });
});
