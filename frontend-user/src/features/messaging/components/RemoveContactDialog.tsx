import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { CHAT_TEXTS as T } from '../utils/chat-rules';

type RemoveContactDialogProps = {
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
};

/** Spec section 2: Remove this contact? with Cancel or Remove. */
export function RemoveContactDialog({ name, busy, onCancel, onRemove }: RemoveContactDialogProps) {
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby="remove-contact-title"
      aria-describedby="remove-contact-text"
    >
      <DialogTitle id="remove-contact-title">{T.removeConfirm}</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-contact-text">
          {name} leaves your list and the chat closes. The LinkCoin you spent is not refunded.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {T.cancel}
        </Button>
        <Button onClick={onRemove} color="error" variant="contained" disabled={busy}>
          {T.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
