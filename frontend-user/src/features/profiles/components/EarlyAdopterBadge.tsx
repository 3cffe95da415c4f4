import { Box } from '@mui/material';

/**
 * The early-adopter badge (issue 24): one of the marketplace's first creators. Its words are
 * visible, so a screen reader reads the same; the title says what it means.
 */
export function EarlyAdopterBadge() {
  return (
    <Box
      component="span"
      title="One of the first creators on LinkCoin"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1.5,
        // 7.9:1 on its background: readable for everyone (WCAG AA asks 4.5:1).
        color: '#6b4200',
        bgcolor: '#fff1cc',
        border: '1px solid #f0c75e',
        whiteSpace: 'nowrap',
      }}
    >
      <span aria-hidden="true">★</span>
      Early adopter
    </Box>
  );
}
