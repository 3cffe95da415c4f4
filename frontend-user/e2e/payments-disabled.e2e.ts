import { describe, expect, it } from 'vitest';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { openPurchaseDialog, openSignedIn } from '../../tooling/browser-test/wallet.ts';

// PAYMENTS=disabled (issue 8, docs/product-spec.md section 2 "Purchase dialog"): the dialog shows everything,
// and its pay button is the spec's disabled "Comming Soon".

const harness = useBrowserTest({ env: { PAYMENTS: 'disabled' } });

describe('the purchase dialog with payments disabled', () => {
  it('offers the packages but no way to pay: the button reads Comming Soon', async () => {
    const { page, server } = harness;
    const brand = await registerUser(server, { role: 'user', ownerName: 'Early Bird' });
    await openSignedIn(page, server, brand);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/payment/pay') starts.push(request.url());
    });

    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('radio', { name: /^25 \+ 5 LinkCoins for/ }).check();
    const comingSoon = dialog.getByRole('button', { name: 'Comming Soon', exact: true });
    await comingSoon.waitFor();
    expect(await comingSoon.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Pay/ }).count()).toBe(0);

    // Enter in the quantity field does not pay either.
    await dialog.getByLabel('Number of LinkCoins').fill('12');
    await dialog.getByLabel('Number of LinkCoins').press('Enter');
    expect(await comingSoon.isDisabled()).toBe(true);
    expect(starts).toEqual([]);
  });
});
