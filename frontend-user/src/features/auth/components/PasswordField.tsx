import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type PasswordFieldProps = {
  label: string;
  autoComplete: 'new-password' | 'current-password';
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
};

/**
 * A required password input whose error is announced, with a show-password toggle (login,
 * registration, reset and the signed-in change share it).
 */
export function PasswordField({ label, autoComplete, error, registration }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      fullWidth
      error={error !== undefined}
      helperText={error?.message}
      slotProps={{
        formHelperText: { role: 'alert' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
                aria-pressed={shown}
                onClick={() => setShown((now) => !now)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {shown ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      {...registration}
    />
  );
}
