import { lazy } from 'react';
export { accountLinksFor } from './account-links';
export { ProtectedRoute } from './components/ProtectedRoute';
export { useLogoutAndLeave } from './hooks/useLogout';

/** The signed-in user's menu in the top bar; visitors never load its code. */
export const UserMenu = lazy(() =>
  import('./components/UserMenu').then((m) => ({ default: m.UserMenu })),
);

// The routes' lazy parts: each screen's code loads when its page opens.
export const creatorRegisterPage = () =>
  import('./routes/RegisterPages').then((m) => ({ Component: m.CreatorRegisterPage }));
export const brandRegisterPage = () =>
  import('./routes/RegisterPages').then((m) => ({ Component: m.BrandRegisterPage }));
export const loginPage = () =>
  import('./routes/LoginPage').then((m) => ({ Component: m.LoginPage }));
export const adminLoginPage = () =>
  import('./routes/AdminLoginPage').then((m) => ({ Component: m.AdminLoginPage }));
export const forgotPasswordPage = () =>
  import('./routes/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage }));
export const changePasswordPage = () =>
  import('./routes/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage }));
/** The guard of the admins' pages. */
export const adminRoute = () =>
  import('./components/AdminRoute').then((m) => ({ Component: m.AdminRoute }));
