/** The texts of docs/product-spec.md sections 5 and 8 for accounts, shared by the server and both front ends. */
export const ACCOUNT_MESSAGES = {
  enterNameAndEmail: 'Please enter both name and email',
  enterOtp: 'Please enter the OTP',
  enterEmail: 'Please enter your email address',
  enterAndConfirmPassword: 'Please enter and confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  emailAlreadyRegistered: 'Email already registered. Please login instead.',
  noUserWithEmail: 'No user found with this email address',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  otpSent: 'OTP sent to your email address',
  otpVerified: 'OTP verified successfully',
  otpVerifiedInForm: 'OTP verified successfully!',
  invalidOtp: 'Invalid OTP. Please try again.',
  otpVerificationFailed: 'OTP verification failed. Please try again.',
  passwordReset: 'Password has been reset successfully!',
  resetFailed: 'Failed to reset password. Please try again.',
  adminOnly: 'Access restricted to administrators only',
  noToken: 'No token found',
  tokenExpired: 'Token expired',
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',
  logoutFailed: 'Logout failed',
  authCheckFailed: 'Auth check failed',
  tokenRefreshFailed: 'Token refresh failed',
  userUpdateFailed: 'User update failed',
  // Server-side rules the spec leaves to us (docs/design.md section 5).
  wrongCredentials: 'Invalid email or password',
  otpExpired: 'This OTP has expired. Please request a new one.',
  noOtpRequested: 'No OTP was requested for this email address. Please request one.',
  otpAlreadyUsed: 'This OTP has already been used. Please request a new one.',
  tooManyOtpAttempts: 'Too many wrong attempts. Please request a new OTP.',
  verificationRequired: 'Please verify your email address with the OTP first.',
  verificationUsed: 'This email verification has already been used. Please verify again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notSignedIn: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  notYourAccount: 'You can only act on your own account.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  googleNotConfigured: 'Google sign-in is not available here.',
  googleRejected: 'Google sign-in failed. Please try again.',
  googleNoAccount: 'No account uses this Google address yet. Please sign up first.',
  googleEmailUnverified: 'Your Google email address is not verified.',
  accountNotFound: 'User not found.',
  roleAlreadyHeld: 'The user already has this role.',
  enterPassword: 'Please enter your password',
  chooseRole: 'Choose whether you register as a brand or as a creator.',
  companyNameText: 'Enter your company name as text.',
  companyNameTooLong: 'The company name can be at most 100 characters long.',
  // Changing the password while signed in.
  enterCurrentPassword: 'Please enter your current password',
  wrongCurrentPassword: 'Your current password is not correct.',
  noPasswordYet:
    'Your account signs in with Google and has no password yet. Use Forgot password to set one.',
  samePassword: 'Choose a new password that differs from the current one.',
  passwordChanged: 'Your password has been changed.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
} as const;

export const otpResendWait = (seconds: number): string =>
  `Please wait ${seconds} seconds before requesting another OTP.`;

/**
 * The answer (429) to every sign-in attempt on an account while its failed-sign-in delay runs,
 * the right password included (see sign-in-guard.ts).
 */
export const tooManyFailedSignIns = (seconds: number): string => {
  const wait = Math.max(1, Math.ceil(seconds));
  const amount =
    wait < 60
      ? `${wait} second${wait === 1 ? '' : 's'}`
      : `${Math.ceil(wait / 60)} minute${Math.ceil(wait / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-ins for this account. Try again in ${amount}.`;
};
