import { Box, CircularProgress } from '@mui/material';

/** Shown while a page's code is on its way. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
