import { useState } from 'react';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import type { ConsoleDataProvider } from '../dataProvider';
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
  const [sending, setSending] = useState(false);
  if (!record) return null;

  const send = async () => {
    setSending(true);
    try {
      await dataProvider.sendOtp(record.id);
      notify(INSTAGRAM_MESSAGES.sent, { type: 'success' });
      refresh();
    } catch (error) {
      notify(
        error instanceof Error && error.message ? error.message : INSTAGRAM_MESSAGES.sendFailed,
        { type: 'error' },
      );
    } finally {
      setSending(false);
    }
  };

  const label = sending ? 'Sending...' : 'Send Otp';
  return (
    // The name given again: on a phone react-admin shows an icon button, named only when enabled.
    <Button
      variant="contained"
      label={label}
      aria-label={label}
      onClick={() => void send()}
      disabled={sending || !isOpenStatus(record.status)}
    >
      <SendRoundedIcon />
    </Button>
  );
}
