import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { YOUTUBE_MESSAGES } from '@linkcoin/domain/verification/youtube.ts';
import { errorMessage } from '../../../../lib/api-client';
import { publicConfigQueryOptions } from '../../../../lib/public-config';
import {
  loadGoogleOAuth2,
  type GoogleTokenClient,
  type GoogleTokenResponse,
} from '../../../../lib/google-identity';
import { YOUTUBE_READONLY_SCOPE, useVerifyYouTubeChannel } from '../../api/youtube-verification';
import type { AccountDraft } from '../../utils/profile-form';
import { VerificationCard } from './VerificationCard';
import { VerifiedMark } from './VerifiedMark';

type YouTubeVerificationCardProps = {
  userId: string;
  account: AccountDraft;
  onVerified: () => Promise<void>;
};

type Outcome = { severity: 'success' | 'error'; message: string } | null;

/**
 * docs/product-spec.md section 4: a YouTube account is verified when the channel of the signed-in Google account
 * is the one found by the handle. The browser only obtains a read-only access token; the server
 * does the comparison and answers "✅ Verified: …" or "❌ Verification failed".
 */
export function YouTubeVerificationCard({
  userId,
  account,
  onVerified,
}: YouTubeVerificationCardProps) {
  const config = useQuery(publicConfigQueryOptions());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const clientId = config.data?.youtubeVerification ? config.data.googleClientId : null;

  let body;
  if (account.verified) {
    body = <VerifiedMark />;
  } else if (config.isPending) {
    body = <CircularProgress size={24} aria-label="Loading" />;
  } else if (!clientId) {
    body = <Typography color="text.secondary">{YOUTUBE_MESSAGES.notAvailable}</Typography>;
  } else {
    body = (
      <YouTubeVerifyButton
        clientId={clientId}
        userId={userId}
        handle={account.profileName.trim()}
        onOutcome={setOutcome}
        onVerified={onVerified}
      />
    );
  }

  return (
    <VerificationCard account={account}>
      {body}
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </Alert>
      )}
    </VerificationCard>
  );
}

type YouTubeVerifyButtonProps = {
  clientId: string;
  userId: string;
  handle: string;
  onOutcome: (outcome: Outcome) => void;
  onVerified: () => Promise<void>;
};

function YouTubeVerifyButton({
  clientId,
  userId,
  handle,
  onOutcome,
  onVerified,
}: YouTubeVerifyButtonProps) {
  const client = useRef<GoogleTokenClient | null>(null);
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: verifyChannel } = useVerifyYouTubeChannel();
  // The token client keeps the first callback it is given: it reads the latest props by ref.
  const latest = useRef({ userId, handle, onOutcome, onVerified, verifyChannel });
  useEffect(() => {
    latest.current = { userId, handle, onOutcome, onVerified, verifyChannel };
  });

  // Loaded ahead, so the click opens Google's window at once (a popup needs the user's gesture).
  useEffect(() => {
    let active = true;
    const onToken = async (response: GoogleTokenResponse) => {
      const current = latest.current;
      if (!response.access_token) {
        current.onOutcome({ severity: 'error', message: YOUTUBE_MESSAGES.failed });
        setBusy(false);
        return;
      }
      try {
        const answer = await current.verifyChannel({
          userId: current.userId,
          handle: current.handle,
          accessToken: response.access_token,
        });
        current.onOutcome({ severity: 'success', message: answer.message });
        await current.onVerified();
      } catch (error) {
        current.onOutcome({
          severity: 'error',
          message: errorMessage(error, YOUTUBE_MESSAGES.failed),
        });
      } finally {
        setBusy(false);
      }
    };
    loadGoogleOAuth2()
      .then((oauth2) => {
        if (!active) return;
        client.current = oauth2.initTokenClient({
          client_id: clientId,
          scope: YOUTUBE_READONLY_SCOPE,
          callback: (response) => void onToken(response),
          error_callback: () => void onToken({ error: 'popup_closed' }),
        });
        setReady(true);
      })
      .catch((error: unknown) => {
        console.error('Google Identity Services is unavailable', error);
        if (active) setUnavailable(true);
      });
    return () => {
      active = false;
    };
  }, [clientId]);

  if (unavailable) {
    return <Typography color="text.secondary">{YOUTUBE_MESSAGES.notAvailable}</Typography>;
  }
  return (
    <Button
      variant="contained"
      disabled={!ready || busy}
      sx={{ alignSelf: 'flex-start' }}
      onClick={() => {
        setBusy(true);
        onOutcome(null);
        client.current?.requestAccessToken();
      }}
    >
      {busy ? 'Verifying...' : 'Verify with YouTube'}
    </Button>
  );
}
