import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { PageTitle } from '../../../components/PageTitle';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the heading, e.g. the registration role toggle. */
  header?: ReactNode;
  children: ReactNode;
  /** Links under the card (sign in, sign up…). */
  footer?: ReactNode;
};

/** The frame of every sign-in and sign-up screen: a centred card with the page's h1. */
export function AuthCard({ title, subtitle, header, children, footer }: AuthCardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <PageTitle title={title} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={3}>
            {header}
            <Box>
              <Typography variant="h3" component="h1">
                {title}
              </Typography>
              {subtitle && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {subtitle}
                </Typography>
              )}
            </Box>
            {children}
          </Stack>
        </CardContent>
      </Card>
      {footer && (
        <Typography component="div" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          {footer}
        </Typography>
      )}
    </Container>
  );
}
