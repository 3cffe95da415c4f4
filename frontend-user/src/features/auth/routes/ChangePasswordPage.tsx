import { useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  changePasswordFormSchema,
  type ChangePasswordForm,
} from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../../../lib/auth/accounts-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormMessage';
import { PasswordField } from '../components/PasswordField';

/**
 * /change-password, the user menu's Change Password for a signed-in user: the current password
 * and the new one twice. Every other session of the account ends; this browser is signed in
 * again with the new one. (The spec's /forgot-password stays for people who are signed out.)
 */
export function ChangePasswordPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangePassword();
  const { register, handleSubmit, formState, clearErrors } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      signIn(answer);
      toast.success(answer.message);
      void navigate('/');
    } catch (error) {
      setFailure(errorMessage(error, M.passwordChangeFailed));
    }
  });

  return (
    <AuthCard
      title="Change Password"
      subtitle="Enter your current password, then the new one twice. You stay signed in here; other devices are signed out."
      footer={
        <>
          Forgot your current password?{' '}
          <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 600 }}>
            Reset it by e-mail
          </Link>
        </>
      }
    >
      <Stack
        component="form"
        spacing={2.5}
        onSubmit={onSubmit}
        noValidate
        aria-label="Change password"
      >
        <FormError message={failure} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
          registration={register('currentPassword', { onChange: () => setFailure(null) })}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword}
          registration={register('newPassword', {
            onChange: () => clearErrors(['newPassword', 'confirmPassword']),
          })}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          registration={register('confirmPassword', {
            onChange: () => clearErrors(['newPassword', 'confirmPassword']),
          })}
        />
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
