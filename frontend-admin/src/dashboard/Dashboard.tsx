import { Box, Card, CardContent, Typography } from '@mui/material';
import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import { Title } from 'react-admin';

const DESKS = [
  {
    id: 'verification',
    title: 'Verification desk (admins)',
    text: 'Creators who ask to verify an Instagram account receive a one-time code by direct message. Admins see each request under OTP verification, send the code, and follow it from pending to sent, verified or expired.',
    Icon: VerifiedUserRoundedIcon,
  },
  {
    id: 'history',
    title: 'History (auditors)',
    text: "Auditors get a read-only view of every user's LinkCoin ledger and verification history (with CSV exports), the state of any wallet or verification as it was at a chosen moment, a replay check of the read models against the event log, and the ledger invariants.",
    Icon: ManageSearchRoundedIcon,
  },
] as const;

export function Dashboard() {
  return (
    <Box sx={{ py: 3, pr: { xs: 1, sm: 3 } }}>
      <Title title="Dashboard" />
      <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        LinkCoin console
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
        The back office of the LinkCoin marketplace: where admins verify creators and auditors
        review how LinkCoins and verifications moved.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {DESKS.map(({ id, title, text, Icon }) => (
          <Card key={title} component="section" aria-labelledby={`desk-${id}`}>
            <CardContent sx={{ p: 3 }}>
              <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} aria-hidden="true" />
              <Typography id={`desk-${id}`} variant="h6" component="h2" gutterBottom>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
