import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminEnv, registerUser, type TestUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile, uploadImage } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { holdRequests, signInBrowser } from '../../tooling/browser-test/accounts.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from '../../tooling/browser-test/browser.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { pngImage, selectOption } from './support/profiles.ts';

// docs/product-spec.md section 2 ("Influencer detail modal and profile page"), 5 (follower display, YouTube
// video id) and 6 (contact fields only for the owner).

// Pictures are served only from our own uploads (outside hosts are refused by the server).
const IMAGES = '/uploads';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer({ env: adminEnv });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport: { width: number; height: number } = DESKTOP_VIEWPORT) {
  context = await browser.newContext({ baseURL: server.url, viewport });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
  );
  await page.goto('/aboutus');
  const png = await pngImage(page, { width: 60, height: 60 });
  await page.route(`**${IMAGES}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
}

beforeEach(async () => {
  await newPage();
});

afterEach(async () => {
  await context.close();
});

async function signIn(user: TestUser): Promise<void> {
  await signInBrowser(page, server, user);
}

/** Image posts of the creator's own uploads (uploads have owners). */
const imagePosts = (links: readonly string[]) =>
  links.map((postLink, i) => ({
    platform: 'instagram',
    category: i % 2 === 0 ? 'spices' : 'kitchenware',
    postLink,
  }));

/** The first image post's picture of the last creator made by `creatorWithPosts`. */
let firstPost = '';

/** A creator with three accounts (12.5k, 48213 and 4200 followers) and seven posts. */
async function creatorWithPosts(): Promise<TestUser> {
  const creator = await registerUser(server, { role: 'influencer' });
  const pictures: string[] = [];
  for (let i = 0; i < 6; i++) pictures.push(await uploadImage(server, creator));
  firstPost = pictures[0]!;
  const wizard = creatorWizard();
  await saveProfile(
    server,
    creator,
    creatorWizard({
      profileDetails: [
        ...(wizard.profileDetails ?? []),
        {
          platform: 'instagram',
          profileName: 'asha.kitchen',
          profilePicUrl: 'https://instagram.com/asha.kitchen',
          followers: 48213,
        },
      ],
      pastPosts: [
        ...imagePosts(pictures),
        {
          platform: 'youtube',
          category: 'recipes',
          postLink: 'https://youtu.be/dQw4w9WgXcQ',
        },
        // Not a video link: never embedded.
        { platform: 'youtube', category: 'recipes', postLink: 'https://youtube.com/@AshaCooksTV' },
      ],
    }),
  ).expect(200);
  return creator;
}

const region = (name: string) => page.getByRole('region', { name, exact: true });

describe('the profile page', () => {
  it('shows the photo, counts, prices, accounts and popular posts', async () => {
    const creator = await creatorWithPosts();
    // A visitor's page comes with the profile (the server's first screen): nothing is asked.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/pageowners/user/')) asked.push(request.url());
    });
    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, 'asha.cooks');
    expect(asked).toEqual([]);

    await page.getByText('Promotions: 8').waitFor();
    // The largest Instagram account's followers: 48213 shows as 48K.
    await page.getByLabel('Instagram followers: 48K').waitFor();
    expect(
      await page.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Kitchenware', 'Spices', 'Packaged Food', 'Cooking', 'Recipes', 'Regional Cuisine']);
    // Prices, accounts and posts render in a second pass, after the first screen.
    await region('Prices').getByRole('listitem').first().waitFor();
    expect(await region('Prices').getByRole('listitem').allTextContents()).toEqual([
      'Story Post₹1,500',
      'Feed Post₹3,000',
      'Reel₹5,000',
    ]);
    // No photo: a generated avatar with the initials.
    expect(await page.getByRole('img', { name: 'asha.cooks' }).first().textContent()).toBe('A');

    const followers = async (name: string) =>
      page.getByRole('listitem', { name }).locator('p', { hasText: 'followers' }).textContent();
    expect(await followers('Instagram account asha.cooks')).toBe('12.5k followers');
    expect(await followers('Instagram account asha.kitchen')).toBe('48K followers');
    expect(await followers('YouTube account @AshaCooksTV')).toBe('4K followers');
    const visit = page
      .getByRole('listitem', { name: 'YouTube account @AshaCooksTV' })
      .getByRole('link');
    expect(await visit.textContent()).toBe('Visit Profile');
    expect(await visit.getAttribute('href')).toBe('https://youtube.com/@AshaCooksTV');

    await page.getByRole('heading', { level: 2, name: 'Popular Posts', exact: true }).waitFor();
    const images = region('image posts');
    const photos = images.getByRole('img', { name: /^Instagram post: / });
    expect(await photos.count()).toBe(6);
    expect(await photos.first().getAttribute('src')).toBe(firstPost);
    const card = await images.getByRole('figure').first().boundingBox();
    expect(card?.width).toBe(250);
    // Only the link with a video id is embedded, muted.
    const videos = region('video posts').locator('iframe');
    expect(await videos.count()).toBe(1);
    expect(await videos.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?mute=1',
    );

    // Platform and Category dropdowns, reading their names until a choice is made.
    expect(await page.getByRole('combobox', { name: 'Platform' }).textContent()).toBe('Platform');
    expect(await page.getByRole('combobox', { name: 'Category' }).textContent()).toBe('Category');
    await selectOption(page, 'Platform', 'YouTube');
    await region('image posts').waitFor({ state: 'detached' });
    expect(await region('video posts').locator('iframe').count()).toBe(1);
    await selectOption(page, 'Category', 'Spices');
    await page.getByText('No posts available').waitFor();
    await selectOption(page, 'Platform', 'All platforms');
    expect(
      await region('image posts').getByRole('img', { name: 'Instagram post: Spices' }).count(),
    ).toBe(3);
  });

  it('says when there are no accounts, posts or prices', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'New Creator' });
    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, 'New Creator');
    await page.getByText('No profile details available').waitFor();
    await page.getByText('No posts available').waitFor();
    expect(await region('Prices').getByRole('listitem').allTextContents()).toEqual([
      'Story PostNegotiable',
      'Feed PostNegotiable',
      'ReelNegotiable',
    ]);
    await page.getByText('Promotions: 0').waitFor();
    // A visitor is not the page owner: Add to List and Chat Now show, and lead to /login.
    expect(await page.getByRole('button', { name: 'Chat Now' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add to List' }).click();
    await waitForPath(page, '/login');
  });

  it('says so when the user does not exist', async () => {
    await page.goto('/Profile/no-such-user');
    await page.getByRole('alert').filter({ hasText: 'User not found.' }).waitFor();
  });

  it('shows e-mail, mobile and WhatsApp to the creator only', async () => {
    const creator = await creatorWithPosts();
    const brand = await registerUser(server, { role: 'user' });

    await signIn(brand);
    // A signed-in viewer's profile is asked for with the token, the page loading meanwhile.
    const release = await holdRequests(page, `**/api/pageowners/user/${creator.userId}`);
    await page.goto(`/Profile/${creator.userId}`);
    await page.getByRole('progressbar', { name: 'Loading profile' }).waitFor();
    release();
    await expectMainHeading(page, 'asha.cooks');
    await page.getByText('Promotions: 8').waitFor();
    expect(await region('Contact details').count()).toBe(0);
    expect(await page.getByText(creator.email).count()).toBe(0);
    expect(await page.getByText('+91 98765 43210').count()).toBe(0);

    await signIn(creator);
    await page.goto(`/Profile/${creator.userId}`);
    const contact = region('Contact details');
    await contact.getByText(`Email: ${creator.email}`).waitFor();
    await contact.getByText('Mobile: +91 98765 43210').waitFor();
    await contact.getByText('WhatsApp: +91 98765 43210').waitFor();
  });

  it('fits a 360 px wide phone', async () => {
    const creator = await creatorWithPosts();
    await context.close();
    await newPage({ width: 360, height: 740 });
    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, 'asha.cooks');
    await region('image posts').waitFor();
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);

    // The wizard's step 2, for a creator whose posts are all finished (an unfinished one, such
    // as the YouTube link without a video id above, would take the wizard to Upload Posts).
    const wizardCreator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, wizardCreator, creatorWizard()).expect(200);
    await signIn(wizardCreator);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page.getByRole('tab', { name: 'Add Social Media Accounts' }).click();
    await page.getByRole('heading', { level: 2, name: 'Add Social Media Accounts' }).waitFor();
    expect(
      await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBe(0);
  });
});

describe('the influencer detail modal', () => {
  it('opens from the wizard Preview with "Poppular Posts" and scrolling arrows', async () => {
    const creator = await creatorWithPosts();
    await signIn(creator);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page.getByRole('button', { name: 'Preview' }).click();
    const modal = page.getByRole('dialog', { name: 'asha.cooks' });
    await modal.getByRole('heading', { name: 'Poppular Posts', exact: true }).waitFor();
    expect(await modal.getByRole('heading', { name: 'Popular Posts', exact: true }).count()).toBe(
      0,
    );
    // The preview counts finished posts only: the link without a video id is not one.
    await modal.getByText('Promotions: 7').waitFor();
    await modal.getByLabel('Instagram followers: 48K').waitFor();

    const strip = modal.getByRole('region', { name: 'image posts' });
    await strip.getByRole('img').first().waitFor();
    const scrollLeft = () => strip.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    await modal.getByRole('button', { name: 'Scroll image posts right' }).click();
    await expect.poll(scrollLeft).toBe(200);
    await modal.getByRole('button', { name: 'Scroll image posts right' }).click();
    await expect.poll(scrollLeft).toBe(400);
    await modal.getByRole('button', { name: 'Scroll image posts left' }).click();
    await expect.poll(scrollLeft).toBe(200);

    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });
});

describe('YouTube verification', () => {
  const CLIENT_ID = 'linkcoin-e2e.apps.googleusercontent.com';
  const READONLY = 'https://www.googleapis.com/auth/youtube.readonly';
  let google: Server;
  let youtubeServer: TestServer;

  /** Stands in for Google: tokeninfo and the YouTube Data API's channels.list. */
  const channels: Record<string, { id: string; title: string; subscribers: string }> = {
    '@ashacookstv': { id: 'UCasha0000000000000000', title: 'Asha Cooks', subscribers: '48213' },
    '@othertv': { id: 'UCother000000000000000', title: 'Other TV', subscribers: '10' },
  };
  const signedIn: Record<string, string> = {
    'token-asha': '@ashacookstv',
    'token-other': '@othertv',
  };

  beforeAll(async () => {
    google = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://google.test');
      res.setHeader('Content-Type', 'application/json');
      const send = (status: number, body: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/tokeninfo') {
        const known = signedIn[url.searchParams.get('access_token') ?? ''];
        return known
          ? send(200, { aud: CLIENT_ID, azp: CLIENT_ID, scope: READONLY, expires_in: '3500' })
          : send(400, { error: 'invalid_token' });
      }
      const handle =
        url.searchParams.get('mine') === 'true'
          ? signedIn[(req.headers.authorization ?? '').replace('Bearer ', '')]
          : url.searchParams.get('forHandle')?.toLowerCase();
      const channel = handle ? channels[handle] : undefined;
      send(200, {
        items: channel
          ? [
              {
                id: channel.id,
                snippet: { title: channel.title },
                statistics: { subscriberCount: channel.subscribers, hiddenSubscriberCount: false },
              },
            ]
          : [],
      });
    });
    await new Promise<void>((done) => google.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    youtubeServer = await startTestServer({
      env: {
        ...adminEnv,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        YOUTUBE_API_KEY: 'AIzaE2eKeyForLinkCoin',
        YOUTUBE_API_BASE_URL: `${base}/youtube/v3`,
        GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`,
      },
    });
  });

  afterAll(async () => {
    await youtubeServer?.stop();
    await new Promise<void>((done) => (google ? google.close(() => done()) : done()));
  });

  /** Google Identity Services' token client, answering the access token the test chooses. */
  const fakeGis = () => `
    window.google = { accounts: {
      id: { initialize: function () {}, renderButton: function () {} },
      oauth2: { initTokenClient: function (config) {
        window.__tokenConfig = config;
        return { requestAccessToken: function () {
          setTimeout(function () { config.callback({ access_token: window.__token }); }, 0);
        } };
      } }
    } };`;

  it('verifies the channel signed in with Google, and refuses another one', async () => {
    const creator = await registerUser(youtubeServer, { role: 'influencer' });
    await saveProfile(youtubeServer, creator, creatorWizard()).expect(200);
    await context.close();
    context = await browser.newContext({ baseURL: youtubeServer.url, viewport: DESKTOP_VIEWPORT });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeGis() }),
    );
    await signInBrowser(page, youtubeServer, creator);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page.getByRole('tab', { name: 'Verification' }).click();
    const card = page.getByRole('region', { name: 'YouTube verification for @AshaCooksTV' });

    // Signed in with Google as another channel's owner.
    await page.evaluate(`window.__token = 'token-other'`);
    await card.getByRole('button', { name: 'Verify with YouTube' }).click();
    await card.getByRole('alert').filter({ hasText: '❌ Verification failed' }).waitFor();
    expect(await card.getByText('✓ This account is verified').count()).toBe(0);

    await page.evaluate(`window.__token = 'token-asha'`);
    await card.getByRole('button', { name: 'Verify with YouTube' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: '✅ Verified: Asha Cooks (48213 subscribers)' })
      .waitFor();
    await card.getByText('✓ This account is verified').waitFor();

    // The followers became the subscriber count, locked.
    await page.getByRole('tab', { name: 'Add Social Media Accounts' }).click();
    const youtube = page.getByRole('group', { name: 'Account 2', exact: true });
    await youtube.getByText('✓ This account is verified').waitFor();
    expect(await youtube.getByLabel('Followers').inputValue()).toBe('48213');
  });
});
