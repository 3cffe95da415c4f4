import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, Title, useDataProvider } from 'react-admin';
import type {
  InvariantResult,
  InvariantsReport,
  Offence,
} from '@linkcoin/domain/audit/contracts.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { auditPath } from './auditPath';

function OffendingEvents({ offence }: { offence: Offence }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {offence.message}
        {offence.userId && (
          <>
            {' · '}
            <LinkBase to={auditPath(offence.userId)}>{`ledger of ${offence.userId}`}</LinkBase>
          </>
        )}
      </Typography>
      <Table size="small" aria-label={`Offending events: ${offence.message}`}>
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Stream</TableCell>
            <TableCell align="right">Revision</TableCell>
            <TableCell align="right">Log position</TableCell>
            <TableCell>Time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {offence.events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{event.id}</TableCell>
              <TableCell>{event.type}</TableCell>
              <TableCell>{event.streamId}</TableCell>
              <TableCell align="right">{event.revision}</TableCell>
              <TableCell align="right">{event.position}</TableCell>
              <TableCell>{new Date(event.at).toLocaleString()}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Rule({ rule }: { rule: InvariantResult }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`rule-${rule.rule}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            color={rule.passed ? 'success' : 'error'}
            label={rule.passed ? 'Pass' : 'Fail'}
          />
          <Typography id={`rule-${rule.rule}`} variant="subtitle1" component="h3">
            {rule.title}
          </Typography>
        </Stack>
        {!rule.passed && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" color="error" sx={{ mb: 1 }}>
              {`${rule.offenceCount} offence${rule.offenceCount === 1 ? '' : 's'}${
                rule.offenceCount > rule.offences.length
                  ? ` (the first ${rule.offences.length} shown)`
                  : ''
              }`}
            </Typography>
            {rule.offences.map((offence, index) => (
              <OffendingEvents key={index} offence={offence} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Report({ report }: { report: InvariantsReport }) {
  const { totals } = report;
  return (
    <Stack spacing={2}>
      <Alert severity={report.passed ? 'success' : 'error'}>
        {report.passed
          ? 'Every ledger invariant holds over the whole log.'
          : 'Some ledger invariants fail: the offending events are listed below.'}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        {`Checked ${new Date(report.checkedAt).toLocaleString()}: ${report.eventsRead} events up to log position ${
          report.position ?? '—'
        }, ${report.wallets} wallet${report.wallets === 1 ? '' : 's'}.`}
      </Typography>
      <Typography variant="body2" data-testid="invariant-totals">
        {`Purchased ${totals.purchased} + granted ${totals.granted} + refunded ${totals.refunded} − spent ${totals.spent} = ${
          totals.purchased + totals.granted + totals.refunded - totals.spent
        }; sum of balances ${totals.balances}.`}
      </Typography>
      {report.creditsPending > 0 && (
        <Alert severity="info">
          {`${report.creditsPending} approved payment${
            report.creditsPending === 1 ? ' is' : 's are'
          } not credited yet (within the credit process's grace period).`}
        </Alert>
      )}
      {report.rules.map((rule) => (
        <Rule key={rule.rule} rule={rule} />
      ))}
    </Stack>
  );
}

/**
 * The ledger invariants over the whole log (`GET /api/admin/ledger-invariants`): pass or fail
 * for each, with the offending events when one fails. Checked when the page opens and on demand.
 */
export function InvariantsPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const report = useQuery({
    queryKey: ['ledger-invariants'],
    queryFn: async () => (await dataProvider.getLedgerInvariants()).data,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <Box sx={{ py: 2, pr: { xs: 1, sm: 2 } }}>
      <Title title="Ledger invariants" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Ledger invariants
        </Typography>
        <MuiButton
          variant="outlined"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          Check again
        </MuiButton>
      </Stack>
      {report.isFetching && <LinearProgress aria-label="Checking the ledger" sx={{ mb: 2 }} />}
      {report.error && (
        <Alert severity="error">
          {report.error instanceof Error ? report.error.message : 'Could not check the ledger'}
        </Alert>
      )}
      {report.data && <Report report={report.data} />}
    </Box>
  );
}
