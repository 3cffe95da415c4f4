import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
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
import { ConfirmContext, type Confirm, type ConfirmRequest } from './confirm-context';

type Pending = ConfirmRequest & { answer: (value: boolean) => void };

/**
 * The confirmation before spending or removing (issue 19): an MUI Dialog, so a real modal that
 * traps the focus, is announced with its title and message, and closes with Escape, wherever it
 * opens (over the profile pop-up too, which it then covers). One at a time: a question asked
 * while another is open is answered "no" at once, so two never stack.
 */
export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const open = useRef(false);
  const titleId = useId();
  const messageId = useId();

  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        if (open.current) {
          resolve(false);
          return;
        }
        open.current = true;
        setPending({
          ...request,
          answer: (value) => {
            open.current = false;
            setPending(null);
            resolve(value);
          },
        });
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
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
              <Button onClick={() => pending.answer(false)}>
                {pending.cancelText ?? 'Cancel'}
              </Button>
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
    </ConfirmContext.Provider>
  );
}
