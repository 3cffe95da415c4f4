import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { signInBrowser } from '../../tooling/browser-test/accounts.ts';
import {
  currentPath,
  expectMainHeading,
  waitForPath,
} from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 1, 2 ("About / landing content"), 3 (Packages) and 9 (marketing constants).

const harness = useBrowserTest();
let page: Page;

beforeEach(() => {
  ({ page } = harness);
});

/** The step titles (h3) of the visible list of steps inside `scope`. */
async function stepTitles(scope: ReturnType<Page['locator']>): Promise<string[]> {
  const items = scope.getByRole('listitem');
  await items.first().waitFor();
  return scope.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
}

describe('home page', () => {
  beforeEach(async () => {
    await page.goto('/');
    await expectMainHeading(page, 'Where brands meet verified creators');
  });

  it('switches between the Influencer and Brand journeys of six steps each', async () => {
    const influencerTab = page.getByRole('tab', { name: 'Influencer', exact: true });
    const brandTab = page.getByRole('tab', { name: 'Brand', exact: true });
    expect(await influencerTab.getAttribute('aria-selected')).toBe('true');

    const influencerSteps = await stepTitles(page.getByRole('tabpanel', { name: 'Influencer' }));
    expect(influencerSteps).toHaveLength(6);
    expect(influencerSteps[0]).toBe('Sign up as a creator');

    await brandTab.click();
    const brandPanel = page.getByRole('tabpanel', { name: 'Brand' });
    await brandPanel.waitFor();
    expect(await brandTab.getAttribute('aria-selected')).toBe('true');
    const brandSteps = await stepTitles(brandPanel);
    expect(brandSteps).toHaveLength(6);
    expect(brandSteps[0]).toBe('Create your brand account');
    expect(brandSteps).not.toEqual(influencerSteps);
    expect(await page.getByRole('tabpanel', { name: 'Influencer' }).count()).toBe(0);

    await influencerTab.click();
    const backToInfluencer = await stepTitles(page.getByRole('tabpanel', { name: 'Influencer' }));
    expect(backToInfluencer).toEqual(influencerSteps);
  });

  it.each([
    { title: '10 LinkCoins', bonus: '+ 1 free', price: '₹50', original: '₹55', off: '9% off' },
    { title: '25 LinkCoins', bonus: '+ 5 free', price: '₹125', original: '₹150', off: '17% off' },
    { title: '50 LinkCoins', bonus: '+ 12 free', price: '₹250', original: '₹310', off: '19% off' },
  ])('shows the $title package with its price and discount', async (pack) => {
    const card = page.getByRole('article', { name: pack.title, exact: true });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(pack.bonus);
    expect(text).toContain(pack.price);
    expect(await card.locator('del').textContent()).toBe(pack.original);
    expect(text).toContain(pack.off);
  });

  it('marks only the 25-coin package as most popular and states the coin rate', async () => {
    const packages = page.getByRole('region', { name: 'LinkCoin packages' });
    await packages.waitFor();
    const popular = packages.getByRole('article').filter({ hasText: 'Most popular' });
    expect(await popular.count()).toBe(1);
    expect(await popular.getByRole('heading').textContent()).toBe('25 LinkCoins');
    expect(await packages.textContent()).toContain('1 LinkCoin = ₹5');
  });

  it('explains how LinkCoins work', async () => {
    const section = page.getByRole('region', { name: 'How LinkCoins Work' });
    await section.waitFor();
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('chat with them for 7 days');
    expect(text).toContain('does not reply within 48 hours, your coin is refunded');
    expect(text).toContain('Coins never expire');
    expect(text).toContain('Every 5 additional coins in your balance unlock 1 extra page');
  });

  it('shows testimonials', async () => {
    const section = page.getByRole('region', { name: 'Brands and creators on LinkCoin' });
    await section.waitFor();
    expect(await section.getByRole('figure').count()).toBe(3);
  });

  it('sends Get Started Now to /Register', async () => {
    await page.getByRole('link', { name: 'Get Started Now' }).click();
    await waitForPath(page, '/Register');
    await expectMainHeading(page, 'Creator Registration');
  });

  it('opens a mail to sales from Book a Demo', async () => {
    const href = await page.getByRole('link', { name: 'Book a Demo' }).getAttribute('href');
    expect(href).toMatch(/^mailto:sales@linkcoin\.in\?subject=/);
  });
});

describe('about page', () => {
  beforeEach(async () => {
    await page.goto('/aboutus');
    await expectMainHeading(page, "Building India's most trusted creator marketplace");
  });

  it('shows the four headline numbers', async () => {
    const stats = page.getByRole('region', { name: 'LinkCoin in numbers' });
    await stats.waitFor();
    const labels = await stats.locator('dt').allTextContents();
    const values = await stats.locator('dd').allTextContents();
    expect(labels.map((label, i) => `${values[i]} ${label}`)).toEqual([
      '150+ Verified creators',
      '50+ Successful campaigns',
      '30+ Industry verticals',
      '98% Satisfaction rate',
    ]);
  });

  it('states the vision, the mission and the four core principles', async () => {
    const why = page.getByRole('region', { name: 'Why we exist' });
    expect(await why.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Our vision',
      'Our mission',
    ]);
    const principles = page.getByRole('region', { name: 'Our core principles' });
    expect(await principles.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Radical transparency',
      'Creator empowerment',
      'Data integrity',
      'Performance focus',
    ]);
  });

  it('lists six advantages', async () => {
    const advantages = page.getByRole('region', { name: 'The LinkCoin advantage' });
    await advantages.waitFor();
    expect(await advantages.getByRole('listitem').count()).toBe(6);
  });

  it('sends Brand Sign Up to /RegisterUser', async () => {
    await page.getByRole('link', { name: 'Brand Sign Up' }).click();
    await waitForPath(page, '/RegisterUser');
    await expectMainHeading(page, 'Brand Registration');
  });

  it('sends Creator Application to the home page', async () => {
    await page.getByRole('link', { name: 'Creator Application' }).click();
    await waitForPath(page, '/');
    await expectMainHeading(page, 'Where brands meet verified creators');
  });
});

describe('launch page', () => {
  beforeEach(async () => {
    await page.goto('/launcPage');
    await expectMainHeading(page, 'Be first on LinkCoin');
  });

  it('tells the three steps to creators or to brands with the toggle', async () => {
    const section = page.getByRole('region', { name: 'Three steps to your first collaboration' });
    const forCreators = section.getByRole('button', { name: 'For creators' });
    const forBrands = section.getByRole('button', { name: 'For brands' });
    await forCreators.waitFor();
    expect(await forCreators.getAttribute('aria-pressed')).toBe('true');
    const creatorSteps = await stepTitles(section);
    expect(creatorSteps).toEqual(['Create a profile', 'Get discovered', 'Collaborate']);
    const creatorText = await section.getByRole('list').textContent();

    await forBrands.click();
    await section.getByRole('heading', { name: 'Find matches' }).waitFor();
    expect(await forBrands.getAttribute('aria-pressed')).toBe('true');
    expect(await stepTitles(section)).toEqual(['Create a profile', 'Find matches', 'Collaborate']);
    expect(await section.getByRole('list').textContent()).not.toBe(creatorText);

    // Pressing the selected option again keeps it selected.
    await forBrands.click();
    expect(await forBrands.getAttribute('aria-pressed')).toBe('true');

    await forCreators.click();
    await section.getByRole('heading', { name: 'Get discovered' }).waitFor();
    expect(await stepTitles(section)).toEqual(creatorSteps);
  });

  it('shows creators their early-adopter perks and visibility levels', async () => {
    const perks = page.getByRole('region', { name: 'Early-adopter perks' });
    await perks.waitFor();
    const text = (await perks.textContent()) ?? '';
    expect(text).toContain('Early-adopter badge');
    expect(text).toContain('your first 30 days');
    expect(text).toContain('Free analytics dashboard');
    for (const level of [
      'Basic profile: 40%',
      'Complete profile: 100%',
      'Verified profile: 150%',
    ]) {
      await perks.getByRole('progressbar', { name: `${level} visibility` }).waitFor();
    }
  });

  it('sends Get Early Access to /register', async () => {
    await page.getByRole('link', { name: 'Get Early Access' }).click();
    await waitForPath(page, '/register');
    await expectMainHeading(page, 'Creator Registration');
  });
});

describe("the home page's calls to action", () => {
  const packageCard = () => page.getByRole('article', { name: '25 LinkCoins', exact: true });

  it('take a visitor to sign in to buy, and to brand registration to find creators', async () => {
    await page.goto('/');
    await expectMainHeading(page, 'Where brands meet verified creators');
    expect(await packageCard().getByRole('link').textContent()).toBe('Sign in to buy');
    await packageCard().getByRole('link').click();
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');

    await page.goto('/');
    await page.getByRole('link', { name: 'Find creators' }).click();
    await waitForPath(page, '/RegisterUser');
    await expectMainHeading(page, 'Brand Registration');
  });

  it('take a signed-in brand to buying and to the creators, not to /login', async () => {
    const brand = await registerUser(harness.server, { role: 'user', ownerName: 'Chai Point' });
    await signInBrowser(page, harness.server, brand);
    await page.goto('/');
    await expectMainHeading(page, 'Where brands meet verified creators');
    await packageCard().getByRole('button', { name: 'Buy now', exact: true }).click();
    // The purchase dialog opens on that package, over the home page.
    const dialog = page.getByRole('dialog', { name: 'Buy LinkCoins' });
    await dialog.getByRole('radio', { name: /^25 \+ 5 LinkCoins for/ }).waitFor();
    expect(await dialog.getByRole('radio', { name: /^25 \+ 5 LinkCoins for/ }).isChecked()).toBe(
      true,
    );
    expect(currentPath(page)).toBe('/');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/');
    await page.getByRole('link', { name: 'Find creators' }).click();
    await waitForPath(page, '/influencers');
    await expectMainHeading(page, 'Find influencers');
  });
});
