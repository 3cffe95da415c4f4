import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { appendLegacyEvents, storedEvents } from '../../tooling/browser-test/legacy-events.ts';
import {
  PAYLOADS,
  expectNothingRan,
  expectShownAsText,
  watchForScripts,
  type ScriptWatch,
} from '../../tooling/browser-test/stored-script.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

// Issue 7 (deliverable 8): script payloads in every user-provided text the console shows (the
// OTP dashboard's handles and profile links, the users' names and e-mail addresses), through the
// API where it takes them and straight as events where it refuses them (a javascript: profile
// link, an e-mail address full of markup). Nothing runs.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;
let watch: ScriptWatch;

beforeEach(async () => {
  ({ server, page } = harness);
  watch = await watchForScripts(page);
});

let seeds = 0;

/**
 * A creator named with a payload, whose Instagram handle carries another, asks for a code through
 * the API; then a legacy request for a payload handle with a javascript: profile link, and a
 * legacy account whose e-mail address is markup, are written as events.
 */
async function seed() {
  seeds += 1;
  const legacyEmail = `"><img src=x onerror=alert(${seeds})>@evil.example`;
  const creator = await registerUser(server, { role: 'influencer', ownerName: PAYLOADS.img });
  const handle = `asha${PAYLOADS.svg}`;
  // The server asks codes only for real Instagram usernames: the request goes through the API
  // for a plain handle, and the payload handles are written as legacy requests below.
  const plainHandle = `asha_payloads${seeds}`;
  await saveProfile(
    server,
    creator,
    creatorWizard({
      ownerName: PAYLOADS.img,
      profileDetails: [
        {
          platform: 'instagram',
          profileName: plainHandle,
          profilePicUrl: `https://instagram.com/${plainHandle}`,
          followers: 900,
        },
      ],
    }),
  ).expect(200);
  const asked = await fetch(`${server.url}/api/pageowners/store`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${creator.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: creator.userId, profileName: plainHandle }),
  });
  expect(asked.status).toBe(201);

  // The request as stored, copied with what the server no longer takes from a client.
  const stream = `igverification-${creator.userId}`;
  const [requested] = (await storedEvents(server, stream)).filter(
    (event) => event.type === 'InstagramVerificationRequested',
  );
  if (!requested) throw new Error('The Instagram request was not stored');
  await appendLegacyEvents(server, stream, [
    {
      type: 'InstagramVerificationRequested',
      data: {
        ...requested.data,
        requestId: randomUUID(),
        profileName: handle,
        profileUrl: `https://instagram.com/asha?q="><svg/onload=alert(1)>`,
        replaces: null,
      },
    },
    {
      type: 'InstagramVerificationRequested',
      data: {
        ...requested.data,
        requestId: randomUUID(),
        profileName: PAYLOADS.script,
        profileUrl: PAYLOADS.jsLink,
        replaces: null,
      },
    },
  ]);

  const legacyUserId = randomUUID();
  await appendLegacyEvents(server, `account-${legacyUserId}`, [
    {
      type: 'AccountRegistered',
      data: {
        userId: legacyUserId,
        email: legacyEmail,
        ownerName: PAYLOADS.template,
        role: 'user',
        mobile: PAYLOADS.svg,
        passwordHash: null,
        googleSub: null,
        emailProof: 'email_otp',
        registeredAt: new Date().toISOString(),
      },
    },
  ]);
  return { creator, handle, plainHandle, legacyUserId, legacyEmail };
}

const rowWith = (text: string) => page.getByRole('row').filter({ hasText: text });
const panel = () => page.getByRole('complementary', { name: 'OTP record' });

describe('the console with stored payloads', () => {
  it('shows the OTP dashboard, its panel and its filters without running anything', async () => {
    const { handle, plainHandle } = await seed();
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await rowWith(`@${handle}`).waitFor();
    await rowWith(`@${PAYLOADS.script}`).waitFor();
    await expectNothingRan(page, watch);

    // The request made through the API: its link is derived from the handle on the server.
    await rowWith(`@${plainHandle}`).getByRole('cell').nth(2).click();
    const link = panel().getByRole('link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`https://www.instagram.com/${plainHandle}/`);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');
    await expectNothingRan(page, watch);

    // Legacy requests for handles that are no Instagram username: the handle is text, and the
    // link a client once sent (markup, javascript:) is neither a link nor shown.
    for (const legacy of [handle, PAYLOADS.script]) {
      await rowWith(`@${legacy}`).getByRole('cell').nth(2).click();
      await panel().getByText(`@${legacy}`).waitFor();
      expect(await panel().getByRole('link').count()).toBe(0);
      expect(await panel().textContent()).not.toContain('javascript:');
      await expectNothingRan(page, watch);
    }

    // Payloads typed into the filters go to the API as data and come back as nothing.
    await page.getByRole('textbox', { name: 'User ID' }).fill(PAYLOADS.img);
    await page.getByRole('textbox', { name: 'Profile name' }).fill(PAYLOADS.svg);
    await page.getByText('No OTP records found').waitFor();
    await expectNothingRan(page, watch);
  });

  it('shows users, names and e-mail addresses without running anything', async () => {
    const { creator, legacyUserId, legacyEmail } = await seed();
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await waitForConsoleRoute(page, 'users');
    await rowWith(creator.email).waitFor();
    expect(await rowWith(creator.email).textContent()).toContain(PAYLOADS.img);
    await rowWith(legacyEmail).waitFor();
    expect(await rowWith(legacyEmail).textContent()).toContain(PAYLOADS.template);
    // A plain address is a mailto: link; markup in an address is not.
    expect(await rowWith(creator.email).getByRole('link').getAttribute('href')).toBe(
      `mailto:${creator.email}`,
    );
    expect(await rowWith(legacyEmail).getByRole('link').count()).toBe(0);
    await expectNothingRan(page, watch);

    for (const userId of [creator.userId, legacyUserId]) {
      await page.goto(`${server.url}/admin/#/users/${userId}/show`);
      await page.getByRole('main').getByText(userId).waitFor();
      await expectNothingRan(page, watch);
    }
    await expectShownAsText(page, legacyEmail);
    await expectShownAsText(page, `User ${PAYLOADS.template}`);
  });
});
