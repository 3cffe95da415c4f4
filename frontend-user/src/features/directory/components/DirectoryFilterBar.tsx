import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  FormControl,
  InputAdornment,
  InputLabel,
  NativeSelect,
  OutlinedInput,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { PRODUCT_CATEGORIES } from '@linkcoin/domain/profiles/options.ts';
import {
  DIRECTORY_SORTS,
  MAX_SEARCH_LENGTH,
  SORT_LABELS,
  advancedFilterCount,
  cleanLocations,
  followersRangeProblem,
  sortExplanation,
  type DirectoryFilters,
  type ListingSort,
} from '../utils/directory-params';
import type { AdvancedDraft } from './AdvancedFilters';

// The advanced filters load when their panel first opens: most searches never open it.
const AdvancedFilters = lazy(() =>
  import('./AdvancedFilters').then((m) => ({ default: m.AdvancedFilters })),
);

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
  /** The orders offered (a signed-in brand also has Best match for you); everyone's by default. */
  sorts?: readonly ListingSort[];
};

const draftOf = (filters: DirectoryFilters): AdvancedDraft => ({
  socialMediaPlatforms: filters.socialMediaPlatforms,
  averageAudienceType: filters.averageAudienceType,
  averageLocationOfAudience: filters.averageLocationOfAudience,
  pageContentCategory: filters.pageContentCategory,
  minFollowers: filters.minFollowers,
  maxFollowers: filters.maxFollowers,
  verifiedOnly: filters.verifiedOnly,
  repliesFast: filters.repliesFast,
});

/**
 * docs/product-spec.md section 2, "Influencer directory": the search box, the Category dropdown, and the
 * More/Hide toggle for the advanced filters (Platforms, Audience Type, Audience Location,
 * followers min to max, Apply Filters). Sort and Verified only are ours.
 */
export function DirectoryFilterBar({
  filters,
  onChange,
  sorts = DIRECTORY_SORTS,
}: DirectoryFilterBarProps) {
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
          {/*
           * Outlined fields built from their parts, and the device's own pickers for the two
           * lists (familiar on a phone): MUI's TextField module brings its menu select along,
           * which this page's first screen does not need.
           */}
          <FormControl variant="outlined">
            <InputLabel htmlFor={`${panelId}-search`}>Search</InputLabel>
            <OutlinedInput
              id={`${panelId}-search`}
              type="search"
              label="Search"
              placeholder="Name, handle, category or topic"
              value={text}
              onChange={(event) => onType(event.target.value)}
              onBlur={() => {
                typing.current = false;
              }}
              inputProps={{ maxLength: MAX_SEARCH_LENGTH }}
              startAdornment={
                <InputAdornment position="start">
                  <SearchRoundedIcon aria-hidden="true" />
                </InputAdornment>
              }
            />
          </FormControl>
          <FormControl variant="outlined">
            <InputLabel htmlFor={`${panelId}-category`} shrink>
              Category
            </InputLabel>
            <NativeSelect
              id={`${panelId}-category`}
              value={filters.adCategories[0] ?? ''}
              onChange={(event) => {
                typing.current = false;
                onChange({ adCategories: event.target.value === '' ? [] : [event.target.value] });
              }}
              input={<OutlinedInput label="Category" notched />}
            >
              <option value="">All categories</option>
              {PRODUCT_CATEGORIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormControl variant="outlined">
            <InputLabel htmlFor={`${panelId}-sort`} shrink>
              Sort by
            </InputLabel>
            <NativeSelect
              id={`${panelId}-sort`}
              value={filters.sort}
              inputProps={{ 'aria-describedby': sortNoteId }}
              onChange={(event) => {
                typing.current = false;
                onChange({ sort: event.target.value as ListingSort });
              }}
              input={<OutlinedInput label="Sort by" notched />}
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
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
        <Collapse in={open} id={panelId} mountOnEnter>
          <Suspense fallback={<Box sx={{ minHeight: 360 }} />}>
            <AdvancedFilters
              draft={draft}
              onDraft={setDraft}
              rangeError={rangeError}
              onApply={apply}
              onClear={() =>
                onChange({
                  socialMediaPlatforms: [],
                  averageAudienceType: [],
                  averageLocationOfAudience: [],
                  pageContentCategory: [],
                  minFollowers: '',
                  maxFollowers: '',
                  verifiedOnly: false,
                  repliesFast: false,
                })
              }
              canClear={advancedCount > 0}
            />
          </Suspense>
        </Collapse>
      </Stack>
    </Paper>
  );
}
