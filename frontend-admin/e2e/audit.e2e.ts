import { readFile } from 'node:fs/promises';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { REPLY_GUARANTEE_MS } from '@linkcoin/domain/messaging/conversation.ts';
import type { WalletView } from '@linkcoin/domain/wallet/contracts.ts';
import {
  ADMIN,
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { waitUntil } from '@linkcoin/services/testing/audit.ts';
import { changeCollection, sendMessage } from '@linkcoin/services/testing/collections.ts';
import { balanceOf, buyInSandbox } from '@linkcoin/services/testing/payments.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { grantCoins } from '../../tooling/browser-test/wallet.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

// Issue 11 deliverable 4: in the console, an auditor reads a brand's coin ledger (and exports it
// as CSV), the brand's state as of an instant, a clean replay check and passing invariants,
// changing nothing; an admin grants coins and sees the ledger move.

const HOUR = 60 * 60 * 1000;
const clock = adjustableClock();
const harness = useBrowserTest({
  clock,
  env: {
    ...adminEnv,
    PROCESS_TICK_MS: '100',
    // The server's clock moves two days ahead for the refund: sessions outlive it.
    TOKEN_TTL_SECONDS: '2592000',
  },
});
let server: TestServer;
let page: Page;
let admin: TestUser;
let auditor: TestUser;
let brand: TestUser;
let creator: TestUser;
/** Instants between the brand's steps (server time), for the "as of" page. */
const moments: Record<'afterGrant' | 'afterAdd', string> = { afterGrant: '', afterAdd: '' };

const mark = (name: keyof typeof moments) => {
  clock.advance(60_000);
  moments[name] = clock.now().toISOString();
  clock.advance(60_000);
};

beforeAll(async () => {
  server = harness.server;
  admin = await loginAdmin(server);
  auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
  await grantAuditor(server, admin, auditor.userId);
  brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
  creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
  await saveProfile(server, creator, creatorWizard({ ownerName: 'Asha Cooks' })).expect(200);

  // The brand's coins: bought (30), granted (5), spent on the creator (1), refunded (1).
  await buyInSandbox(server, brand, { packageId: 'growth' });
  await waitUntil(async () => (await balanceOf(server, brand)) === 30, 'the purchase');
  await grantCoins(server, admin, brand.userId, 5, 'Launch week bonus');
  mark('afterGrant');
  await changeCollection(server, brand, 'add', creator.userId).expect(201);
  mark('afterAdd');
  await sendMessage(server, clock.now(), brand, creator, 'Shall we work together?');
  clock.advance(REPLY_GUARANTEE_MS + HOUR);
  await waitUntil(async () => (await balanceOf(server, brand)) === 35, 'the refund');
}, 120_000);

beforeEach(() => {
  page = harness.page;
});

/** The rows of the table on screen that hold `text`. */
const rowWith = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

/** The datetime-local value of an instant, in the browser's own time zone. */
const localValue = (iso: string) =>
  page.evaluate((at) => {
    const date = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
      date.getHours(),
    )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, iso);

/** Signs the auditor in; auditors land on the users. */
const auditorSignsIn = async () => {
  await consoleLogIn(page, server, auditor.email, auditor.password);
  await waitForConsoleRoute(page, 'users');
};

describe('the auditor in the console', () => {
  it("reads a brand's coin ledger from the users list, and downloads it as CSV", async () => {
    await auditorSignsIn();
    await page.getByPlaceholder('Search name or email').fill('Chai Point');
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes('Chai Point'));
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const userRow = rowWith(brand.email);
    // The users list shows the balance.
    expect(await userRow.textContent()).toContain('35');
    await userRow.click();
    await waitForConsoleRoute(page, `users/${brand.userId}/show`);
    // Read-only: no grant of any kind, nothing to edit or delete.
    await page.getByRole('link', { name: 'Coin ledger' }).waitFor();
    for (const name of [/grant/i, /edit/i, /delete/i]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
      expect(await page.getByRole('link', { name }).count()).toBe(0);
    }

    await page.getByRole('link', { name: 'Coin ledger' }).click();
    await waitForConsoleRoute(page, `audit/${brand.userId}/ledger`);
    const ledger = page.getByRole('region', { name: 'Coin ledger' });
    const purchase = ledger.getByRole('row').filter({ hasText: 'Purchase' });
    const grant = ledger
      .getByRole('row')
      .filter({ hasText: 'Granted by LinkCoin \u2014 Launch week bonus' });
    const spend = ledger.getByRole('row').filter({ hasText: 'Spend on a connection' });
    const refund = ledger.getByRole('row').filter({ hasText: 'Refund' });
    await refund.waitFor();
    // Every wallet event, in order.
    const kinds = await ledger.getByRole('row').locator('td:nth-child(3)').allTextContents();
    expect(kinds).toEqual(['Purchase', 'Grant', 'Spend on a connection', 'Refund']);
    // Kind, coins ±, balance after, actor, correlation id: in order.
    const cells = async (row: typeof purchase) =>
      (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
    const [p, g, s, r] = await Promise.all([purchase, grant, spend, refund].map(cells));
    expect(p!.slice(0, 5)).toEqual(['0', expect.any(String), 'Purchase', '+30', '30']);
    expect(g!.slice(2, 6)).toEqual(['Grant', '+5', '35', 'LinkCoin Admin']);
    expect(s!.slice(2, 6)).toEqual(['Spend on a connection', '\u22121', '34', 'Chai Point']);
    expect(r!.slice(2, 6)).toEqual(['Refund', '+1', '35', 'System']);
    expect(s![7]).toBe('Asha Cooks');
    // Each line names the request that caused it.
    for (const line of [p, g, s, r]) expect(line!.at(-1)).toMatch(/\S/);

    // The whole ledger as CSV, with the server's file name.
    const download = page.waitForEvent('download');
    await ledger.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^ledger-${brand.userId}-.+\\.csv$`));
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toMatch(/^Revision,Time,Kind,Event,Coins,Balance after,Actor,/);
    expect(lines.map((line) => line.split(',').slice(2, 6))).toEqual([
      ['purchase', 'CoinsPurchased', '30', '30'],
      ['grant', 'CoinsGranted', '5', '35'],
      ['connection', 'ConnectionOpened', '-1', '34'],
      ['refund', 'CoinRefunded', '1', '35'],
    ]);

    // The verification history has its own CSV too.
    await page.getByRole('tab', { name: 'Verification history' }).click();
    await waitForConsoleRoute(page, `audit/${brand.userId}/verifications`);
    const history = page.getByRole('region', { name: 'Verification history' });
    await history.getByRole('row').filter({ hasText: 'Account' }).first().waitFor();
    const historyCsv = page.waitForEvent('download');
    await history.getByRole('button', { name: 'Export CSV' }).click();
    expect((await historyCsv).suggestedFilename()).toMatch(/^verifications-.+\.csv$/);
  });

  it("reads a creator's Instagram verification, by channel, with the admin who sent the code", async () => {
    const call = async (as: TestUser, method: string, path: string, body: object) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${as.token}` },
        body: JSON.stringify(body),
      });
      expect(response.ok).toBe(true);
    };
    await call(creator, 'POST', '/api/pageowners/store', {
      userId: creator.userId,
      profileName: 'asha.cooks',
    });
    await call(admin, 'PUT', '/api/pageowners/send-status', {
      userId: creator.userId,
      status: 'send',
    });

    await auditorSignsIn();
    await page.goto(`${server.url}/admin/#/audit/${creator.userId}/verifications`);
    const history = page.getByRole('region', { name: 'Verification history' });
    await history.getByRole('row').filter({ hasText: 'Account' }).first().waitFor();
    await history.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await history.getByRole('row').filter({ hasText: 'Account' }).first().waitFor({
      state: 'detached',
    });
    const sent = history.getByRole('row').filter({ hasText: 'Instagram code sent' });
    await sent.waitFor();
    const text = await sent.textContent();
    expect(text).toContain('LinkCoin Admin');
    expect(text).not.toMatch(/\b\d{6}\b/);
  });

  it("shows the brand's wallet as of an instant, replayed from the log", async () => {
    await auditorSignsIn();
    await page.goto(`${server.url}/admin/#/audit/${brand.userId}/as-of`);
    const asOf = page.getByRole('region', { name: 'As of' });
    const instant = asOf.getByLabel('Instant (your local time)');

    // After the grant, before the creator was added: 35 coins, no connection.
    await instant.fill(await localValue(moments.afterGrant));
    await asOf.getByRole('button', { name: 'Show state' }).click();
    const wallet = page.getByRole('region', { name: 'Wallet', exact: true });
    await wallet.getByTestId('as-of-Balance').filter({ hasText: /^35$/ }).waitFor();
    expect(await wallet.getByTestId('as-of-Grants').textContent()).toBe('1');
    await page.getByText('No connections by then').waitFor();

    // After the add: 34 coins, the connection open, not refunded yet.
    await instant.fill(await localValue(moments.afterAdd));
    await asOf.getByRole('button', { name: 'Show state' }).click();
    await wallet.getByTestId('as-of-Balance').filter({ hasText: /^34$/ }).waitFor();
    const connections = page.getByRole('region', { name: 'Connections and their expiries' });
    const connection = connections.getByRole('row').filter({ hasText: 'Asha Cooks' });
    await connection.waitFor();
    expect(await connection.getByRole('cell').count()).toBe(6);
    expect(
      await page
        .getByRole('region', { name: 'Verification', exact: true })
        .getByTestId('as-of-Instagram')
        .textContent(),
    ).toBe('Never requested');
  });

  it('runs a replay check, showing its progress, and finds no difference', async () => {
    await auditorSignsIn();
    await page.getByRole('menuitem', { name: 'Replay check' }).click();
    await waitForConsoleRoute(page, 'replay-check');
    const models = page.getByRole('group', { name: 'Read models' }).getByRole('checkbox');
    await models.first().waitFor();
    const names = await page
      .getByRole('group', { name: 'Read models' })
      .locator('label')
      .allTextContents();
    expect(names.length).toBeGreaterThan(1);
    // One read model left out: the check rebuilds the others.
    await models.first().uncheck();

    const started: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/replay-checks')) {
        started.push(request.postDataJSON());
      }
    });
    // The first progress poll waits until the test has seen the progress on screen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let polls = 0;
    await page.route('**/api/admin/replay-checks/*', async (route: Route) => {
      polls += 1;
      if (polls === 1) await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Run replay check' }).click();
    const progress = page.getByRole('status', { name: 'Replay check progress' });
    await progress.waitFor();
    expect(await progress.textContent()).toMatch(/events read/);
    release();
    await page
      .getByText(
        'No differences: every document rebuilt from the log matches the live read models.',
      )
      .waitFor();
    expect(started).toEqual([{ readModels: names.slice(1) }]);
    expect(polls).toBeGreaterThan(0);
    await progress.waitFor({ state: 'detached' });
  });

  it('reports exactly the read model document corrupted on purpose', async () => {
    // The brand's wallet document, changed behind the projection's back.
    const readStore = server.runtime.platform.readStore;
    const eventStore = server.runtime.platform.eventStore;
    const wallets = readStore.collection<WalletView>('wallets');
    const wallet = (await wallets.get(brand.userId))!;
    const [anyEvent] = (await eventStore.readAll({ after: null, maxCount: 1 })).events;
    const write = (view: WalletView) =>
      readStore.applyBatch('test-corruption', 1, [anyEvent!], async (_event, tx) =>
        tx.put<WalletView>('wallets', brand.userId, view),
      );
    await write({ ...wallet, balance: 999 });
    try {
      await auditorSignsIn();
      await page.getByRole('menuitem', { name: 'Replay check' }).click();
      const group = page.getByRole('group', { name: 'Read models' });
      await group.getByRole('checkbox').first().waitFor();
      await page.getByRole('button', { name: 'Choose none' }).click();
      await group.getByRole('checkbox', { name: 'wallets', exact: true }).check();
      await page.getByRole('button', { name: 'Run replay check' }).click();
      await page
        .getByText('1 document differs between the live read models and their rebuild from the log')
        .waitFor();
      const rows = page.getByRole('region', { name: 'Outcome' }).getByRole('row');
      expect(await rows.count()).toBe(2);
      const cells = (await rows.nth(1).getByRole('cell').allTextContents()).map((t) => t.trim());
      expect(cells.slice(0, 5)).toEqual([
        'wallets',
        'wallets',
        brand.userId,
        'Different',
        'balance',
      ]);
      expect(cells[5]).toContain('999');
      expect(cells[6]).toContain(String(wallet.balance));
    } finally {
      await write(wallet);
    }
  });

  it('shows every ledger invariant passing', async () => {
    await auditorSignsIn();
    await page.getByRole('menuitem', { name: 'Ledger invariants' }).click();
    await waitForConsoleRoute(page, 'ledger-invariants');
    await page.getByText('Every ledger invariant holds over the whole log.').waitFor();
    const rules = page.locator('#main-content').getByRole('region');
    expect(await rules.count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText('Fail', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Pass', { exact: true }).count()).toBe(await rules.count());
    expect(await page.getByTestId('invariant-totals').textContent()).toContain(
      'Purchased 30 + granted 5 + refunded 1 − spent 1 = 35',
    );
  });

  it('lists payments and connections with no way to change them', async () => {
    await auditorSignsIn();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await waitForConsoleRoute(page, 'payments');
    const payment = rowWith('Chai Point');
    await payment.waitFor();
    expect(await payment.textContent()).toContain('Approved');
    // react-admin's filters reach the API: no failed payment.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes('"status":"failed"'));
    await payment.waitFor({ state: 'detached' });
    await page.getByRole('menuitem', { name: 'Connections' }).click();
    await waitForConsoleRoute(page, 'connections');
    const connection = rowWith('Asha Cooks');
    await connection.waitFor();
    expect(await connection.textContent()).toContain('Chai Point');
    for (const name of [/create/i, /edit/i, /delete/i]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
      expect(await page.getByRole('link', { name }).count()).toBe(0);
    }
  });
});

describe('the admin in the console', () => {
  it('grants coins and sees the ledger move', async () => {
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await page.goto(`${server.url}/admin/#/audit/${brand.userId}/ledger`);
    const ledger = page.getByRole('region', { name: 'Coin ledger' });
    await ledger.getByRole('row').filter({ hasText: 'Refund' }).waitFor();
    const before = await ledger.getByRole('row').count();

    await page.goto(`${server.url}/admin/#/wallets/${brand.userId}/show`);
    await page.getByRole('button', { name: 'Grant LinkCoins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant LinkCoins' });
    await dialog.getByLabel('LinkCoins').fill('7');
    await dialog.getByLabel('Reason').fill('Audit week thanks');
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Granted 7 LinkCoins to Chai Point').waitFor();

    await page.goto(`${server.url}/admin/#/users/${brand.userId}/show`);
    await page.getByRole('link', { name: 'Coin ledger' }).click();
    await waitForConsoleRoute(page, `audit/${brand.userId}/ledger`);
    const granted = ledger.getByRole('row').filter({ hasText: 'Audit week thanks' });
    await granted.waitFor();
    const cells = (await granted.getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(cells.slice(2, 6)).toEqual(['Grant', '+7', '42', 'LinkCoin Admin']);
    expect(await ledger.getByRole('row').count()).toBe(before + 1);
  });
});
