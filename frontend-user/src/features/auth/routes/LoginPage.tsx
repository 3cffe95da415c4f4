import { useState } from 'react';
import { Button, Link, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { loginRequest, type LoginRequest } from '@linkcoin/domain/accounts/contracts.ts';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { PasswordField } from '../components/PasswordField';

type LoginFormValues = { email: string; password: string };

/** docs/product-spec.md section 2: a creator goes on to their profile, everyone else to the home page. */
const destinationOf = (user: SessionUser) => (user.role === 'influencer' ? '/UpdateProfile' : '/');

/** /login (docs/product-spec.md section 2, "Login screen"). */
export function LoginPage() {
  const { isAuthenticated, isLoading, login } = useAuth();
  const navigate = useNavigate();
  // Only a visitor who arrives signed in is sent on; signing in here navigates by role instead.
  const [arrivedSignedIn] = useState(isAuthenticated);
  const { register, handleSubmit, formState } = useForm<LoginFormValues, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  if (arrivedSignedIn) return <Navigate to="/UpdateProfile" replace />;

  const onSignedIn = (user: SessionUser) => navigate(destinationOf(user));

  const onSubmit = handleSubmit(async (credentials) => {
    const user = await login(credentials);
    if (user) onSignedIn(user);
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Log in to find creators, manage your profile and chat with your contacts."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/Register" sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </>
      }
    >
      <Stack component="form" spacing={2.5} onSubmit={onSubmit} aria-label="Login">
        <AuthErrorAlert />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={formState.errors.email !== undefined}
          helperText={formState.errors.email?.message}
          slotProps={{ formHelperText: { role: 'alert' } }}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password}
          registration={register('password')}
        />
        <Link
          component={RouterLink}
          to="/forgot-password"
          variant="body2"
          sx={{ alignSelf: 'flex-end' }}
        >
          Forgot your password
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={isLoading} fullWidth>
          {isLoading ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
      <GoogleSignInButton onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
