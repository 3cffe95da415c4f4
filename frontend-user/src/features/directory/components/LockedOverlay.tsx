import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import LockRoundedIcon from '@mui/icons-material/LockRounded';

type LockedOverlayProps = {
  /** Unlock Now, or Need 5 Coins under 5 coins. */
  label: string;
  onUnlock: () => void;
  /** What the next page costs, for a signed-in viewer (null when unknown). */
  hint: string | null;
};

/** docs/product-spec.md section 2: the locked overlay over the pages the viewer has not unlocked yet. */
export function LockedOverlay({ label, onUnlock, hint }: LockedOverlayProps) {
  return (
    <Box
      role="region"
      aria-label="Locked creators"
      sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', minHeight: 220 }}
    >
      {/* Shapes of cards, blurred: there is more behind the lock. */}
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          filter: 'blur(6px)',
          opacity: 0.55,
          p: 1,
        }}
      >
        {[0, 1, 2, 3].map((index) => (
          <Paper
            key={index}
            variant="outlined"
            sx={{
              height: 200,
              display: {
                xs: index > 0 ? 'none' : 'block',
                sm: index > 1 ? 'none' : 'block',
                lg: 'block',
              },
              background: 'linear-gradient(180deg, #e0e7ff 0%, #f8fafc 100%)',
            }}
          />
        ))}
      </Box>
      <Stack
        spacing={1.5}
        sx={{
          position: 'absolute',
          inset: 0,
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 2,
        }}
      >
        <LockRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 700 }}>More creators are waiting</Typography>
        <Button variant="contained" color="secondary" onClick={onUnlock}>
          {label}
        </Button>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
