import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import {
  creatorWizard,
  instagramWizard,
  saveProfile,
} from '@linkcoin/services/testing/profiles.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { fieldLabelled, holdRequests, signInBrowser } from '../../tooling/browser-test/accounts.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { imageSize, pickAutocomplete, pngImage, selectOption } from './support/profiles.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 2 ("Profile edit wizard"), 4 (verified flag, Instagram verification, past post
// flow), 5 (wizard validation) and 8 (wizard alerts).

// The server's clock can be moved on (the Instagram resend minute); tests put it back.
const serverClock = adjustableClock();
const harness = useBrowserTest({ env: adminEnv, clock: serverClock });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

beforeEach(async () => {
  // Embedded videos never reach the network in tests.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
  );
});

const field = (label: string) => fieldLabelled(page, label);
const button = (name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const alertWith = (text: string) => page.getByRole('alert').filter({ hasText: text });
const post = (n: number) => page.getByRole('region', { name: new RegExp(`^Post ${n}:`) });
const account = (n: number) => page.getByRole('group', { name: `Account ${n}`, exact: true });

/** Opens the wizard as `user`, signed in through a stored session. */
async function openWizard(user: TestUser): Promise<void> {
  await signInBrowser(page, server, user);
  await page.goto('/UpdateProfile');
  await expectMainHeading(page, 'Update Profile');
  await stepHeading('Personal Details').waitFor();
}

async function goToStep(label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Profile steps' })
    .getByRole('tab', { name: label })
    .click();
  await stepHeading(label).waitFor();
}

describe('a creator', () => {
  it('completes the four steps, submits and lands on the profile page', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Verma' });
    await page.goto('/login');
    await field('Email').fill(creator.email);
    await field('Password').fill(creator.password);
    await button('Login').click();
    await waitForPath(page, '/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');

    // The four steps, as clickable dots and labels.
    const steps = page.getByRole('navigation', { name: 'Profile steps' }).getByRole('tab');
    // A step done on the saved profile shows a tick instead of its number: the name is given.
    expect(await steps.allTextContents()).toEqual([
      'Personal Details',
      '2Add Social Media Accounts',
      '3Verification',
      '4Upload Posts',
    ]);

    // Step 1: Personal Details.
    await stepHeading('Personal Details').waitFor();
    expect(await field('Email').inputValue()).toBe(creator.email);
    expect(await field('Email').getAttribute('readonly')).not.toBeNull();
    expect(await field('Description').getAttribute('rows')).toBe('4');
    await page
      .locator('input[type=file][aria-label="Choose a profile picture"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(page) });
    const preview = page.getByRole('img', { name: 'Profile picture preview' });
    await expect
      .poll(() => preview.getAttribute('src').catch(() => null))
      .toMatch(/^\/uploads\/[\w-]+\.png$/);
    await field('Full name').fill('asha.cooks');
    await field('Phone Number').fill('+91 98765 43210');
    await field('Description').fill('Home chef sharing quick Maharashtrian recipes.');
    await button('Save & Next').click();

    // Step 2: Add Social Media Accounts.
    await stepHeading('Add Social Media Accounts').waitFor();
    // The top bar's avatar shows the photo just saved.
    await page.getByRole('banner').locator('img[src^="/uploads/"]').waitFor();
    await pickAutocomplete(page, 'Social Media Platforms', 'Instagram');
    await pickAutocomplete(page, 'Social Media Platforms', 'YouTube');
    await pickAutocomplete(page, 'Ad Categories', 'Spices');
    // The suggestions follow what was chosen: more from the same broad group.
    const suggestions = page.getByRole('group', { name: 'Quick add Ad Categories' });
    await suggestions.getByText('Related', { exact: true }).waitFor();
    await suggestions.getByRole('button', { name: 'Packaged Food' }).waitFor();
    await pickAutocomplete(page, 'Page Content Categories', 'Cooking');
    await pickAutocomplete(page, 'Average Audience Type', 'Foodies');
    // A random quick-add chip adds one more ad category.
    await page
      .getByRole('group', { name: 'Quick add Ad Categories' })
      .getByRole('button')
      .first()
      .click();
    await page.getByText('2/20 selected').waitFor();
    await field('Audience Location').fill('  Pune ');
    await field('Audience Location').press('Enter');
    await field('Audience Location').fill('Mumbai');
    await button('Add').click();
    await field('Audience Location').fill('   ');
    await field('Audience Location').press('Enter');
    const locations = page.getByRole('group', { name: 'Audience locations' });
    expect(await locations.locator('.MuiChip-label').allTextContents()).toEqual(['Pune', 'Mumbai']);
    await field('Story Post').fill('1500');
    await field('Feed Post').fill('3000');
    await field('Reel').fill('5000');
    await button('+ Add Account').click();
    await selectOption(account(1), 'Platform', 'Instagram');
    await account(1).getByLabel('Profile Name').fill('asha.cooks');
    await account(1).getByLabel('Profile Link').fill('instagram.com/asha.cooks');
    await account(1).getByLabel('Followers').fill('12.5k');
    await button('+ Add Account').click();
    await selectOption(account(2), 'Platform', 'YouTube');
    await account(2).getByLabel('Profile Name').fill('@AshaCooksTV');
    await account(2).getByLabel('Profile Link').fill('https://youtube.com/@AshaCooksTV');
    await account(2).getByLabel('Followers').fill('48213');
    await button('Save & Next').click();

    // Step 3: Verification, one card per Instagram or YouTube account.
    await stepHeading('Verification').waitFor();
    await page.getByRole('region', { name: 'Instagram verification for asha.cooks' }).waitFor();
    const youtube = page.getByRole('region', { name: 'YouTube verification for @AshaCooksTV' });
    await youtube.getByText('YouTube verification is not available here.').waitFor();
    expect(await youtube.getByRole('button').count()).toBe(0);
    await button('Save & Next').click();

    // Step 4: Upload Posts.
    await stepHeading('Upload Posts').waitFor();
    await page
      .getByText('No posts match your filters. Try adjusting your filters or add a new post.')
      .waitFor();
    await button('Add Post').click();
    const addPost = page.getByRole('dialog', { name: 'Add Post' });
    await selectOption(addPost, 'Platform', 'Instagram');
    await addPost.getByRole('button', { name: 'Continue' }).click();
    await addPost.waitFor({ state: 'detached' });
    await pickAutocomplete(post(1), 'Category', 'Spices');
    expect(await page.getByText('Recommended size: 1080 x 1080').count()).toBe(1);
    await page.locator('input[type=file][aria-label="Choose an image for post 1"]').setInputFiles({
      name: 'dish.png',
      mimeType: 'image/png',
      buffer: await pngImage(page, { width: 160, height: 90, colour: '#b45309' }),
    });
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await crop.getByRole('button', { name: 'Crop & Save' }).click();
    await crop.waitFor({ state: 'detached' });
    const postImage = page.getByRole('img', { name: 'Post 1 image' });
    await expect
      .poll(() => postImage.getAttribute('src').catch(() => null))
      .toMatch(/^\/uploads\/[\w-]+\.jpg$/);
    const uploaded = (await postImage.getAttribute('src'))!;
    // The crop is saved at Instagram's recommended size.
    expect(await imageSize(page, uploaded)).toEqual([1080, 1080]);
    await button('Change image').waitFor();

    await button('Add Post').click();
    await selectOption(addPost, 'Platform', 'YouTube');
    await addPost.getByRole('button', { name: 'Continue' }).click();
    await addPost.waitFor({ state: 'detached' });
    // The new post is placed first and opened.
    await pickAutocomplete(post(1), 'Category', 'Cooking');
    await post(1).getByLabel('Video Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(await page.getByRole('button', { name: /^Post \d:/ }).allTextContents()).toEqual([
      'Post 1: YouTube · Cooking',
      'Post 2: Instagram · Spices',
    ]);
    await button('Submit').click();

    await waitForPath(page, `/Profile/${creator.userId}`);
    await expectMainHeading(page, 'asha.cooks');
    await page.getByRole('status').filter({ hasText: 'Profile updated' }).waitFor();
    // The navigation bar greets the creator by the saved name.
    await page.getByRole('button', { name: 'Account menu for asha.cooks' }).waitFor();
    const prices = page.getByRole('region', { name: 'Prices' });
    // The prices render in the profile page's second pass, after its first screen.
    await prices.getByRole('listitem').first().waitFor();
    expect(await prices.getByRole('listitem').allTextContents()).toEqual([
      'Story Post₹1,500',
      'Feed Post₹3,000',
      'Reel₹5,000',
    ]);
    await page.getByText('Promotions: 2').waitFor();
    const video = page.getByTitle('YouTube video: Cooking');
    expect(await video.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?mute=1',
    );
    expect(
      await page.getByRole('img', { name: 'Instagram post: Spices' }).getAttribute('src'),
    ).toBe(uploaded);
    const instagram = page.getByRole('listitem', { name: 'Instagram account asha.cooks' });
    await instagram.getByText('12.5k followers').waitFor();
    const link = instagram.getByRole('link', { name: 'Visit Profile' });
    expect(await link.getAttribute('href')).toBe('https://instagram.com/asha.cooks');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await page
      .getByRole('listitem', { name: 'YouTube account @AshaCooksTV' })
      .getByText('48K followers')
      .waitFor();
    expect(await page.getByRole('img', { name: 'asha.cooks' }).first().getAttribute('src')).toMatch(
      /^\/uploads\//,
    );
  });

  it('verifies an Instagram account with the code an admin sent, which then locks it', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, creatorWizard()).expect(200);
    await openWizard(creator);
    await goToStep('Verification');
    const card = page.getByRole('region', { name: 'Instagram verification for asha.cooks' });

    // Before any request there is no code to compare; an empty code is refused in the browser.
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByRole('alert').filter({ hasText: 'Please enter the OTP' }).waitFor();
    await card.getByLabel('OTP').fill('123456');
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByRole('alert').filter({ hasText: 'No OTP found for this user' }).waitFor();

    await card.getByRole('button', { name: 'Send OTP' }).click();
    const resend = card.getByRole('button', { name: 'Resend OTP' });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);

    // The admin reads the code in the console's API and marks it sent by direct message.
    const admin = await loginAdmin(server);
    const records = await fetch(
      `${server.url}/api/pageowners/get-all?userId=${encodeURIComponent(creator.userId)}`,
      { headers: { Authorization: `Bearer ${admin.token}` } },
    ).then((response) => response.json() as Promise<{ data: { data: { otp: string }[] } }>);
    const code = records.data.data[0]!.otp;
    const sent = await fetch(`${server.url}/api/pageowners/send-status`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: creator.userId, status: 'send' }),
    });
    expect(sent.status).toBe(200);

    await card.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByRole('alert').filter({ hasText: 'Invalid OTP. Please try again.' }).waitFor();
    await card.getByLabel('OTP').fill(code);
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByText('✓ This account is verified').waitFor();
    await card
      .getByRole('status')
      .filter({
        hasText: 'Your Instagram account is verified. Save and Submit your profile to publish it.',
      })
      .waitFor();

    // Back on step 2 the verified account is read-only, and says so.
    await goToStep('Add Social Media Accounts');
    const verified = account(1);
    await verified.getByText('✓ This account is verified').waitFor();
    for (const label of ['Platform', 'Profile Name', 'Profile Link', 'Followers']) {
      expect(await verified.getByLabel(label).getAttribute('readonly')).not.toBeNull();
    }
    expect(await verified.getByLabel('Platform').inputValue()).toBe('Instagram');
    expect(await account(2).getByText('✓ This account is verified').count()).toBe(0);
    // Saving again keeps the verified account as it is.
    await goToStep('Upload Posts');
    await button('Submit').click();
    await waitForPath(page, `/Profile/${creator.userId}`);
    const listed = page.getByRole('listitem', { name: 'Instagram account asha.cooks' });
    await listed.getByText('Verified', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('listitem', { name: 'YouTube account @AshaCooksTV' })
        .getByText('Verified', { exact: true })
        .count(),
    ).toBe(0);
  });

  it('opens Resend OTP again a minute after the request, counting the seconds down; an open request answers', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    // A handle of its own: another test here verified asha.cooks, which has one owner.
    const handle = `asha.resend.${Date.now()}`;
    await saveProfile(server, creator, instagramWizard(handle)).expect(200);
    // The page's clock, to move it on a minute without waiting.
    await page.clock.install();
    await openWizard(creator);
    await goToStep('Verification');
    const card = page.getByRole('region', { name: `Instagram verification for ${handle}` });
    await card.getByRole('button', { name: 'Send OTP' }).click();
    const resend = card.getByRole('button', { name: 'Resend OTP' });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const wait = card.getByTestId('resend-wait');
    await wait.waitFor();
    expect(await wait.textContent()).toMatch(/^You can ask for a new code in \d+ seconds?\.$/);

    // A minute later on both clocks, the server takes a new request, and the button says so.
    serverClock.advance(61_000);
    try {
      await page.clock.fastForward(61_000);
      await expect.poll(() => resend.isEnabled()).toBe(true);
      expect(await wait.count()).toBe(0);
      // The request is still open: asking again answers it, and records nothing new.
      await resend.click();
      await card
        .getByRole('status')
        .filter({ hasText: 'Your code request is still open.' })
        .waitFor();
      expect(await card.getByRole('alert').count()).toBe(0);
    } finally {
      serverClock.advance(-61_000);
    }
  });

  it('never drops an unfinished post on a save: it names the post and opens it', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    // A YouTube link without a video id is stored by the API, but is no finished post here.
    const wizard = creatorWizard();
    await saveProfile(
      server,
      creator,
      creatorWizard({
        pastPosts: [
          ...(wizard.pastPosts ?? []),
          { platform: 'youtube', category: 'cooking', postLink: 'https://youtube.com/@asha' },
        ],
      }),
    ).expect(200);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/pageowners/updateUser/')) saves.push(request.method());
    });
    const dismiss = async () => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    };
    await openWizard(creator);

    // Leaving step 1 would save and drop it: the wizard shows the post instead, saving nothing.
    await button('Save & Next').click();
    await alertWith(
      'Post 2 (YouTube) is not finished: paste the link of a YouTube video, or remove it. ' +
        'Unfinished posts are not saved.',
    ).waitFor();
    await dismiss();
    await stepHeading('Upload Posts').waitFor();
    expect(await post(2).getByLabel('Video Link').inputValue()).toBe('https://youtube.com/@asha');
    await post(2).getByRole('button', { name: 'Remove Post' }).click();

    // A new post left without its image holds the next step change back, on this step.
    await button('Add Post').click();
    const addPost = page.getByRole('dialog', { name: 'Add Post' });
    await selectOption(addPost, 'Platform', 'Instagram');
    await addPost.getByRole('button', { name: 'Continue' }).click();
    await pickAutocomplete(post(1), 'Category', 'Spices');
    const unfinished =
      'Post 1 (Instagram) is not finished: upload an image, or remove it. ' +
      'Unfinished posts are not saved.';
    await button('Previous').click();
    await alertWith(unfinished).waitFor();
    await dismiss();
    await stepHeading('Upload Posts').waitFor();
    await post(1).getByRole('alert').filter({ hasText: 'Upload an image.' }).waitFor();

    // Submit says the spec's words, and which post.
    await button('Submit').click();
    const refused = alertWith('Please fill all required fields for past posts before submitting');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(unfinished);
    await dismiss();
    expect(saves).toEqual([]);

    // Removed, the wizard moves on and saves.
    await post(1).getByRole('button', { name: 'Remove Post' }).click();
    await button('Previous').click();
    await stepHeading('Verification').waitFor();
    expect(saves).toEqual(['PUT']);
  });

  it('cannot leave step 2 while a price or an account detail is missing', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await openWizard(creator);
    await field('Full name').fill('ravi.travels');
    await button('Save & Next').click();
    await stepHeading('Add Social Media Accounts').waitFor();
    await field('Story Post').fill('800');
    await field('Feed Post').fill('1200');
    await button('+ Add Account').click();
    await selectOption(account(1), 'Platform', 'Instagram');
    await account(1).getByLabel('Profile Name').fill('ravi.travels');
    await account(1).getByLabel('Followers').fill('9100');

    const refused = alertWith('Please fill all required account details before proceeding');
    for (const leave of [
      () => button('Save & Next').click(),
      () => button('Previous').click(),
      () => page.getByRole('tab', { name: 'Upload Posts' }).click(),
    ]) {
      await leave();
      await refused.waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await stepHeading('Add Social Media Accounts').waitFor();
    }
    await page.getByRole('alert').filter({ hasText: 'Enter a price' }).waitFor();

    await field('Reel').fill('2000');
    await account(1).getByLabel('Followers').fill('');
    await button('Save & Next').click();
    await refused.waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await account(1).getByLabel('Followers').fill('9.1k');
    await button('Save & Next').click();
    await stepHeading('Verification').waitFor();
  });

  it('cannot submit a post without its image or link', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, creatorWizard()).expect(200);
    await openWizard(creator);
    await goToStep('Upload Posts');
    await button('Add Post').click();
    const addPost = page.getByRole('dialog', { name: 'Add Post' });
    await selectOption(addPost, 'Platform', 'Instagram');
    await addPost.getByRole('button', { name: 'Continue' }).click();
    await pickAutocomplete(post(1), 'Category', 'Spices');
    await button('Submit').click();
    await alertWith('Please fill all required fields for past posts before submitting').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await post(1).getByRole('alert').filter({ hasText: 'Upload an image.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/UpdateProfile');

    // A YouTube link without a video id does not count either.
    await post(1).getByRole('button', { name: 'Remove Post' }).click();
    await button('Add Post').click();
    await selectOption(addPost, 'Platform', 'YouTube');
    await addPost.getByRole('button', { name: 'Continue' }).click();
    await pickAutocomplete(post(1), 'Category', 'Cooking');
    await post(1).getByLabel('Video Link').fill('https://www.youtube.com/@AshaCooksTV');
    await button('Submit').click();
    await alertWith('Please fill all required fields for past posts before submitting').waitFor();
  });

  it('filters posts by platform and category', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, creatorWizard()).expect(200);
    await openWizard(creator);
    await goToStep('Upload Posts');
    const rows = page.getByRole('button', { name: /^Post \d:/ });
    expect(await rows.allTextContents()).toEqual(['Post 1: YouTube · Recipes']);
    await selectOption(page, 'Filter by platform', 'Instagram');
    await page
      .getByText('No posts match your filters. Try adjusting your filters or add a new post.')
      .waitFor();
    await selectOption(page, 'Filter by platform', 'All platforms');
    await selectOption(page, 'Filter by category', 'Recipes');
    expect(await rows.count()).toBe(1);
  });
});

describe('a brand', () => {
  it('sees only Personal Details, with Submit', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    await openWizard(brand);
    const steps = page.getByRole('navigation', { name: 'Profile steps' }).getByRole('tab');
    expect(await steps.allTextContents()).toEqual(['Personal Details']);
    expect(await button('Save & Next').count()).toBe(0);
    expect(await button('Previous').isDisabled()).toBe(true);
    // The picture's upload control reads Uploading... while the image is on its way.
    const releaseUpload = await holdRequests(page, '**/api/uploads/image');
    await page
      .locator('input[type=file][aria-label="Choose a profile picture"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(page) });
    await page.getByText('Uploading...').waitFor();
    releaseUpload();
    await page.getByText('Upload Photo').waitFor();
    await field('Phone Number').fill('+91 90000 11111');
    const releaseSave = await holdRequests(page, '**/api/pageowners/updateUser/**');
    await button('Submit').click();
    await button('Saving...').waitFor();
    releaseSave();
    await waitForPath(page, `/Profile/${brand.userId}`);
    expect(await page.getByRole('img', { name: 'Chai Point' }).first().getAttribute('src')).toMatch(
      /^\/uploads\//,
    );
    await expectMainHeading(page, 'Chai Point');
    await page.getByText('Mobile: +91 90000 11111').waitFor();
  });
});

describe('a failed save', () => {
  it('shows "Failed to update profile" with the error message and stays on the step', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await openWizard(creator);
    await field('Phone Number').fill('call me maybe');
    await button('Save & Next').click();
    const failure = page.getByRole('alertdialog');
    await failure.getByRole('alert').filter({ hasText: 'Failed to update profile' }).waitFor();
    // In the product's voice, never the field's path (issue 19).
    await failure
      .getByText('Phone numbers may contain digits, spaces, dashes and a leading +')
      .first()
      .waitFor();
    await failure.getByRole('button', { name: 'OK' }).click();
    await stepHeading('Personal Details').waitFor();

    // A refusal from the server is shown the same way.
    await field('Phone Number').fill('+91 90000 22222');
    await page.route('**/api/pageowners/updateUser/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'This account is verified: locked.' }),
      }),
    );
    await button('Save & Next').click();
    await failure.getByText('This account is verified: locked.').waitFor();
    await failure.getByRole('button', { name: 'OK' }).click();
    await failure.waitFor({ state: 'detached' });
    await stepHeading('Personal Details').waitFor();
  });
});
