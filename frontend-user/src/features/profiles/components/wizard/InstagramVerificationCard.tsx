import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { sameHandle } from '@linkcoin/domain/verification/handles.ts';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import { errorMessage } from '../../../../lib/api-client';
import {
  instagramStatusQueryOptions,
  useRequestInstagramOtp,
  useVerifyInstagramOtp,
  type InstagramVerificationStatus,
} from '../../api/instagram-verification';
import { useClockUntil } from '../../hooks/useClockUntil';
import { resendAllowedAt, resendWaitSeconds, resendWaitText } from '../../utils/instagram-resend';
import type { AccountDraft } from '../../utils/profile-form';
import { DeskReviewOffer } from './DeskReviewOffer';
import { VerificationCard } from './VerificationCard';
import { VerifiedMark } from './VerifiedMark';

type InstagramVerificationCardProps = {
  userId: string;
  account: AccountDraft;
  /** Reads the profile again, so the account shows as verified and locked. */
  onVerified: () => Promise<void>;
};

function statusNote(record: InstagramVerificationStatus | null): string | null {
  switch (record?.status) {
    case 'pending':
      return INSTAGRAM_MESSAGES.requested;
    case 'send':
      return INSTAGRAM_MESSAGES.alreadySent;
    case 'expired':
      return INSTAGRAM_MESSAGES.expired;
    default:
      return null;
  }
}

/**
 * docs/product-spec.md section 4, "Instagram verification": the status is checked on load; Send OTP (then
 * Resend OTP) asks for a code that an admin sends by direct message; the creator types it and
 * Verify OTP lets the server compare it. Resend OTP opens again once the server would take a new
 * request (a minute after the last one), with the seconds left shown until then.
 */
export function InstagramVerificationCard({
  userId,
  account,
  onVerified,
}: InstagramVerificationCardProps) {
  const status = useQuery(instagramStatusQueryOptions(userId));
  const record =
    status.data && sameHandle(status.data.profileName, account.profileName) ? status.data : null;
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const request = useRequestInstagramOtp();
  const verify = useVerifyInstagramOtp();

  // The server takes one new request a minute after the user's last one, whatever its handle.
  const allowedAt = resendAllowedAt(status.data?.requestedAt ?? sentAt);
  const now = useClockUntil(allowedAt);
  const waitSeconds = resendWaitSeconds(allowedAt, now);
  const asked = sentAt !== null || record !== null;

  const sendOtp = async () => {
    setError(null);
    try {
      const requestedAt = new Date().toISOString();
      const answer = await request.mutateAsync({
        userId,
        profileName: account.profileName.trim(),
      });
      setSentAt(requestedAt);
      setNotice(answer.message);
    } catch (cause) {
      setError(errorMessage(cause, INSTAGRAM_MESSAGES.sendFailed));
    }
  };

  const verifyOtp = async () => {
    if (otp.trim() === '') {
      setError(INSTAGRAM_MESSAGES.enterOtp);
      return;
    }
    setError(null);
    try {
      const answer = await verify.mutateAsync({ userId, otp: otp.trim() });
      setNotice(answer.message);
      await onVerified();
    } catch (cause) {
      setError(errorMessage(cause, INSTAGRAM_MESSAGES.verificationFailed));
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
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Button
          // The first step is the emphasised one until a code was asked for.
          variant={asked ? 'outlined' : 'contained'}
          onClick={() => void sendOtp()}
          disabled={request.isPending || waitSeconds > 0}
        >
          {asked ? 'Resend OTP' : 'Send OTP'}
        </Button>
        {waitSeconds > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="resend-wait">
            {resendWaitText(waitSeconds)}
          </Typography>
        )}
      </Stack>
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
          // Verify is the next step once a code was asked for and typed.
          variant={asked && otp.trim() !== '' ? 'contained' : 'outlined'}
          onClick={() => void verifyOtp()}
          disabled={verify.isPending}
          sx={{ flexShrink: 0, minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
        >
          {verify.isPending ? 'Verifying...' : 'Verify OTP'}
        </Button>
      </Stack>
      {error === INSTAGRAM_MESSAGES.claimedByOther ? (
        <DeskReviewOffer
          userId={userId}
          platform="instagram"
          handle={account.profileName.trim()}
          refusal={error}
        />
      ) : error ? (
        // A code typed before it was sent is a wait, not a mistake.
        <Alert severity={error === INSTAGRAM_MESSAGES.notSentYet ? 'info' : 'error'} role="alert">
          {error}
        </Alert>
      ) : null}
    </VerificationCard>
  );
}
