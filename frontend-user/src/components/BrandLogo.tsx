import { Box, Typography } from '@mui/material';
import { brandColors } from '../lib/theme';

type BrandLogoProps = {
  /** Light text for dark backgrounds such as the footer. */
  inverted?: boolean;
};

/** The LinkCoin mark (a gold-rimmed coin with a chain link) and word mark. */
export function BrandLogo({ inverted = false }: BrandLogoProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
        sx={{ width: 32, height: 32, flexShrink: 0 }}
      >
        <circle cx="32" cy="32" r="30" fill={brandColors.indigo} />
        <circle cx="32" cy="32" r="23" fill="none" stroke={brandColors.goldLight} strokeWidth="4" />
        <path
          d="M26 38l12-12M23 33l-3 3a6 6 0 0 0 8.5 8.5l3-3M41 31l3-3a6 6 0 0 0-8.5-8.5l-3 3"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.35rem',
          letterSpacing: '-0.02em',
          color: inverted ? '#fff' : 'text.primary',
        }}
      >
        Link
        <Box component="span" sx={{ color: inverted ? 'secondary.light' : 'primary.main' }}>
          Coin
        </Box>
      </Typography>
    </Box>
  );
}
