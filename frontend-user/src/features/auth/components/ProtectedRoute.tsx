import { Navigate, Outlet } from 'react-router-dom';
import { hasSessionToken } from '../session';

/**
 * Guards the spec's protected routes: a visitor without a session goes to /login, replacing the
 * history entry so "back" does not bounce them into the guard again.
 */
export function ProtectedRoute() {
  if (!hasSessionToken()) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
