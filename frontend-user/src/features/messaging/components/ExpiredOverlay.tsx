import { Button, Paper, Typography } from '@mui/material';
import LockClockRoundedIcon from '@mui/icons-material/LockClockRounded';
import { CHAT_TEXTS as T } from '../utils/chat-rules';

type ExpiredOverlayProps = {
  /** Only the payer renews; the creator is told who can. */
  canRenew: boolean;
  partnerName: string;
  renewing: boolean;
  onRenew: () => void;
};

/**
 * docs/product-spec.md section 4: an expired chat is read-only. Laid over the bottom of the conversation, so the
 * messages above stay readable.
 */
export function ExpiredOverlay({ canRenew, partnerName, renewing, onRenew }: ExpiredOverlayProps) {
  return (
    <Paper
      elevation={8}
      role="region"
      aria-labelledby="conversation-expired"
      sx={{
        position: 'absolute',
        left: '50%',
        bottom: 16,
        transform: 'translateX(-50%)',
        width: 'min(440px, calc(100% - 32px))',
        p: 3,
        textAlign: 'center',
        borderRadius: 3,
      }}
    >
      <LockClockRoundedIcon color="warning" sx={{ fontSize: 36 }} aria-hidden="true" />
      <Typography id="conversation-expired" variant="h5" component="h3" sx={{ mt: 1 }}>
        {T.expiredTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {T.expiredText}
      </Typography>
      {canRenew ? (
        <Button
          variant="contained"
          color="secondary"
          sx={{ mt: 2 }}
          onClick={onRenew}
          disabled={renewing}
          aria-busy={renewing}
        >
          {T.upgrade}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Only {partnerName}, who added you, can renew this chat.
        </Typography>
      )}
    </Paper>
  );
}
