import { useId } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { ConfirmRequest } from './confirm-context';

export type PendingConfirm = ConfirmRequest & { answer: (value: boolean) => void };

/**
 * The confirmation dialog itself (ConfirmDialogProvider asks): an MUI Dialog, so a real modal
 * that traps the focus, is announced with its title and message, and closes with Escape.
 * Loaded with the first question.
 */
export function ConfirmDialog({ pending }: { pending: PendingConfirm | null }) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={pending !== null}
      onClose={() => pending?.answer(false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      {pending && (
        <>
          <DialogTitle id={titleId}>{pending.title}</DialogTitle>
          <DialogContent>
            <DialogContentText id={messageId}>{pending.message}</DialogContentText>
            {pending.details && pending.details.length > 0 && (
              <Stack component="ul" spacing={0.5} sx={{ mt: 1.5, mb: 0, pl: 2.5 }}>
                {pending.details.map((detail) => (
                  <Typography key={detail} component="li" variant="body2">
                    {detail}
                  </Typography>
                ))}
              </Stack>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => pending.answer(false)}>{pending.cancelText ?? 'Cancel'}</Button>
            <Button
              variant="contained"
              color={pending.destructive ? 'error' : 'primary'}
              onClick={() => pending.answer(true)}
              autoFocus
            >
              {pending.confirmText ?? 'OK'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
