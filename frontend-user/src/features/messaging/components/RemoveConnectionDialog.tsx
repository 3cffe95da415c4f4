import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { CHAT_TEXTS as T } from '../utils/chat-rules';

type RemoveConnectionDialogProps = {
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
};

/** docs/product-spec.md section 2: Remove this contact? with Cancel or Remove. */
export function RemoveConnectionDialog({
  name,
  busy,
  onCancel,
  onRemove,
}: RemoveConnectionDialogProps) {
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby="remove-connection-title"
      aria-describedby="remove-connection-text"
    >
      <DialogTitle id="remove-connection-title">{T.removeConfirm}</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-connection-text">
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
