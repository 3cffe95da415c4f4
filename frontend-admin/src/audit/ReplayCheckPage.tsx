import { useState } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DataTable,
  DateField,
  ListContextProvider,
  ReferenceField,
  TextField,
  Title,
  useDataProvider,
  useGetList,
  useList,
} from 'react-admin';
import type {
  ReadModelView,
  ReplayCheckView,
  ReplayDifference,
} from '@linkcoin/domain/audit/contracts.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../notify-failure';
import { DIFFERENCE_KIND_LABELS, REPLAY_PHASE_LABELS } from './labels';

/** How often the page asks for a running check's progress. */
const POLL_MS = 500;

const running = (check: ReplayCheckView | undefined) =>
  check?.status === 'queued' || check?.status === 'running';

const values = (side: Record<string, unknown> | null) =>
  side === null ? '—' : JSON.stringify(side);

type DifferenceRecord = ReplayDifference & { id: string; documentId: string };
const Column = DataTable.Col<DifferenceRecord>;

function Differences({ check }: { check: ReplayCheckView }) {
  const list = useList<DifferenceRecord>({
    data: check.differences.map((difference, index) => ({
      ...difference,
      documentId: difference.id,
      id: `${index}`,
    })),
    perPage: 1000,
  });
  return (
    <Stack spacing={1}>
      <Alert severity="error">
        {`${check.differenceCount} document${check.differenceCount === 1 ? '' : 's'} differ${
          check.differenceCount === 1 ? 's' : ''
        } between the live read models and their rebuild from the log`}
        {check.differenceCount > check.differences.length
          ? ` (the first ${check.differences.length} shown)`
          : ''}
      </Alert>
      <ListContextProvider value={list}>
        <DataTable resource="replay-differences" bulkActionButtons={false} rowClick={false}>
          <Column source="readModel" label="Read model" disableSort />
          <Column source="collection" label="Collection" disableSort />
          <Column source="documentId" label="Document" disableSort />
          <Column
            source="kind"
            label="Difference"
            disableSort
            render={(difference) => DIFFERENCE_KIND_LABELS[difference.kind]}
          />
          <Column
            source="fields"
            label="Fields"
            disableSort
            render={(difference) => difference.fields.join(', ')}
          />
          <Column
            source="live"
            label="Live"
            disableSort
            render={(difference) => values(difference.live)}
          />
          <Column
            source="rebuilt"
            label="Rebuilt from the log"
            disableSort
            render={(difference) => values(difference.rebuilt)}
          />
        </DataTable>
      </ListContextProvider>
    </Stack>
  );
}

/** A check's progress while it runs, and its outcome once it has finished. */
function CheckOutcome({ check }: { check: ReplayCheckView }) {
  const { progress } = check;
  if (running(check)) {
    return (
      <Box role="status" aria-label="Replay check progress">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {`${REPLAY_PHASE_LABELS[check.phase]}: ${progress.eventsRead} events read${
            progress.target !== null ? ` of ${progress.target + 1}` : ''
          }, ${progress.documentsCompared} documents compared (${progress.percent}%)`}
        </Typography>
        <LinearProgress
          variant={check.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={progress.percent}
          aria-label="Replay check progress bar"
        />
      </Box>
    );
  }
  if (check.status === 'failed') {
    return <Alert severity="error">{`The check failed: ${check.error ?? 'unknown error'}`}</Alert>;
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {`${check.readModels.join(', ')}: ${progress.eventsRead} events replayed, ${
          progress.documentsCompared
        } documents compared.`}
      </Typography>
      {check.differenceCount === 0 ? (
        <Alert severity="success">
          No differences: every document rebuilt from the log matches the live read models.
        </Alert>
      ) : (
        <Differences check={check} />
      )}
    </Stack>
  );
}

type CheckRecord = ReplayCheckView;
const CheckColumn = DataTable.Col<CheckRecord>;

const outcomeOf = (check: ReplayCheckView): string => {
  if (running(check)) return `${REPLAY_PHASE_LABELS[check.phase]} (${check.progress.percent}%)`;
  if (check.status === 'failed') return `Failed: ${check.error ?? 'unknown error'}`;
  return check.differenceCount === 0 ? 'No differences' : `${check.differenceCount} differences`;
};

/** The checks this server has taken, newest first: one opens with its outcome. */
function RecentChecks({ onOpen }: { onOpen: (id: string) => void }) {
  const { data, isPending } = useGetList<CheckRecord>('replay-checks', {
    pagination: { page: 1, perPage: 20 },
  });
  const list = useList<CheckRecord>({ data: data ?? [], isPending, perPage: 20 });
  if (!isPending && (data ?? []).length === 0) return null;
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="recent-checks-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="recent-checks-title" gutterBottom>
          Recent checks
        </Typography>
        <ListContextProvider value={list}>
          <DataTable
            resource="replay-checks"
            bulkActionButtons={false}
            rowClick={(id) => {
              onOpen(String(id));
              return false;
            }}
          >
            <CheckColumn source="requestedAt" label="Requested" disableSort>
              <DateField source="requestedAt" showTime />
            </CheckColumn>
            <CheckColumn source="requestedBy" label="By" disableSort>
              <ReferenceField source="requestedBy" reference="users" link={false}>
                <TextField source="ownerName" />
              </ReferenceField>
            </CheckColumn>
            <CheckColumn
              source="readModels"
              label="Read models"
              disableSort
              render={(check) => check.readModels.join(', ')}
            />
            <CheckColumn
              source="status"
              label="Outcome"
              disableSort
              render={(check) => outcomeOf(check)}
            />
          </DataTable>
        </ListContextProvider>
      </CardContent>
    </Card>
  );
}

/**
 * The replay check: rebuilds the chosen read models from the log into a scratch store and
 * compares them document by document with the live ones. Its progress shows while it runs; the
 * differences (expected: none) once it has finished.
 */
export function ReplayCheckPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const { data: readModels, isPending: loadingModels } = useGetList<ReadModelView>('read-models', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  /** The read models left out (all are chosen at first). */
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [checkId, setCheckId] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['replay-check', checkId],
    queryFn: async () => (await dataProvider.getReplayCheck(checkId ?? '')).data,
    enabled: checkId !== null,
    refetchInterval: (query) =>
      query.state.data === undefined || running(query.state.data) ? POLL_MS : false,
  });

  const chosen = (readModels ?? []).map((model) => model.id).filter((id) => !excluded.has(id));
  const { mutate: start, isPending: starting } = useMutation({
    mutationFn: (readModels: string[]) => dataProvider.startReplayCheck(readModels),
    onSuccess: ({ data }) => {
      // The job as the start answered it (queued) shows at once; polling takes it from there.
      queryClient.setQueryData(['replay-check', data.id], data);
      setCheckId(data.id);
    },
    onError: notifyFailure('Could not start'),
  });
  const busy = starting || running(check.data);

  const toggle = (id: string) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box sx={{ py: 2, pr: { xs: 1, sm: 2 } }}>
      <Title title="Replay check" />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Replay check
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Rebuilds the chosen read models from the event log into a scratch store and compares them
        document by document with the live ones. A healthy system shows no differences.
      </Typography>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" id="read-models-title">
            Read models
          </Typography>
          {loadingModels ? (
            <LinearProgress aria-label="Loading the read models" />
          ) : (
            <FormGroup
              row
              role="group"
              aria-labelledby="read-models-title"
              sx={{ columnGap: 2, rowGap: 0, my: 1 }}
            >
              {(readModels ?? []).map((model) => (
                <FormControlLabel
                  key={model.id}
                  label={model.id}
                  control={
                    <Checkbox
                      checked={!excluded.has(model.id)}
                      onChange={() => toggle(model.id)}
                      disabled={busy}
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          <Stack direction="row" spacing={1}>
            <MuiButton
              variant="contained"
              onClick={() => start(chosen)}
              disabled={busy || chosen.length === 0}
            >
              Run replay check
            </MuiButton>
            <MuiButton
              onClick={() => setExcluded(new Set())}
              disabled={busy || excluded.size === 0}
            >
              Choose all
            </MuiButton>
            <MuiButton
              onClick={() => setExcluded(new Set((readModels ?? []).map((model) => model.id)))}
              disabled={busy || chosen.length === 0}
            >
              Choose none
            </MuiButton>
          </Stack>
        </CardContent>
      </Card>
      {checkId !== null && (
        <Card sx={{ mt: 2 }} component="section" aria-labelledby="replay-outcome-title">
          <CardContent>
            <Typography variant="h6" component="h2" id="replay-outcome-title" gutterBottom>
              Outcome
            </Typography>
            {check.data ? (
              <CheckOutcome check={check.data} />
            ) : check.error ? (
              <Alert severity="error">
                {check.error instanceof Error ? check.error.message : 'Could not read the check'}
              </Alert>
            ) : (
              <LinearProgress aria-label="Starting" />
            )}
          </CardContent>
        </Card>
      )}
      <RecentChecks key={check.data?.status} onOpen={setCheckId} />
    </Box>
  );
}
