import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type {
  NewMatchView,
  SavedSearchView,
} from '@linkcoin/domain/directory/saved-search-contracts.ts';
import { MAX_SAVED_SEARCH_NAME } from '@linkcoin/domain/directory/saved-search-limits.ts';
import { PageTitle } from '../../../components/PageTitle';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { savedSearchesQueryOptions, useSavedSearchMutations } from '../api/saved-searches';

const openPath = (search: SavedSearchView) =>
  `/influencers${search.query ? `?${search.query}` : ''}`;

/** The creators newly found by the brand's searches: an accessible notice, until seen. */
function NewMatchesNotice({
  matches,
  count,
  onSeen,
  busy,
}: {
  matches: readonly NewMatchView[];
  count: number;
  onSeen: () => void;
  busy: boolean;
}) {
  const headingId = useId();
  return (
    <Alert
      severity="info"
      component="section"
      // A named region the brand can reach and come back to, not an interrupting alert.
      role="region"
      aria-labelledby={headingId}
      action={
        <Button color="inherit" size="small" onClick={onSeen} disabled={busy}>
          Mark as seen
        </Button>
      }
      sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: '1.05rem' }}>
        New matches ({count})
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {matches.map((match) => (
          <li key={`${match.searchId}:${match.creatorId}`}>
            <Link
              component={RouterLink}
              to={`/Profile/${encodeURIComponent(match.creatorId)}`}
              underline="always"
              sx={{ color: 'inherit', fontWeight: 600 }}
            >
              {match.creatorName}
            </Link>{' '}
            now matches “{match.searchName}”
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** Renames one search; mounted per search (its key), so it starts from that search's name. */
function RenameDialog({ search, onClose }: { search: SavedSearchView; onClose: () => void }) {
  const [name, setName] = useState(search.name);
  const [problem, setProblem] = useState<string | null>(null);
  const { change } = useSavedSearchMutations();
  const toast = useToast();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { searchId: search.searchId, name },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) =>
          setProblem(errorMessage(error, 'The search could not be renamed. Please try again.')),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Rename the search</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_SAVED_SEARCH_NAME } }}
            error={problem !== null}
            sx={{ mt: 1 }}
          />
          {problem && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SearchCard({
  search,
  onRename,
  onDelete,
  deleting,
  headingRef,
}: {
  search: SavedSearchView;
  onRename: (search: SavedSearchView) => void;
  onDelete: (search: SavedSearchView) => void;
  deleting: boolean;
  /** The card's heading, where focus goes when the search before it is deleted. */
  headingRef: (element: HTMLElement | null) => void;
}) {
  const headingId = useId();
  const { change } = useSavedSearchMutations();
  const toast = useToast();
  const failed = (error: unknown) =>
    toast.error(errorMessage(error, 'That did not work. Please try again.'));
  return (
    <Card component="li" aria-labelledby={headingId} sx={{ listStyle: 'none', minWidth: 0 }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="h6"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {search.name}
          </Typography>
          <Typography color="text.secondary">
            {search.matchCount === 1
              ? '1 creator found since you saved it'
              : `${search.matchCount} creators found since you saved it`}
            {search.newMatchCount > 0 ? ` · ${search.newMatchCount} new` : ''}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={search.digest}
                onChange={(event) =>
                  change.mutate(
                    { searchId: search.searchId, digest: event.target.checked },
                    { onSuccess: (answer) => toast.success(answer.message), onError: failed },
                  )
                }
                disabled={change.isPending}
                // Each search's switch is named for it (the visible label first).
                slotProps={{
                  input: { 'aria-label': `Daily e-mail of new matches for “${search.name}”` },
                }}
              />
            }
            label="Daily e-mail of new matches"
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              component={RouterLink}
              to={openPath(search)}
              aria-label={`Open ${search.name}`}
            >
              Open
            </Button>
            <Button
              variant="outlined"
              onClick={() => onRename(search)}
              aria-label={`Rename ${search.name}`}
            >
              Rename
            </Button>
            <Button
              color="error"
              aria-label={`Delete ${search.name}`}
              disabled={deleting}
              onClick={() => onDelete(search)}
            >
              Delete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** `/saved-searches`: a brand's saved directory searches, their new matches and e-mails. */
export function SavedSearchesPage() {
  const { user } = useAuth();
  const isBrand = user?.role === 'user';
  const saved = useQuery({ ...savedSearchesQueryOptions(), enabled: isBrand });
  const { seen, remove } = useSavedSearchMutations();
  const [renaming, setRenaming] = useState<SavedSearchView | null>(null);
  const data = saved.data;
  const confirm = useConfirm();
  const toast = useToast();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const headings = useRef(new Map<string, HTMLElement>());
  const headingRef = (searchId: string) => (element: HTMLElement | null) => {
    if (element) headings.current.set(searchId, element);
    else headings.current.delete(searchId);
  };

  /**
   * Deletes a search after asking; focus then goes to the next search's heading (the one before
   * when it was the last, the page's heading when none is left), not to the page's body.
   */
  const deleteSearch = (search: SavedSearchView) => {
    void confirm({
      title: 'Delete this saved search?',
      message: `“${search.name}” will no longer tell you about new creators.`,
      confirmText: 'Delete',
      destructive: true,
    }).then((yes) => {
      if (!yes) return;
      const searches = data?.searches ?? [];
      const at = searches.findIndex((s) => s.searchId === search.searchId);
      const next = searches[at + 1] ?? searches[at - 1] ?? null;
      remove.mutate(search.searchId, {
        onSuccess: (answer) => {
          toast.success(answer.message);
          const target = (next && headings.current.get(next.searchId)) ?? titleRef.current;
          target?.focus();
        },
        onError: (error) =>
          toast.error(errorMessage(error, 'That did not work. Please try again.')),
      });
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <PageTitle title="Saved searches" />
      <Stack spacing={3}>
        <Typography ref={titleRef} tabIndex={-1} variant="h2" component="h1">
          Saved searches
        </Typography>
        {!isBrand ? (
          <Alert severity="info">
            Saved searches are for brands: they tell a brand when new creators match a search. Sign
            in with your brand account to see yours.
          </Alert>
        ) : saved.isError ? (
          <Alert severity="error">
            {errorMessage(
              saved.error,
              'Your saved searches could not be loaded. Please try again.',
            )}
          </Alert>
        ) : !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
            <CircularProgress aria-label="Loading your saved searches" />
          </Box>
        ) : (
          <>
            {data.newMatchCount > 0 && (
              <NewMatchesNotice
                matches={data.newMatches}
                count={data.newMatchCount}
                onSeen={() => seen.mutate()}
                busy={seen.isPending}
              />
            )}
            {data.searches.length === 0 ? (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography>
                  You have no saved searches yet. Search the directory, then press “Save this
                  search” to hear about new creators who match it.
                </Typography>
                <Button variant="contained" component={RouterLink} to="/influencers">
                  Search the directory
                </Button>
              </Stack>
            ) : (
              <>
                <Typography color="text.secondary">
                  {data.searches.length} of {data.limit} saved searches
                </Typography>
                <Stack
                  component="ul"
                  spacing={2}
                  sx={{ p: 0, m: 0 }}
                  aria-label="Your saved searches"
                >
                  {data.searches.map((search) => (
                    <SearchCard
                      key={search.searchId}
                      search={search}
                      onRename={setRenaming}
                      onDelete={deleteSearch}
                      deleting={remove.isPending}
                      headingRef={headingRef(search.searchId)}
                    />
                  ))}
                </Stack>
              </>
            )}
          </>
        )}
      </Stack>
      {renaming && (
        <RenameDialog key={renaming.searchId} search={renaming} onClose={() => setRenaming(null)} />
      )}
    </Container>
  );
}
