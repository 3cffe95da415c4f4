import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import type { OtpSummary } from './types';

const TILES: readonly { key: keyof OtpSummary; label: string }[] = [
  { key: 'total', label: 'Total Records' },
  { key: 'pending', label: 'Pending' },
  { key: 'sent', label: 'Sent' },
  { key: 'verified', label: 'Verified' },
];

/**
 * The dashboard's tiles. The query lives in react-admin's query client, so the Refresh button and
 * Send Otp (both refresh every query) bring the tiles up to date with the list.
 */
export function OtpSummaryTiles() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: ['otp-records', 'summary'],
    queryFn: () => dataProvider.getOtpSummary().then(({ data: summary }) => summary),
  });

  return (
    <Box
      component="section"
      aria-label="OTP records summary"
      sx={{
        display: 'grid',
        gap: 2,
        mt: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {TILES.map(({ key, label }) => (
        <Card key={key} role="group" aria-label={label}>
          <CardContent>
            <Typography color="text.secondary" variant="body2">
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
              {data ? data[key] : '–'}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
