import { useState } from 'react';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Button } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
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
    // MUI's button, not react-admin's: that one drops its words for a bare icon on a phone, and
    // the desk must tell Send Otp from Copy DM Message there too (spec section 2's words).
    <Button
      variant="contained"
      size="small"
      startIcon={<SendRoundedIcon />}
      onClick={() => void send()}
      disabled={sending || !isOpenStatus(record.status)}
    >
      {label}
    </Button>
  );
}
