/** The admins' OTP dashboard in the marketplace (/dashboard), a route's lazy part. */
export const otpDashboardPage = () =>
  import('./routes/OtpDashboardPage').then((m) => ({ Component: m.OtpDashboardPage }));
