import { useEffect, useRef, useState } from 'react';
import { Box, Divider, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { RegistrationRole } from '@linkcoin/domain/accounts/roles.ts';
import type { SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import { useGoogleSignIn } from '../../../lib/auth/accounts-api';
import { publicConfigQueryOptions } from '../../../lib/public-config';
import { useAuth } from '../../../lib/auth/auth-context';
import { loadGoogleIdentity } from '../../../lib/google-identity';
import { googleSignInNotice } from '../google-sign-in-error';
import { FormError } from './FormMessage';

type GoogleSignInButtonProps = {
  /** Given on the registration screens: an unknown address then becomes a new account. */
  role?: RegistrationRole;
  onSignedIn: (user: SessionUser, isNewUser: boolean) => void;
};

/**
 * The third-party sign-in widget, only when the server names a Google client id; otherwise
 * nothing at all. Failures are only logged (docs/product-spec.md section 8), except an address without an
 * account, which is told to sign up first.
 */
export function GoogleSignInButton({ role, onSignedIn }: GoogleSignInButtonProps) {
  const { data } = useQuery(publicConfigQueryOptions());
  const clientId = data?.googleClientId ?? null;
  if (!clientId) return null;
  return <GoogleWidget clientId={clientId} role={role} onSignedIn={onSignedIn} />;
}

function GoogleWidget({
  clientId,
  role,
  onSignedIn,
}: GoogleSignInButtonProps & { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const { signIn } = useAuth();
  const { mutateAsync: signInWithGoogle } = useGoogleSignIn();
  const [notice, setNotice] = useState<string | null>(null);
  // The widget keeps the first callback it is given: it reads the latest props through a ref.
  const latest = useRef({ role, onSignedIn, signIn, signInWithGoogle });
  useEffect(() => {
    latest.current = { role, onSignedIn, signIn, signInWithGoogle };
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        const parent = container.current;
        if (!active || !parent) return;
        google.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          context: latest.current.role ? 'signup' : 'signin',
          callback: ({ credential }) => {
            if (!credential) return;
            const { role: chosenRole } = latest.current;
            setNotice(null);
            latest.current
              .signInWithGoogle({ credential, ...(chosenRole ? { role: chosenRole } : {}) })
              .then((answer) => {
                const user = latest.current.signIn(answer);
                latest.current.onSignedIn(user, answer.isNewUser);
              })
              .catch((error: unknown) => {
                console.error('Google sign-in failed', error);
                setNotice(googleSignInNotice(error));
              });
          },
        });
        parent.replaceChildren();
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: latest.current.role ? 'signup_with' : 'signin_with',
          width: Math.min(parent.clientWidth || 320, 400),
        });
      })
      .catch((error: unknown) => console.error('Google sign-in is unavailable', error));
    return () => {
      active = false;
    };
  }, [clientId]);

  return (
    <Stack spacing={2}>
      <Divider>or</Divider>
      <Box
        ref={container}
        data-testid="google-sign-in"
        sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }}
      />
      <FormError message={notice} />
    </Stack>
  );
}
