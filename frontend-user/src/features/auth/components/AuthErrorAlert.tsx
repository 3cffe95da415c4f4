import { Alert } from '@mui/material';
import { useAuth } from '../../../lib/auth/auth-context';
import { displayedAuthError } from '../../../lib/auth/auth-state';

/** The session's error as the spec shows it: "<error> - Please try again"; never "No token found". */
export function AuthErrorAlert() {
  const { error } = useAuth();
  const shown = displayedAuthError(error);
  if (shown === null) return null;
  return (
    <Alert severity="error" role="alert">
      {shown}
    </Alert>
  );
}
