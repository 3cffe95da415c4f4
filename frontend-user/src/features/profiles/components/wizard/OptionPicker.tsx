import { useState } from 'react';
import { Autocomplete, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { relatedSuggestions, type OptionGroups } from '@linkcoin/domain/profiles/option-groups.ts';
import type { Option } from '@linkcoin/domain/profiles/options.ts';
import { quickAddChoices, quickAddDisabled, shuffle } from '../../utils/wizard-rules';

type OptionPickerProps = {
  label: string;
  options: readonly Option[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** A cap (20 categories): the count is shown and quick-add is disabled when reached. */
  max?: number;
  /** How many quick-add chips to offer (none when 0). */
  quickAdd?: number;
  /**
   * The list's broad parents: the menu is grouped under them and the suggestions come from the
   * groups already chosen from (random ones otherwise).
   */
  groups?: OptionGroups;
};

/**
 * A multi-select of an option list, with quick-add chips of values not chosen yet: related to
 * what was chosen when the list has groups, random otherwise.
 */
export function OptionPicker({
  label,
  options,
  values,
  onChange,
  max,
  quickAdd = 0,
  groups,
}: OptionPickerProps) {
  // One random order per visit; the chips are its first values not chosen yet.
  const [order] = useState(() =>
    shuffle(
      options.map((option) => option.value),
      Math.random,
    ),
  );
  const selected = values
    .map((value) => options.find((option) => option.value === value))
    .filter((option): option is Option => option !== undefined);
  const suggestions = groups
    ? relatedSuggestions(groups, values, quickAdd)
    : quickAddChoices(order, values, quickAdd);
  const full = quickAddDisabled(values, max);
  const labelOfValue = (value: string) => options.find((o) => o.value === value)?.label ?? value;

  return (
    <Stack spacing={1}>
      <Autocomplete
        multiple
        options={options}
        value={selected}
        filterSelectedOptions
        disableCloseOnSelect
        getOptionLabel={(option) => option.label}
        {...(groups ? { groupBy: (option: Option) => groups.groupOf(option.value) } : {})}
        isOptionEqualToValue={(option, value) => option.value === value.value}
        onChange={(_event, chosen) => onChange(chosen.map((option) => option.value))}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            helperText={max === undefined ? undefined : `${values.length}/${max} selected`}
          />
        )}
      />
      {suggestions.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="group"
          aria-label={`Quick add ${label}`}
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary">
            {groups && values.length > 0 ? 'Related' : 'Quick add'}
          </Typography>
          {suggestions.map((value) => (
            <Chip
              key={value}
              label={labelOfValue(value)}
              icon={<AddIcon />}
              variant="outlined"
              size="small"
              disabled={full}
              onClick={() => onChange([...values, value])}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
