import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Link, Stack, Typography } from '@mui/material';
import { PageTitle } from '../../../components/PageTitle';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { RESULT_TEXTS, supportMailto } from '../payment-result';

type ResultLayoutProps = {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  /** The payment support is asked about, in the mail's subject. */
  transactionId?: string | null;
};

/** The frame of the payment screens: icon, heading, text, buttons, the support mail link. */
export function ResultLayout({ title, icon, children, actions, transactionId }: ResultLayoutProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <PageTitle title={title} />
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
            {icon}
            <Typography variant="h3" component="h1">
              {title}
            </Typography>
            {children}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
            >
              {actions}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Need help? Write to{' '}
              <Link href={supportMailto(transactionId ?? null)}>{SUPPORT_EMAIL}</Link>
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}

/** A payment's details as a short list: transaction id, what, amount. */
export function PaymentFacts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        gap: 1,
        columnGap: 2,
        m: 0,
        width: '100%',
        textAlign: 'left',
        bgcolor: 'background.default',
        borderRadius: 2,
        p: 2,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The transaction id line every result screen shows. */
export const transactionFact = (id: string | null): readonly [string, ReactNode] => [
  RESULT_TEXTS.transactionId,
  id ?? RESULT_TEXTS.noTransactionId,
];
