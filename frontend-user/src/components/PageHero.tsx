import type { ReactNode } from 'react';
import { Box, Container, Stack, Typography } from '@mui/material';
import { brandColors } from '../lib/theme';

type PageHeroProps = {
  eyebrow?: string;
  title: ReactNode;
  subtitle: ReactNode;
  /** Call-to-action buttons under the text. */
  actions?: ReactNode;
  /** Small print under the actions, e.g. trial terms. */
  note?: ReactNode;
};

/** The top band of a marketing page: the page's only h1, on the brand gradient. */
export function PageHero({ eyebrow, title, subtitle, actions, note }: PageHeroProps) {
  return (
    <Box
      component="header"
      sx={{
        color: '#fff',
        background: `radial-gradient(circle at 85% 15%, ${brandColors.indigoLight} 0%, transparent 45%), linear-gradient(135deg, ${brandColors.indigoDark} 0%, ${brandColors.indigo} 60%, ${brandColors.indigoLight} 100%)`,
        py: { xs: 8, md: 13 },
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        {eyebrow && (
          <Typography
            variant="overline"
            component="p"
            sx={{ color: 'secondary.light', mb: 1, fontSize: '0.8rem' }}
          >
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ color: 'rgba(255,255,255,0.86)', maxWidth: 680, mx: 'auto' }}
        >
          {subtitle}
        </Typography>
        {actions && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center', mt: 5 }}
          >
            {actions}
          </Stack>
        )}
        {note && (
          <Typography variant="body2" sx={{ mt: 3, color: 'rgba(255,255,255,0.78)' }}>
            {note}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
