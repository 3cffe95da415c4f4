import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';

type SectionProps = {
  /** Anchor id; the heading gets `${id}-title` and labels the section. */
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  /** `muted` alternates the background between consecutive sections. */
  tone?: 'default' | 'muted';
  children: ReactNode;
};

/** A titled page section (h2) with the standard spacing and width. */
export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  tone = 'default',
  children,
}: SectionProps) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        py: { xs: 7, md: 11 },
        bgcolor: tone === 'muted' ? 'background.paper' : 'background.default',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 760, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          {eyebrow && (
            <Typography variant="overline" component="p" color="primary">
              {eyebrow}
            </Typography>
          )}
          <Typography id={`${id}-title`} variant="h2" component="h2" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="subtitle1" component="p" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
