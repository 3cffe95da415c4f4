import { useEffect } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import TollRoundedIcon from '@mui/icons-material/TollRounded';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth } from '../../../lib/auth/auth-context';
import { walletQueryOptions } from '../api/wallet';
import { pageOf } from '../history';
import { WalletHistoryTable } from '../components/WalletHistoryTable';
import { usePurchaseDialog } from '../purchase-dialog-context';

/**
 * The signed-in user's wallet (from the user menu): the balance and every line of its history,
 * newest first, a page at a time. Reading it also brings the top bar's balance up to date.
 */
export function WalletPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const { user, coinsUpdated } = useAuth();
  const { openPurchase } = usePurchaseDialog();
  const wallet = useQuery({ ...walletQueryOptions(page), placeholderData: keepPreviousData });
  const balance = wallet.data?.balance;

  useEffect(() => {
    if (balance !== undefined) coinsUpdated(balance);
  }, [balance, coinsUpdated]);

  const shownBalance = balance ?? user?.linkCoins ?? 0;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <PageTitle title="LinkCoin Wallet" />
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        LinkCoin Wallet
      </Typography>

      <Card component="section" aria-labelledby="wallet-balance" sx={{ mb: 4 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <TollRoundedIcon sx={{ fontSize: 48, color: 'secondary.main' }} aria-hidden="true" />
              <Box>
                <Typography id="wallet-balance" color="text.secondary">
                  Balance
                </Typography>
                <Typography sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.2 }}>
                  {linkCoins(shownBalance)}
                </Typography>
              </Box>
            </Stack>
            <Button variant="contained" onClick={() => openPurchase()} aria-haspopup="dialog">
              Buy LinkCoins
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="wallet-history">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="wallet-history" variant="h3" component="h2" gutterBottom>
            History
          </Typography>
          {wallet.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
              <CircularProgress aria-label="Loading your history" />
            </Box>
          ) : wallet.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void wallet.refetch()}>
                  Retry
                </Button>
              }
            >
              We could not load your LinkCoin history. Please try again.
            </Alert>
          ) : wallet.data.entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {page > 1
                ? 'There is nothing on this page.'
                : 'No LinkCoin activity yet. Buy LinkCoins to start chatting with creators.'}
            </Typography>
          ) : (
            <WalletHistoryTable entries={wallet.data.entries} />
          )}
          {wallet.data && wallet.data.totalPages > 1 && (
            <Pagination
              count={wallet.data.totalPages}
              page={Math.min(page, wallet.data.totalPages)}
              onChange={(_event, next) => setParams(next > 1 ? { page: String(next) } : {})}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              aria-label="History pages"
            />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
