import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * Guards the spec's protected routes: a visitor without a session goes to /login, replacing the
 * history entry so "back" does not bounce them into the guard again. A stored session is let in
 * at once; if check-auth then refuses it, the session ends and this sends the visitor on.
 */
export function ProtectedRoute() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
