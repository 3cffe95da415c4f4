import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
  PLATFORMS,
  PRODUCT_CATEGORIES,
} from '@linkcoin/domain/profiles/options.ts';
import {
  DIRECTORY_SORTS,
  MAX_SEARCH_LENGTH,
  SORT_LABELS,
  advancedFilterCount,
  cleanLocations,
  followersRangeProblem,
  sortExplanation,
  type DirectoryFilters,
  type DirectorySort,
} from '../utils/directory-params';
import { FreeTextFilter, MultiOptionFilter } from './MultiOptionFilter';

/** How long typing pauses before the list follows the search box. */
const SEARCH_PAUSE_MS = 400;

type Changes = Partial<Omit<DirectoryFilters, 'page'>>;

type DirectoryFilterBarProps = {
  filters: DirectoryFilters;
  /**
   * Applies changes (a new search starts on page 1). `replace` while typing goes on, so the back
   * button returns to the search before the typing rather than to each letter.
   */
  onChange: (changes: Changes, options?: { replace: boolean }) => void;
};

type AdvancedDraft = Pick<
  DirectoryFilters,
  | 'socialMediaPlatforms'
  | 'averageAudienceType'
  | 'averageLocationOfAudience'
  | 'pageContentCategory'
  | 'minFollowers'
  | 'maxFollowers'
  | 'verifiedOnly'
>;

const draftOf = (filters: DirectoryFilters): AdvancedDraft => ({
  socialMediaPlatforms: filters.socialMediaPlatforms,
  averageAudienceType: filters.averageAudienceType,
  averageLocationOfAudience: filters.averageLocationOfAudience,
  pageContentCategory: filters.pageContentCategory,
  minFollowers: filters.minFollowers,
  maxFollowers: filters.maxFollowers,
  verifiedOnly: filters.verifiedOnly,
});

/**
 * Spec section 2, "Influencer directory": the search box, the Category dropdown, and the
 * More/Hide toggle for the advanced filters (Platforms, Audience Type, Audience Location,
 * followers min to max, Apply Filters). Sort and Verified only are ours.
 */
export function DirectoryFilterBar({ filters, onChange }: DirectoryFilterBarProps) {
  const panelId = useId();
  const sortNoteId = useId();
  const advancedCount = advancedFilterCount(filters);
  const [open, setOpen] = useState(advancedCount > 0);
  const [text, setText] = useState(filters.search);
  const [draft, setDraft] = useState<AdvancedDraft>(() => draftOf(filters));
  const [rangeError, setRangeError] = useState<string | null>(null);
  /** Whether the current typing already made its own history entry. */
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /*
   * The address changed (back button, a shared link): the fields follow it, except for a search
   * this box sent itself while the person kept typing.
   */
  const [shownSearch, setShownSearch] = useState(filters.search);
  const [sentSearch, setSentSearch] = useState<string | null>(null);
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search);
    if (filters.search !== sentSearch) setText(filters.search);
  }
  const appliedKey = JSON.stringify(draftOf(filters));
  const [shownKey, setShownKey] = useState(appliedKey);
  if (appliedKey !== shownKey) {
    setShownKey(appliedKey);
    setDraft(draftOf(filters));
    setRangeError(null);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const searchNow = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() === filters.search.trim()) return;
    setSentSearch(value.trim());
    onChange({ search: value.trim() }, { replace: typing.current });
    typing.current = true;
  };

  const onType = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => searchNow(value), SEARCH_PAUSE_MS);
  };

  const apply = () => {
    const problem = followersRangeProblem(draft.minFollowers, draft.maxFollowers);
    setRangeError(problem);
    if (problem) return;
    typing.current = false;
    onChange({
      ...draft,
      averageLocationOfAudience: cleanLocations(draft.averageLocationOfAudience),
      minFollowers: draft.minFollowers.trim(),
      maxFollowers: draft.maxFollowers.trim(),
    });
  };

  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Box
          component="form"
          role="search"
          aria-label="Search influencers"
          onSubmit={(event) => {
            event.preventDefault();
            typing.current = false;
            searchNow(text);
            typing.current = false;
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
            },
            alignItems: 'start',
          }}
        >
          <TextField
            type="search"
            label="Search"
            placeholder="Name, handle, category or topic"
            value={text}
            onChange={(event) => onType(event.target.value)}
            onBlur={() => {
              typing.current = false;
            }}
            slotProps={{
              htmlInput: { maxLength: MAX_SEARCH_LENGTH },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label="Category"
            value={filters.adCategories[0] ?? ''}
            onChange={(event) => {
              typing.current = false;
              onChange({ adCategories: event.target.value === '' ? [] : [event.target.value] });
            }}
            slotProps={{
              select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
            }}
          >
            <MenuItem value="">All categories</MenuItem>
            {PRODUCT_CATEGORIES.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Sort by"
            value={filters.sort}
            slotProps={{ select: { inputProps: { 'aria-describedby': sortNoteId } } }}
            onChange={(event) => {
              typing.current = false;
              onChange({ sort: event.target.value as DirectorySort });
            }}
          >
            {DIRECTORY_SORTS.map((sort) => (
              <MenuItem key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </MenuItem>
            ))}
          </TextField>
          <Badge badgeContent={advancedCount} color="secondary" overlap="rectangular">
            <Button
              variant="outlined"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={panelId}
              endIcon={open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
              sx={{ minHeight: 56, width: { xs: '100%', md: 'auto' } }}
            >
              {open ? 'Hide' : 'More'}
            </Button>
          </Badge>
        </Box>
        <Typography id={sortNoteId} variant="body2" color="text.secondary">
          {`${SORT_LABELS[filters.sort]} \u2014 ${sortExplanation(filters)}`}
        </Typography>
        <Collapse in={open} id={panelId}>
          <Box
            role="group"
            aria-label="Advanced filters"
            sx={{
              display: 'grid',
              gap: 2,
              pt: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <MultiOptionFilter
              label="Platforms"
              options={PLATFORMS}
              values={draft.socialMediaPlatforms}
              onChange={(values) => setDraft({ ...draft, socialMediaPlatforms: values })}
            />
            <MultiOptionFilter
              label="Audience Type"
              options={AUDIENCE_TYPES}
              values={draft.averageAudienceType}
              onChange={(values) => setDraft({ ...draft, averageAudienceType: values })}
            />
            <FreeTextFilter
              label="Audience Location"
              values={draft.averageLocationOfAudience}
              onChange={(values) =>
                setDraft({ ...draft, averageLocationOfAudience: cleanLocations(values) })
              }
              helperText="Type a city, state or country and press Enter"
            />
            <MultiOptionFilter
              label="Content topics"
              options={CONTENT_TOPICS}
              values={draft.pageContentCategory}
              onChange={(values) => setDraft({ ...draft, pageContentCategory: values })}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Min followers"
                placeholder="e.g. 10k"
                value={draft.minFollowers}
                onChange={(event) => setDraft({ ...draft, minFollowers: event.target.value })}
                error={rangeError !== null}
                onKeyDown={applyOnEnter}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'text', maxLength: 14 } }}
              />
              <Box component="span" sx={{ pt: 2 }} aria-hidden="true">
                to
              </Box>
              <TextField
                label="Max followers"
                placeholder="e.g. 1M"
                value={draft.maxFollowers}
                onChange={(event) => setDraft({ ...draft, maxFollowers: event.target.value })}
                error={rangeError !== null}
                helperText={rangeError ?? undefined}
                onKeyDown={applyOnEnter}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'text', maxLength: 14 } }}
              />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.verifiedOnly}
                  onChange={(event) => setDraft({ ...draft, verifiedOnly: event.target.checked })}
                />
              }
              label="Verified creators only"
            />
            <Stack
              direction="row"
              spacing={1}
              sx={{ gridColumn: '1 / -1', justifyContent: 'flex-end' }}
            >
              <Button
                type="button"
                onClick={() =>
                  onChange({
                    socialMediaPlatforms: [],
                    averageAudienceType: [],
                    averageLocationOfAudience: [],
                    pageContentCategory: [],
                    minFollowers: '',
                    maxFollowers: '',
                    verifiedOnly: false,
                  })
                }
                disabled={advancedCount === 0}
              >
                Clear
              </Button>
              <Button type="button" variant="contained" onClick={apply}>
                Apply Filters
              </Button>
            </Stack>
          </Box>
        </Collapse>
      </Stack>
    </Paper>
  );
}
