import { Paper, Typography } from '@mui/material';

/** One figure of the period: its name, the number, and what it is made of. */
export function StatTile({
  label,
  value,
  detail,
}: {
  label: string;
  value: string;
  detail?: string;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}
