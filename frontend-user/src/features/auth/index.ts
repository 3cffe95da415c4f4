export { accountLinksFor } from './account-links';
export { ProtectedRoute } from './components/ProtectedRoute';
export { useLogoutAndLeave } from './hooks/useLogout';
