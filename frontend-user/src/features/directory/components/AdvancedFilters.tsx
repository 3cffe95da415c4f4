import type { KeyboardEvent } from 'react';
import { Box, Button, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { AUDIENCE_TYPES, CONTENT_TOPICS, PLATFORMS } from '@linkcoin/domain/profiles/options.ts';
import { cleanLocations, type DirectoryFilters } from '../utils/directory-params';
import { FreeTextFilter, MultiOptionFilter } from './MultiOptionFilter';

/** The advanced filters as edited, applied together with Apply. */
export type AdvancedDraft = Pick<
  DirectoryFilters,
  | 'socialMediaPlatforms'
  | 'averageAudienceType'
  | 'averageLocationOfAudience'
  | 'pageContentCategory'
  | 'minFollowers'
  | 'maxFollowers'
  | 'verifiedOnly'
  | 'repliesFast'
>;

type AdvancedFiltersProps = {
  draft: AdvancedDraft;
  onDraft: (draft: AdvancedDraft) => void;
  /** Why the followers range cannot be applied, if it cannot. */
  rangeError: string | null;
  onApply: () => void;
  onClear: () => void;
  canClear: boolean;
};

/**
 * The directory's advanced filters (docs/product-spec.md section 2: Platforms, Audience Type, Audience Location,
 * followers min to max, Apply Filters; topics, Verified only and Replies fast are ours), edited as a draft that
 * Apply Filters sends. Loaded when the More panel first opens.
 */
export function AdvancedFilters({
  draft,
  onDraft,
  rangeError,
  onApply,
  onClear,
  canClear,
}: AdvancedFiltersProps) {
  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onApply();
  };

  return (
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
        onChange={(values) => onDraft({ ...draft, socialMediaPlatforms: values })}
      />
      <MultiOptionFilter
        label="Audience Type"
        options={AUDIENCE_TYPES}
        values={draft.averageAudienceType}
        onChange={(values) => onDraft({ ...draft, averageAudienceType: values })}
      />
      <FreeTextFilter
        label="Audience Location"
        values={draft.averageLocationOfAudience}
        onChange={(values) =>
          onDraft({ ...draft, averageLocationOfAudience: cleanLocations(values) })
        }
        helperText="Type a city, state or country and press Enter"
      />
      <MultiOptionFilter
        label="Content topics"
        options={CONTENT_TOPICS}
        values={draft.pageContentCategory}
        onChange={(values) => onDraft({ ...draft, pageContentCategory: values })}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Min followers"
          placeholder="e.g. 10k"
          value={draft.minFollowers}
          onChange={(event) => onDraft({ ...draft, minFollowers: event.target.value })}
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
          onChange={(event) => onDraft({ ...draft, maxFollowers: event.target.value })}
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
            onChange={(event) => onDraft({ ...draft, verifiedOnly: event.target.checked })}
          />
        }
        label="Verified creators only"
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.repliesFast}
            onChange={(event) => onDraft({ ...draft, repliesFast: event.target.checked })}
          />
        }
        label="Replies fast (usually within a day)"
      />
      <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1', justifyContent: 'flex-end' }}>
        <Button type="button" onClick={onClear} disabled={!canClear}>
          Clear
        </Button>
        <Button type="button" variant="contained" onClick={onApply}>
          Apply Filters
        </Button>
      </Stack>
    </Box>
  );
}
