import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/auth-context';

/** Logout as the menu does it: end the session, then /login (docs/product-spec.md section 2). */
export function useLogoutAndLeave(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login');
  };
}
