import { useId, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
} from '@mui/material';

export type WizardAlertContent = Readonly<{ title?: string; message: string }>;

type WizardAlertProps = { alert: WizardAlertContent | null; onClose: () => void };

/**
 * The wizard's alerts (docs/product-spec.md section 8): "Please fill all required account details before
 * proceeding", "Please fill all required fields for past posts before submitting", and "Failed
 * to update profile" with the error's message.
 */
export function WizardAlert({ alert, onClose }: WizardAlertProps) {
  const messageId = useId();
  // The last alert stays in the dialog while it fades out.
  const [shown, setShown] = useState(alert);
  if (alert !== null && alert !== shown) setShown(alert);
  const content = alert ?? shown;
  return (
    <Dialog
      open={alert !== null}
      onClose={onClose}
      aria-labelledby={messageId}
      slotProps={{ paper: { role: 'alertdialog' } }}
    >
      {content && (
        <DialogContent>
          <Alert severity="error" role="alert" id={messageId}>
            {content.title ? (
              <>
                <AlertTitle>{content.title}</AlertTitle>
                {content.message && <Box component="span">{content.message}</Box>}
              </>
            ) : (
              content.message
            )}
          </Alert>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
