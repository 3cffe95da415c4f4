import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  type Identifier,
} from 'react-admin';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../notify-failure';
import { isOpenStatus } from '@linkcoin/domain/verification/request-status.ts';
import type { OtpRecord } from './types';

/**
 * Send Otp: the admin has sent the code by direct message and records it (status "send").
 * Only open records (pending or sent) can be sent; the list and the tiles follow.
 */
export function SendOtpButton() {
  const record = useRecordContext<OtpRecord>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const notifyFailure = useNotifyFailure();
  const { mutate: send, isPending: sending } = useMutation({
    mutationFn: (id: Identifier) => dataProvider.sendOtp(id),
    onSuccess: () => {
      notify(INSTAGRAM_MESSAGES.sent, { type: 'success' });
      refresh();
    },
    onError: notifyFailure(INSTAGRAM_MESSAGES.sendFailed),
  });
  if (!record) return null;

  const label = sending ? 'Sending...' : 'Send Otp';
  return (
    // MUI's button, not react-admin's: that one drops its words for a bare icon on a phone, and
    // the desk must tell Send Otp from Copy DM Message there too (docs/product-spec.md section 2's words).
    <Button
      variant="contained"
      size="small"
      startIcon={<SendRoundedIcon />}
      onClick={() => send(record.id)}
      disabled={sending || !isOpenStatus(record.status)}
    >
      {label}
    </Button>
  );
}
