import { Box, Card, Stack, Tab, Tabs, Typography } from '@mui/material';
import { LinkBase, Title, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { ConsoleUser } from '../users/types';
import { AsOfView } from './AsOfView';
import { auditPath, type AuditTab } from './auditPath';
import { LedgerView } from './LedgerView';
import { UserPicker } from './UserPicker';
import { VerificationHistoryView } from './VerificationHistoryView';

const TABS: readonly { id: AuditTab; label: string }[] = [
  { id: 'ledger', label: 'Coin ledger' },
  { id: 'verifications', label: 'Verification history' },
  { id: 'as-of', label: 'As of' },
];

/**
 * One user's history as auditors read it from the event store: their coin ledger, their
 * verification history, and their state as of a chosen instant. Read-only for everyone.
 */
export function AuditUserPage({ tab }: { tab: AuditTab }) {
  const { userId } = useParams<{ userId: string }>();
  const navigate = useNavigate();
  const { data: user } = useGetOne<ConsoleUser>(
    'users',
    { id: userId ?? '' },
    { enabled: userId !== undefined },
  );
  const who = user ? `${user.ownerName} (${user.email})` : userId;

  return (
    <Box sx={{ py: 2, pr: { xs: 1, sm: 2 } }}>
      <Title title={userId ? `History of ${user?.ownerName ?? userId}` : 'User history'} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          User history
        </Typography>
        <UserPicker
          key={userId}
          userId={userId}
          onPick={(picked) => navigate(auditPath(String(picked), tab))}
        />
      </Stack>
      {userId === undefined ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Choose a user to read their coin ledger, their verification history, or their state as of
          an instant, all replayed from the event store.
        </Typography>
      ) : (
        <Card sx={{ mt: 1 }}>
          <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
            {`User: ${who} · ID ${userId}`}
          </Typography>
          <Tabs
            value={tab}
            aria-label="History views"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ px: 1 }}
          >
            {TABS.map(({ id, label }) => (
              <Tab
                key={id}
                value={id}
                label={label}
                component={LinkBase}
                to={auditPath(userId, id)}
              />
            ))}
          </Tabs>
          <Box sx={{ p: 2 }}>
            {tab === 'ledger' && <LedgerView userId={userId} />}
            {tab === 'verifications' && <VerificationHistoryView userId={userId} />}
            {tab === 'as-of' && <AsOfView userId={userId} />}
          </Box>
        </Card>
      )}
    </Box>
  );
}
