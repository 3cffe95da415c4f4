import { useRef, type ReactNode } from 'react';
import { Box, IconButton, Stack } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { STRIP_SCROLL_PX } from '../utils/profile-display';

type ScrollStripProps = {
  /** What the strip holds, e.g. "image posts": names the region and its arrow buttons. */
  label: string;
  children: ReactNode;
};

/** A horizontally scrolling strip with left and right arrow buttons that scroll 200px. */
export function ScrollStrip({ label, children }: ScrollStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * STRIP_SCROLL_PX, behavior: 'smooth' });
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <IconButton aria-label={`Scroll ${label} left`} onClick={() => scroll(-1)} size="small">
        <ChevronLeftIcon />
      </IconButton>
      <Box
        ref={strip}
        role="region"
        aria-label={label}
        tabIndex={0}
        data-testid="scroll-strip"
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          flex: 1,
          minWidth: 0,
          py: 1,
          scrollbarWidth: 'thin',
        }}
      >
        {children}
      </Box>
      <IconButton aria-label={`Scroll ${label} right`} onClick={() => scroll(1)} size="small">
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
