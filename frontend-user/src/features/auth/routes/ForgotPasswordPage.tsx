import { useEffect, useState } from 'react';
import {
  Button,
  Link,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { emailField } from '@linkcoin/domain/accounts/contracts.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { FormError, FormSuccess } from '../components/FormMessage';
import { OtpEntry } from '../components/OtpEntry';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { useEmailOtp } from '../hooks/useEmailOtp';

/** docs/product-spec.md section 9: back to /login 2000 ms after a successful reset. */
const REDIRECT_AFTER_RESET_MS = 2000;

const STEPS = ['Email', 'OTP', 'New password'] as const;

const emailStepSchema = z.object({ email: emailField });

/** /forgot-password (docs/product-spec.md section 2): e-mail, then the code, then the new password. */
export function ForgotPasswordPage() {
  const { user, isAuthenticated, signOutLocally } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const otp = useEmailOtp('password_reset');
  const [email, setEmail] = useState('');
  const [resetMessage, setResetMessage] = useState<string | null>(null);
  const emailForm = useForm<z.input<typeof emailStepSchema>, unknown, { email: string }>({
    resolver: zodResolver(emailStepSchema),
    // "Change Password" in the top bar: the signed-in user's own address.
    defaultValues: { email: user?.email ?? '' },
  });

  useEffect(() => {
    if (resetMessage === null) return;
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [resetMessage, navigate]);

  const step = otp.verified ? 2 : otp.sent ? 1 : 0;

  const sendOtp = emailForm.handleSubmit(async (values) => {
    setEmail(values.email);
    await otp.sendOtp(values.email);
  });

  const verify = async () => {
    const message = await otp.verifyOtp(email);
    if (message) toast.success(message);
  };

  const onReset = (message: string) => {
    // The reset revoked every token of the account, this browser's included.
    if (isAuthenticated && user?.email === email) signOutLocally(null);
    toast.success(message);
    setResetMessage(message);
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Reset your password with a one-time code sent to your email address."
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Sign in
          </Link>
        </>
      }
    >
      <Stepper activeStep={resetMessage ? STEPS.length : step} alternativeLabel>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <Stack
          component="form"
          spacing={2.5}
          onSubmit={sendOtp}
          noValidate
          aria-label="Request a reset code"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={emailForm.formState.errors.email !== undefined}
            helperText={emailForm.formState.errors.email?.message}
            slotProps={{ formHelperText: { role: 'alert' } }}
            {...emailForm.register('email')}
          />
          <FormError message={otp.error} />
          <Button type="submit" variant="contained" size="large" disabled={otp.isSending}>
            {otp.isSending ? 'Sending OTP...' : 'Send OTP'}
          </Button>
        </Stack>
      )}
      {step === 1 && (
        <Stack spacing={2.5}>
          <Typography color="text.secondary">
            We sent a one-time code to <strong>{email}</strong>.{' '}
            <Link
              component="button"
              type="button"
              onClick={otp.reset}
              sx={{ verticalAlign: 'baseline' }}
            >
              Use another email
            </Link>
          </Typography>
          <OtpEntry
            value={otp.otp}
            onChange={otp.setOtp}
            onVerify={() => void verify()}
            isVerifying={otp.isVerifying}
            error={otp.error}
          />
          <FormError message={otp.error} />
        </Stack>
      )}
      {step === 2 && otp.verificationToken && resetMessage === null && (
        <ResetPasswordForm
          email={email}
          verificationToken={otp.verificationToken}
          onReset={onReset}
        />
      )}
      {resetMessage !== null && <FormSuccess message={resetMessage} />}
    </AuthCard>
  );
}
