import { Box, Typography } from '@mui/material';

/** The LinkCoin mark and the console's name, for the app bar. */
export function Logo() {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src={`${import.meta.env.BASE_URL}favicon.svg`}
        alt=""
        sx={{ width: 28, height: 28 }}
      />
      <Typography component="span" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
        LinkCoin console
      </Typography>
    </Box>
  );
}
