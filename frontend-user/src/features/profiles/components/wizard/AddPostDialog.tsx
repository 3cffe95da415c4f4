import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { PLATFORMS } from '@linkcoin/domain/profiles/options.ts';

type AddPostDialogProps = {
  open: boolean;
  onClose: () => void;
  onContinue: (platform: string) => void;
};

/** docs/product-spec.md section 4, "Past post flow": Add Post, choose the platform, Continue. */
export function AddPostDialog({ open, onClose, onContinue }: AddPostDialogProps) {
  const titleId = useId();
  const [platform, setPlatform] = useState('');
  const close = () => {
    setPlatform('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Add Post</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="Platform"
          value={platform}
          onChange={(event) => setPlatform(event.target.value)}
          fullWidth
          sx={{ mt: 1 }}
          helperText="Where was this post published?"
        >
          {PLATFORMS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={platform === ''}
          onClick={() => {
            onContinue(platform);
            setPlatform('');
          }}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
