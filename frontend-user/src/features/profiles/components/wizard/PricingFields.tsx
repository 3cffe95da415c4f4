import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import type { PriceDraft, PriceField } from '../../utils/profile-form';

const FIELDS: readonly { field: PriceField; label: string }[] = [
  { field: 'storyPost', label: 'Story Post' },
  { field: 'feedPost', label: 'Feed Post' },
  { field: 'reel', label: 'Reel' },
];

type PricingFieldsProps = {
  pricing: PriceDraft;
  onChange: (field: PriceField, value: string) => void;
  /** After a refused step change, empty prices are marked. */
  showErrors: boolean;
};

/** Approximate prices in rupees for a Story Post, a Feed Post and a Reel. */
export function PricingFields({ pricing, onChange, showErrors }: PricingFieldsProps) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h3">
        Approximate pricing (₹)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {FIELDS.map(({ field, label }) => {
          const missing = showErrors && pricing[field].trim() === '';
          return (
            <TextField
              key={field}
              label={label}
              required
              type="number"
              value={pricing[field]}
              onChange={(event) => onChange(field, event.target.value)}
              error={missing}
              helperText={missing ? 'Enter a price' : undefined}
              fullWidth
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                htmlInput: { min: 0, step: 1, inputMode: 'numeric' },
                ...(missing ? { formHelperText: { role: 'alert' } } : {}),
              }}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
