import {
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { InsightsAnswer } from '@linkcoin/domain/insights/contracts.ts';

const LEVELS = { basic: 'Basic', complete: 'Complete', verified: 'Verified' } as const;
const TOP = 150;

/** The visibility level (docs/product-spec.md section 1's bar, the directory's own rule) and what would raise it. */
export function VisibilityPanel({ visibility }: { visibility: InsightsAnswer['visibility'] }) {
  const { level, percent, next, missing } = visibility;
  return (
    <Stack spacing={1.5}>
      <Typography>
        Your visibility: <strong>{LEVELS[level]}</strong>, {percent}% in the directory&apos;s order.
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(percent / TOP) * 100}
        aria-label={`Visibility ${percent}% of ${TOP}%`}
        sx={{ height: 10, borderRadius: 5 }}
      />
      {next ? (
        <>
          <Typography>
            To reach {LEVELS[next.level]} ({next.percent}%):
          </Typography>
          <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
            {missing.map((item) => (
              <ListItem key={item.key} sx={{ display: 'list-item', py: 0 }}>
                <ListItemText primary={item.label} />
              </ListItem>
            ))}
          </List>
          <Button
            component={RouterLink}
            to="/UpdateProfile"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
          >
            Update your profile
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">You are at the top of the bar.</Typography>
      )}
    </Stack>
  );
}
