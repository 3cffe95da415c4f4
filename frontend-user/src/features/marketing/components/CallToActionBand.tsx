import type { ReactNode } from 'react';
import { Box, Container, Stack, Typography } from '@mui/material';
import { brandColors } from '../../../lib/theme';

type CallToActionBandProps = {
  id: string;
  title: string;
  text: ReactNode;
  actions: ReactNode;
};

/** A closing band with a heading and the page's main actions. */
export function CallToActionBand({ id, title, text, actions }: CallToActionBandProps) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.default' }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 6,
            px: { xs: 3, md: 8 },
            py: { xs: 6, md: 8 },
            textAlign: 'center',
            color: '#fff',
            background: `linear-gradient(120deg, ${brandColors.indigoDark} 0%, ${brandColors.indigo} 70%)`,
          }}
        >
          <Typography id={`${id}-title`} variant="h2" component="h2" gutterBottom>
            {title}
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ color: 'rgba(255,255,255,0.86)', maxWidth: 640, mx: 'auto' }}
          >
            {text}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center', mt: 4 }}
          >
            {actions}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
