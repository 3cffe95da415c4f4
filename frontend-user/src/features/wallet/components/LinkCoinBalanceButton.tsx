import { Button } from '@mui/material';
import TollRoundedIcon from '@mui/icons-material/TollRounded';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { usePurchaseDialog } from '../purchase-dialog-context';

/**
 * The top bar's LinkCoin balance (docs/product-spec.md section 2): the coin and the signed-in user's balance;
 * it opens the purchase dialog.
 */
export function LinkCoinBalanceButton({ balance }: { balance: number }) {
  const { openPurchase } = usePurchaseDialog();
  return (
    <Button
      variant="outlined"
      color="secondary"
      onClick={() => openPurchase()}
      aria-haspopup="dialog"
      aria-label={`LinkCoin balance: ${linkCoins(balance)}. Buy LinkCoins`}
      startIcon={<TollRoundedIcon aria-hidden="true" />}
      sx={{
        color: 'text.primary',
        borderColor: 'secondary.main',
        fontWeight: 800,
        fontVariantNumeric: 'tabular-nums',
        minWidth: 0,
        px: { xs: 1, sm: 1.5 },
        '& .MuiButton-startIcon': { color: 'secondary.dark' },
      }}
    >
      {balance}
    </Button>
  );
}
