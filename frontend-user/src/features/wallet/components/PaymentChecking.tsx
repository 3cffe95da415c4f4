import { CircularProgress, Container, Stack, Typography } from '@mui/material';
import { PageTitle } from '../../../components/PageTitle';

/** While a payment is first read. */
export function PaymentChecking() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <PageTitle title="Checking your payment" />
      <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress aria-hidden="true" />
        <Typography color="text.secondary">Checking your payment...</Typography>
      </Stack>
    </Container>
  );
}
