import { useState } from 'react';
import { Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { loginRequest, type LoginRequest } from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { errorMessage } from '../../../lib/api-client';
import { useAdminLogin } from '../../../lib/auth/accounts-api';
import { isAdmin, useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormMessage';
import { PasswordField } from '../components/PasswordField';

type AdminLoginValues = { email: string; password: string };

/** /adminLogin (docs/product-spec.md section 2, "Admin login"): admins only, then on to /dashboard. */
export function AdminLoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // Spec: a Remember me checkbox that has no effect.
  const [rememberMe, setRememberMe] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const signInAdmin = useAdminLogin();
  const { register, handleSubmit, formState } = useForm<AdminLoginValues, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    setRefusal(null);
    try {
      const answer = await signInAdmin.mutateAsync(credentials);
      // The server only answers admins; the browser checks the role as well (docs/product-spec.md section 6).
      if (!isAdmin(answer.user)) {
        setRefusal(M.adminOnly);
        return;
      }
      signIn(answer);
      navigate('/dashboard');
    } catch (error) {
      setRefusal(errorMessage(error, M.loginFailed));
    }
  });

  return (
    <AuthCard
      title="Admin Login"
      subtitle="For LinkCoin administrators: the verification desk and the console."
      header={<AdminPanelSettingsRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />}
    >
      <Stack component="form" spacing={2.5} onSubmit={onSubmit} aria-label="Admin login">
        <FormError message={refusal} />
        <TextField
          label="Admin Email"
          type="email"
          autoComplete="username"
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
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.target.checked)}
              />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password
          </Link>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={signInAdmin.isPending}
          fullWidth
        >
          {signInAdmin.isPending ? 'Authenticating...' : 'Sign In'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
