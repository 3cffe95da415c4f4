import { useId, type ReactNode } from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';

type WideTableProps = {
  /** What the table holds ("Users"): the name of its scrolling region. */
  label: string;
  children: ReactNode;
};

/**
 * A table that may be wider than the screen. It scrolls sideways inside its own region, never
 * the page; the region takes the keyboard's focus (the arrow keys scroll it), and on a phone a
 * line above it says that there is more to the right.
 */
export function WideTable({ label, children }: WideTableProps) {
  const hintId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
      {phone && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
          More columns to the right: swipe sideways, or select the table and use the arrow keys.
        </Typography>
      )}
      <Box
        role="region"
        aria-label={label}
        aria-describedby={phone ? hintId : undefined}
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          maxWidth: '100%',
          // Scrolled sideways, a row reads on one line rather than a word a line.
          ...(phone ? { '& th, & td': { whiteSpace: 'nowrap' } } : {}),
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
