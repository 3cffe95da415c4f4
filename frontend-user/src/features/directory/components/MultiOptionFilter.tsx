import { Autocomplete, TextField } from '@mui/material';
import type { Option } from '@linkcoin/domain/profiles/options.ts';

type MultiOptionFilterProps = {
  label: string;
  options: readonly Option[];
  values: readonly string[];
  onChange: (values: string[]) => void;
};

/** A multi-select of an option list (any of the chosen values matches). */
export function MultiOptionFilter({ label, options, values, onChange }: MultiOptionFilterProps) {
  const selected = values
    .map((value) => options.find((option) => option.value === value))
    .filter((option): option is Option => option !== undefined);
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.value))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

type FreeTextFilterProps = {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  helperText?: string;
};

/** Free-text values (audience locations): typed, added with Enter, removable. */
export function FreeTextFilter({ label, values, onChange, helperText }: FreeTextFilterProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[] as string[]}
      value={[...values]}
      onChange={(_event, chosen) => onChange(chosen)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
