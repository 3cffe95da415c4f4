import {
  Box,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import RadioButtonUncheckedRoundedIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { VISIBILITY_LABELS, VISIBILITY_PERCENT, visibilityOfProfile } from '../../utils/visibility';

const TOP = VISIBILITY_PERCENT.verified;

/**
 * docs/product-spec.md section 1's visibility bar, for the creator in the profile wizard: where the saved
 * profile stands (basic 40 %, complete 100 %, verified 150 %) and what would raise it.
 */
export function VisibilityCard({ profile }: { profile: ProfileView }) {
  const visibility = visibilityOfProfile(profile);
  const { level, percent, next, missing } = visibility;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="visibility-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2" id="visibility-heading">
            Your visibility: {VISIBILITY_LABELS[level]}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} color="primary">
            {percent}% visibility
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(percent / TOP) * 100}
          aria-label={`Visibility ${percent}% of ${TOP}%`}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden="true">
          {(['basic', 'complete', 'verified'] as const).map((step) => (
            <Typography
              key={step}
              variant="caption"
              sx={{ fontWeight: step === level ? 700 : 400 }}
              color={step === level ? 'primary' : 'text.secondary'}
            >
              {VISIBILITY_LABELS[step].split(' ')[0]} {VISIBILITY_PERCENT[step]}%
            </Typography>
          ))}
        </Box>
        {next ? (
          <>
            <Typography sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ArrowUpwardRoundedIcon fontSize="small" color="secondary" aria-hidden="true" />
              Reach {VISIBILITY_LABELS[next].toLowerCase()} ({VISIBILITY_PERCENT[next]}%
              visibility):
            </Typography>
            <List
              dense
              disablePadding
              aria-label="What would raise your visibility"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                columnGap: 2,
              }}
            >
              {missing.map((item) => (
                <ListItem key={item.key} disableGutters sx={{ py: 0.25 }}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <RadioButtonUncheckedRoundedIcon fontSize="small" aria-hidden="true" />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          <Typography color="success.main" sx={{ fontWeight: 600 }}>
            Your profile is verified and listed with the highest visibility.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
