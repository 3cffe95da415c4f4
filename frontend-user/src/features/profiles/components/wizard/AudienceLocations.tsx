import { useState } from 'react';
import { Button, Chip, Stack, TextField } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';

type AudienceLocationsProps = {
  locations: readonly string[];
  onAdd: (text: string) => void;
  onRemove: (location: string) => void;
};

/** Free-text audience locations: added with Enter or Add (trimmed, empty ignored), removable. */
export function AudienceLocations({ locations, onAdd, onRemove }: AudienceLocationsProps) {
  const [text, setText] = useState('');
  const add = () => {
    onAdd(text);
    setText('');
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Audience Location"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          helperText="Type a city, state or country and press Enter"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button variant="outlined" onClick={add} sx={{ minHeight: 56, flexShrink: 0 }}>
          Add
        </Button>
      </Stack>
      {locations.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="group"
          aria-label="Audience locations"
        >
          {locations.map((location) => (
            // Removable by its delete icon, or by Delete or Backspace while focused.
            <Chip
              key={location}
              label={location}
              onDelete={() => onRemove(location)}
              deleteIcon={<CancelIcon aria-label={`Remove ${location}`} />}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
