import { Button, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { registrationFormSchema } from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { RegistrationRole } from '@linkcoin/domain/accounts/roles.ts';
import { useAuth } from '../../../lib/auth/auth-context';
import type { EmailOtp } from '../hooks/useEmailOtp';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';
import { AuthErrorAlert } from './AuthErrorAlert';
import { FormError, FormSuccess } from './FormMessage';
import { GoogleSignInButton } from './GoogleSignInButton';
import { OtpEntry } from './OtpEntry';
import { PasswordField } from './PasswordField';

type RegistrationFormValues = z.input<typeof registrationFormSchema>;

type RegistrationFormProps = {
  role: RegistrationRole;
  /** The e-mail code steps; the page resets them when the role changes. */
  otp: EmailOtp;
  onRegistered: (user: SessionUser) => void;
  onGoogleSignIn: (user: SessionUser) => void;
};

/**
 * docs/product-spec.md section 2, "Registration screens": name and e-mail, Send OTP, Verify OTP, then the
 * passwords and Register. The server checks the code and answers the verification token that
 * registration carries (DESIGN 5.1).
 */
export function RegistrationForm({
  role,
  otp,
  onRegistered,
  onGoogleSignIn,
}: RegistrationFormProps) {
  const { register: registerAccount, isLoading } = useAuth();
  const { register, control, getValues, handleSubmit, clearErrors, formState } =
    useForm<RegistrationFormValues>({
      resolver: zodResolver(registrationFormSchema),
      defaultValues: {
        ownerName: '',
        companyName: '',
        email: '',
        password: '',
        confirmPassword: '',
      },
      reValidateMode: 'onSubmit',
    });
  const [ownerName, email] = useWatch({ control, name: ['ownerName', 'email'] });
  const { errors } = formState;

  const sendOtp = async () => {
    const values = getValues();
    if (values.ownerName.trim() === '' || values.email.trim() === '') {
      otp.fail(M.enterNameAndEmail);
      return;
    }
    await otp.sendOtp(values.email);
  };

  // The password error clears when either password field is edited (docs/product-spec.md section 5).
  const clearPasswordErrors = () => clearErrors(['password', 'confirmPassword']);

  const onSubmit = handleSubmit(async (values) => {
    if (!otp.verificationToken) return;
    // Brands and creators alike are signed in at once (docs/product-spec.md section 7: register, then login).
    const user = await registerAccount({
      ownerName: values.ownerName.trim(),
      ...(role === 'user' ? { companyName: (values.companyName ?? '').trim() } : {}),
      email: values.email.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      role,
      mobile: '',
      verificationToken: otp.verificationToken,
    });
    if (user) onRegistered(user);
  });

  return (
    <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate aria-label="Registration">
      <AuthErrorAlert />
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        fullWidth
        helperText="Your own name, as brands and creators will see it"
        slotProps={{ htmlInput: { maxLength: 100 } }}
        {...register('ownerName')}
      />
      {role === 'user' && (
        <TextField
          label="Company name (optional)"
          autoComplete="organization"
          fullWidth
          helperText="Shown to creators beside your name; you can add or change it later"
          slotProps={{ htmlInput: { maxLength: 100 } }}
          {...register('companyName')}
        />
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        {...register('email', {
          // A code proves one address: a changed address needs a new code.
          onChange: () => {
            if (otp.sent || otp.verified) otp.reset();
          },
        })}
      />
      {!otp.verified && (
        <Button
          type="button"
          variant={otp.sent ? 'outlined' : 'contained'}
          onClick={() => void sendOtp()}
          disabled={!ownerName || !email || otp.isSending}
        >
          {otp.isSending ? 'Sending OTP...' : 'Send OTP'}
        </Button>
      )}
      {otp.sent && !otp.verified && (
        <OtpEntry
          value={otp.otp}
          onChange={otp.setOtp}
          onVerify={() => void otp.verifyOtp(getValues('email'))}
          isVerifying={otp.isVerifying}
          error={otp.error}
        />
      )}
      <FormError message={otp.error} />
      {otp.verified && (
        <>
          <FormSuccess message={M.otpVerifiedInForm} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            error={errors.password}
            registration={register('password', { onChange: clearPasswordErrors })}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            registration={register('confirmPassword', { onChange: clearPasswordErrors })}
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {isLoading ? 'Registering...' : 'Register'}
          </Button>
        </>
      )}
      {!otp.verified && <GoogleSignInButton role={role} onSignedIn={onGoogleSignIn} />}
    </Stack>
  );
}
