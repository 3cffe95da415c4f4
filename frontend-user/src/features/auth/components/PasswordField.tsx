import TextField from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type PasswordFieldProps = {
  label: string;
  autoComplete: 'new-password' | 'current-password';
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
};

/** A required password input whose error is announced (registration and reset share it). */
export function PasswordField({ label, autoComplete, error, registration }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      fullWidth
      error={error !== undefined}
      helperText={error?.message}
      slotProps={{ formHelperText: { role: 'alert' } }}
      {...registration}
    />
  );
}
