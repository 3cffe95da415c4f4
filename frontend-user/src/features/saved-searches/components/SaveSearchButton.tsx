import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  TextField,
} from '@mui/material';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { MAX_SAVED_SEARCH_NAME } from '@linkcoin/domain/directory/saved-search-limits.ts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/useToast';
import { savedSearchesQueryOptions, useSavedSearchMutations } from '../api/saved-searches';
import { suggestedSearchName } from '../utils/suggested-name';

/**
 * "Save this search": names the search in the address bar (`query`, the directory's own
 * parameters) and saves it; the brand is told about creators who come to match it. The name
 * it suggests is made from the search's filters ("Snacks · Indore"), numbered when the brand
 * has a search by that name already.
 */
export function SaveSearchButton({ query }: { query: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { save } = useSavedSearchMutations();
  const client = useQueryClient();
  const saved = useQuery(savedSearchesQueryOptions());
  const toast = useToast();
  const titleId = useId();
  const helpId = useId();

  const start = async () => {
    // The names taken: the list shown already, or read now (none known if it cannot be read).
    const list =
      saved.data ?? (await client.fetchQuery(savedSearchesQueryOptions()).catch(() => null));
    setName(suggestedSearchName(query, list?.searches.map((search) => search.name) ?? []));
    setProblem(null);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Give the search a name.');
      return;
    }
    save.mutate(
      { name, query },
      {
        onSuccess: (answer) => {
          setOpen(false);
          toast.success(answer.message);
        },
        onError: (error) =>
          setProblem(errorMessage(error, 'The search could not be saved. Please try again.')),
      },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkAddOutlinedIcon />}
        onClick={() => void start()}
      >
        Save this search
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>Save this search</DialogTitle>
          <DialogContent>
            <DialogContentText id={helpId} sx={{ mb: 2 }}>
              We will tell you when new creators match it: here, by notification and in a daily
              e-mail.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{
                htmlInput: { maxLength: MAX_SAVED_SEARCH_NAME, 'aria-describedby': helpId },
              }}
              error={problem !== null}
            />
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {problem}{' '}
                {problem.startsWith('You can keep at most') && (
                  <Link component={RouterLink} to="/saved-searches">
                    Your saved searches
                  </Link>
                )}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
