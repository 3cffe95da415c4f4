import { Alert } from '@mui/material';

/** A step's error, announced to assistive technology as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

/** A step's success note (e.g. OTP verified successfully!), announced politely. */
export function FormSuccess({ message }: { message: string }) {
  return (
    <Alert severity="success" role="status">
      {message}
    </Alert>
  );
}
