import { Button, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../../../lib/auth/accounts-api';
import { FormError } from './FormMessage';
import { PasswordField } from './PasswordField';

type ResetPasswordValues = z.input<typeof resetPasswordFormSchema>;

type ResetPasswordFormProps = {
  email: string;
  verificationToken: string;
  onReset: (message: string) => void;
};

/** Step 3 of the password reset: the new password, twice (docs/product-spec.md sections 2 and 5). */
export function ResetPasswordForm({ email, verificationToken, onReset }: ResetPasswordFormProps) {
  const { register, handleSubmit, clearErrors, formState } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const reset = useResetPassword();
  const { errors } = formState;
  const clearPasswordErrors = () => clearErrors(['newPassword', 'confirmPassword']);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      const answer = await reset.mutateAsync({ email, newPassword, verificationToken });
      onReset(answer.message);
    } catch {
      // The mutation keeps the error; it is shown below.
    }
  });

  return (
    <Stack
      component="form"
      spacing={2.5}
      onSubmit={onSubmit}
      noValidate
      aria-label="Choose a new password"
    >
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        error={errors.newPassword}
        registration={register('newPassword', { onChange: clearPasswordErrors })}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        registration={register('confirmPassword', { onChange: clearPasswordErrors })}
      />
      <FormError message={reset.isError ? errorMessage(reset.error, M.resetFailed) : null} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={reset.isPending || reset.isSuccess}
      >
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </Stack>
  );
}
