import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import { errorMessage } from '../../../../lib/api-client';
import {
  instagramStatusQueryOptions,
  requestInstagramOtp,
  verifyInstagramOtp,
  type InstagramVerificationStatus,
} from '../../api/instagram-verification';
import { normaliseLink } from '../../utils/links';
import type { AccountDraft } from '../../utils/profile-form';
import { VerificationCard } from './VerificationCard';
import { VerifiedMark } from './VerifiedMark';

type InstagramVerificationCardProps = {
  userId: string;
  account: AccountDraft;
  /** Reads the profile again, so the account shows as verified and locked. */
  onVerified: () => Promise<void>;
};

const handleOf = (name: string) => name.trim().replace(/^@/, '').toLowerCase();

function statusNote(record: InstagramVerificationStatus | null): string | null {
  switch (record?.status) {
    case 'pending':
      return INSTAGRAM_MESSAGES.requested;
    case 'send':
      return 'Your code has been sent to your Instagram inbox by direct message. Enter it below.';
    case 'expired':
      return INSTAGRAM_MESSAGES.expired;
    default:
      return null;
  }
}

/**
 * Spec section 4, "Instagram verification": the status is checked on load; Send OTP (then
 * Resend OTP) asks for a code that an admin sends by direct message; the creator types it and
 * Verify OTP lets the server compare it.
 */
export function InstagramVerificationCard({
  userId,
  account,
  onVerified,
}: InstagramVerificationCardProps) {
  const queryClient = useQueryClient();
  const status = useQuery(instagramStatusQueryOptions(userId));
  const record =
    status.data && handleOf(status.data.profileName) === handleOf(account.profileName)
      ? status.data
      : null;
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const awaitingCode = sent || record?.status === 'pending' || record?.status === 'send';
  const refreshStatus = () =>
    queryClient.invalidateQueries({ queryKey: instagramStatusQueryOptions(userId).queryKey });

  const sendOtp = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await requestInstagramOtp({
        userId,
        profileName: account.profileName.trim(),
        profileUrl: normaliseLink(account.profileLink),
      });
      setSent(true);
      setNotice(answer.message);
      await refreshStatus();
    } catch (cause) {
      setError(errorMessage(cause, INSTAGRAM_MESSAGES.sendFailed));
    } finally {
      setSending(false);
    }
  };

  const verifyOtp = async () => {
    if (otp.trim() === '') {
      setError(INSTAGRAM_MESSAGES.enterOtp);
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      const answer = await verifyInstagramOtp(userId, otp.trim());
      setNotice(answer.message);
      await onVerified();
      await refreshStatus();
    } catch (cause) {
      setError(errorMessage(cause, INSTAGRAM_MESSAGES.verificationFailed));
    } finally {
      setVerifying(false);
    }
  };

  if (account.verified) {
    return (
      <VerificationCard account={account}>
        <VerifiedMark />
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
      </VerificationCard>
    );
  }

  const note = notice ?? statusNote(record);
  return (
    <VerificationCard account={account}>
      <Typography variant="body2" color="text.secondary">
        We send a one-time code to this account by Instagram direct message, usually within 5 hours.
      </Typography>
      {note && (
        <Typography variant="body2" role="status">
          {note}
        </Typography>
      )}
      <Button
        variant="outlined"
        onClick={() => void sendOtp()}
        disabled={sending || awaitingCode}
        sx={{ alignSelf: 'flex-start' }}
      >
        {sent || record ? 'Resend OTP' : 'Send OTP'}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          label="OTP"
          value={otp}
          onChange={(event) => {
            setOtp(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void verifyOtp();
            }
          }}
          autoComplete="one-time-code"
          fullWidth
          error={error !== null}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
        />
        <Button
          variant="contained"
          onClick={() => void verifyOtp()}
          disabled={verifying}
          sx={{ flexShrink: 0, minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
        >
          {verifying ? 'Verifying...' : 'Verify OTP'}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </VerificationCard>
  );
}
