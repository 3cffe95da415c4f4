import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { VISIBILITY_LEVELS } from '../constants';

const highest = Math.max(...VISIBILITY_LEVELS.map((level) => level.percent));

/** How search visibility grows with profile completeness (basic, complete, verified). */
export function VisibilityBars() {
  return (
    <Box
      component="figure"
      aria-labelledby="visibility-caption"
      sx={{ m: 0, p: { xs: 3, md: 4 }, borderRadius: 4, bgcolor: 'background.default' }}
    >
      <Typography
        id="visibility-caption"
        component="figcaption"
        variant="h4"
        sx={{ mb: 3, textAlign: 'center' }}
      >
        Profile visibility in search
      </Typography>
      <Stack spacing={2.5}>
        {VISIBILITY_LEVELS.map((level) => (
          <Box key={level.label}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
              <Typography sx={{ fontWeight: 600 }}>{level.label}</Typography>
              <Typography sx={{ fontWeight: 800 }} color="primary">
                {level.percent}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={(level.percent / highest) * 100}
              color={level.percent === highest ? 'secondary' : 'primary'}
              aria-label={`${level.label}: ${level.percent}% visibility`}
              sx={{ height: 12, borderRadius: 6 }}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
