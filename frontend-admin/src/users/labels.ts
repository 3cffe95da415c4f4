/** How the console names what the users resource holds. */
export const SIGN_IN_METHOD_LABELS: Readonly<Record<string, string>> = {
  password: 'Password',
  google: 'Google',
};

export const EMAIL_PROOF_LABELS: Readonly<Record<string, string>> = {
  email_otp: 'E-mail code',
  google: 'Google',
  operator: 'Set up by the operator',
};
