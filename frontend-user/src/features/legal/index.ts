/** The privacy policy page, a route's lazy part. */
export const privacyPolicyPage = () =>
  import('./routes/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage }));
