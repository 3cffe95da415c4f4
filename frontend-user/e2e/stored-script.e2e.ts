import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, type TestUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { signInBrowser } from '../../tooling/browser-test/accounts.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { appendLegacyEvents } from '../../tooling/browser-test/legacy-events.ts';
import { expectMainHeading } from '../../tooling/browser-test/navigation.ts';
import {
  ALL_PAYLOADS,
  OUTSIDE_HOST,
  PAYLOADS,
  expectNothingRan,
  expectShownAsText,
  watchForScripts,
  type ScriptWatch,
} from '../../tooling/browser-test/stored-script.ts';

// Issue 7 (deliverable 8): script payloads stored in every text field the user app renders, and
// links and images the API refuses today stored straight as events (legacy data). Nothing runs:
// no dialog, no `window.__xss`, no injected element, no request an injected element would make.

const harness = useBrowserTest();
let server: TestServer;
let page: Page;
let watch: ScriptWatch;

beforeEach(async () => {
  ({ server, page } = harness);
  watch = await watchForScripts(page);
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
  );
});

/** A creator whose every free-text field, as the API accepts it today, holds payloads. */
async function creatorWithPayloads(): Promise<{ creator: TestUser; handle: string }> {
  const creator = await registerUser(server, { role: 'influencer', ownerName: PAYLOADS.img });
  const handle = `asha${PAYLOADS.svg}`;
  await saveProfile(
    server,
    creator,
    creatorWizard({
      ownerName: PAYLOADS.img,
      description: ALL_PAYLOADS,
      averageLocationOfAudience: [PAYLOADS.svg, PAYLOADS.template, PAYLOADS.jsLink],
      profileDetails: [
        {
          platform: 'instagram',
          profileName: handle,
          // A real https link whose path carries markup: quoted into the attribute, harmless.
          profilePicUrl: `https://instagram.com/asha?q="><svg/onload=alert(1)>`,
          followers: '12.5k',
        },
        {
          platform: 'youtube',
          profileName: PAYLOADS.template,
          profilePicUrl: 'https://youtube.com/@AshaCooksTV',
          followers: 4200,
        },
      ],
    }),
  ).expect(200);
  return { creator, handle };
}

/** Signed in as `user` (a browser session, as after signing in). */
async function signIn(user: TestUser): Promise<void> {
  await signInBrowser(page, server, user);
}

describe('stored payloads saved through the API', () => {
  it('stay text on the public profile, for a visitor', async () => {
    const { creator, handle } = await creatorWithPayloads();
    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, PAYLOADS.img);
    await expectShownAsText(page, PAYLOADS.script);
    await expectShownAsText(page, handle);
    await expectShownAsText(page, PAYLOADS.template);
    await expectNothingRan(page, watch);
    // The account's link is a link, to where it says, with the markup only in its address.
    const visit = page.getByRole('link', { name: 'Visit Profile' }).first();
    expect(await visit.getAttribute('href')).toBe(
      'https://instagram.com/asha?q=%22%3E%3Csvg/onload=alert(1)%3E',
    );
    expect(await visit.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('stay text in every step of the wizard, the preview and the account menu', async () => {
    const { creator, handle } = await creatorWithPayloads();
    await signIn(creator);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page.getByRole('button', { name: `Account menu for ${PAYLOADS.img}` }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).waitFor();
    await page.keyboard.press('Escape');
    await expectNothingRan(page, watch);

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('heading', { name: PAYLOADS.img }).waitFor();
    await expectShownAsText(page, handle);
    await expectNothingRan(page, watch);
    await preview.getByRole('button', { name: 'Close' }).click();

    const tabs = page.getByRole('navigation', { name: 'Profile steps' });
    for (const step of ['Add Social Media Accounts', 'Verification', 'Upload Posts']) {
      await tabs.getByRole('tab', { name: step }).click();
      await page.getByRole('heading', { level: 2, name: step, exact: true }).waitFor();
      if (step === 'Add Social Media Accounts') await expectShownAsText(page, PAYLOADS.jsLink);
      if (step === 'Verification') {
        // A handle that is not an Instagram username gets no code: the server's refusal is
        // shown, as text, and the payload in the card's name runs nothing.
        const card = page.getByRole('region', { name: `Instagram verification for ${handle}` });
        await card.getByRole('button', { name: 'Send OTP' }).click();
        await page
          .getByText(/Enter an Instagram username/)
          .first()
          .waitFor();
      }
      await expectNothingRan(page, watch);
    }

    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, PAYLOADS.img);
    await expectNothingRan(page, watch);
  });
});

describe('stored data the API refuses, written straight as events', () => {
  it('shows no script link, loads no outside or data: image, and runs nothing', async () => {
    const { creator } = await creatorWithPayloads();
    const stream = `profile-${creator.userId}`;
    await appendLegacyEvents(server, stream, [
      {
        type: 'PersonalDetailsUpdated',
        data: {
          ownerName: PAYLOADS.svg,
          mobile: PAYLOADS.img,
          whatsapp: PAYLOADS.script,
          description: ALL_PAYLOADS,
        },
      },
      {
        type: 'ProfilePictureChanged',
        data: { profilePicUrl: `data:image/svg+xml,<svg onload="window.__xss='pic'"/>` },
      },
      {
        type: 'SocialAccountAdded',
        data: {
          account: {
            id: randomUUID(),
            platform: 'facebook',
            profileName: PAYLOADS.script,
            profileUrl: PAYLOADS.jsLink,
            dashboardPic: '',
            followers: 900,
            followersCount: 900,
          },
        },
      },
      {
        type: 'SocialAccountAdded',
        data: {
          account: {
            id: randomUUID(),
            platform: 'twitter',
            profileName: 'obfuscated',
            profileUrl: ' java\tscript:window.__xss="tab"',
            dashboardPic: '',
            followers: 10,
            followersCount: 10,
          },
        },
      },
      ...[
        { platform: 'instagram', postLink: PAYLOADS.jsLink },
        { platform: 'facebook', postLink: `data:image/svg+xml,<svg onload="alert('post')"/>` },
        { platform: 'pinterest', postLink: `http://${OUTSIDE_HOST}/pixel.gif` },
        { platform: 'tiktok', postLink: PAYLOADS.jsLink },
        { platform: 'youtube', postLink: 'javascript://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ].map(({ platform, postLink }) => ({
        type: 'PastPostAdded',
        data: { post: { id: randomUUID(), platform, category: 'spices', postLink } },
      })),
    ]);

    // As a visitor.
    await page.goto(`/Profile/${creator.userId}`);
    await expectMainHeading(page, PAYLOADS.svg);
    await expectShownAsText(page, PAYLOADS.script);
    await expectNothingRan(page, watch);
    // Only the honest accounts have a Visit Profile link; the picture is the generated avatar.
    expect(await page.getByRole('link', { name: 'Visit Profile' }).count()).toBe(2);
    expect(await page.getByRole('img', { name: PAYLOADS.svg }).first().getAttribute('src')).toBe(
      null,
    );
    // No card for a post whose image or link was refused; the API's own post still shows.
    expect(await page.getByRole('link', { name: /^Watch on/ }).count()).toBe(0);
    expect(await page.getByTestId('image-post').count()).toBe(0);

    // As the owner: contact details, the wizard's first step and its preview.
    await signIn(creator);
    await page.goto(`/Profile/${creator.userId}`);
    await expectShownAsText(page, `Mobile: ${PAYLOADS.img}`);
    await expectShownAsText(page, `WhatsApp: ${PAYLOADS.script}`);
    await expectNothingRan(page, watch);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: PAYLOADS.svg }).waitFor();
    await expectNothingRan(page, watch);
  });
});
