import { Box, Button, Stack, Typography } from '@mui/material';

type ConfirmToastProps = {
  message: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A toast that asks: the message, then the cancel and confirm buttons. */
export function ConfirmToast({
  message,
  confirmText,
  cancelText,
  onConfirm,
  onCancel,
}: ConfirmToastProps) {
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" sx={{ color: 'inherit', mb: 1.5 }}>
        {message}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={onCancel}>
          {cancelText}
        </Button>
        <Button size="small" variant="contained" color="secondary" onClick={onConfirm} autoFocus>
          {confirmText}
        </Button>
      </Stack>
    </Box>
  );
}
