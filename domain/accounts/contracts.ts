/**
 * Request and response shapes of the account endpoints (docs/product-spec.md section 7, with the server-side
 * verification of docs/design.md section 5). One source of truth: the server validates with these and
 * the front ends build their forms on them.
 */
import { z } from 'zod';
import { nameText, optionalNameText } from '../shared/names.ts';
import { MAX_COMPANY_NAME_LENGTH } from '../profiles/names.ts';
import { phoneField } from '../shared/phone.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';
import { GRANTABLE_ROLES, REGISTRATION_ROLES, ROLES, type Role } from './roles.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const OTP_LENGTH = 6;

/** Lower-cased and trimmed: the form in which addresses are compared and stored. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const emailField = z
  .string(M.enterEmail)
  .trim()
  .min(1, M.enterEmail)
  .max(254, 'Email addresses can be at most 254 characters long.')
  .pipe(z.email('Please enter a valid email address'))
  .transform(normaliseEmail);

export const passwordField = z
  .string(M.passwordTooShort)
  .min(MIN_PASSWORD_LENGTH, M.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password can be at most ${MAX_PASSWORD_LENGTH} characters long.`);

export const ownerNameField = nameText(
  {
    required: M.enterNameAndEmail,
    tooLong: `Your name can be at most ${MAX_NAME_LENGTH} characters long.`,
  },
  MAX_NAME_LENGTH,
);

/**
 * A code as mailed: exactly OTP_LENGTH digits. Anything else is refused here, at the edge, so a
 * typo such as a letter never uses up one of the code's tries.
 */
const otpField = z
  .string(M.enterOtp)
  .trim()
  .min(1, M.enterOtp)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.invalidOtp);

/** A short-lived proof, from /api/otp/verify, that the caller read the code sent to an address. */
const verificationTokenField = z
  .string(M.verificationRequired)
  .min(1, M.verificationRequired)
  .max(2048);

/** POST /api/otp/send-otp and /api/otp/send-otpFP: the spec calls the address `userId`. */
export const sendOtpRequest = z.object({ userId: emailField });
export type SendOtpRequest = z.input<typeof sendOtpRequest>;

export const verifyOtpRequest = z.object({ userId: emailField, otp: otpField });
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;

export const otpStatusQuery = z.object({ userId: emailField });

export const registerRequest = z
  .object({
    ownerName: ownerNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().max(MAX_PASSWORD_LENGTH),
    role: z.enum(REGISTRATION_ROLES, M.chooseRole),
    mobile: phoneField('Phone numbers').optional().default(''),
    /** A brand's company name (optional); empty is none. */
    companyName: optionalNameText(
      { notText: M.companyNameText, tooLong: M.companyNameTooLong },
      MAX_COMPANY_NAME_LENGTH,
    )
      .optional()
      .default(''),
    verificationToken: verificationTokenField,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  email: emailField,
  password: z
    .string(M.enterPassword)
    .min(1, M.enterPassword)
    .max(MAX_PASSWORD_LENGTH, M.wrongCredentials),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const googleSignInRequest = z.object({
  credential: z.string(M.googleRejected).min(20, M.googleRejected).max(8192, M.googleRejected),
  /** Given on the registration screens; absent on login, where an unknown address is refused. */
  role: z.enum(REGISTRATION_ROLES).optional(),
});
export type GoogleSignInRequest = z.input<typeof googleSignInRequest>;

/** POST /api/pageowners/change-password: signed in, with the current password. */
export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string(M.enterCurrentPassword)
      .min(1, M.enterCurrentPassword)
      .max(MAX_PASSWORD_LENGTH, M.wrongCurrentPassword),
    newPassword: passwordField,
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    message: M.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const forgetPasswordRequest = z.object({
  email: emailField,
  newPassword: passwordField,
  verificationToken: verificationTokenField,
});
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequest>;

export const grantRoleRequest = z.object({ role: z.enum(GRANTABLE_ROLES) });

/** The logged-in user as the browser keeps it (docs/product-spec.md section 3). */
export const sessionUser = z.object({
  _id: z.string(),
  ownerName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Every role held: the registered one plus granted ones (auditor). */
  roles: z.array(z.enum(ROLES)),
  linkCoins: z.number(),
  /** A brand's company name, when given. */
  companyName: z.string().nullable(),
  /** The handle shown beside the name (names.ts), when there is one. */
  handle: z.string().nullable(),
  /** The uploaded profile photo, or '' (the avatar shows the initial). */
  profilePicUrl: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export type AuthAnswer = {
  success: true;
  token: string;
  /** Seconds until the token expires (the token's own `exp` says the same). */
  expiresIn: number;
  user: SessionUser;
};
export type CheckAuthAnswer = { success: true; user: SessionUser };
export type RefreshAnswer = { success: true; newToken: string; expiresIn: number };
export type MessageAnswer = { success: true; message: string };
export type VerifyOtpAnswer = MessageAnswer & { verificationToken: string; expiresIn: number };
export type OtpStatusAnswer = {
  success: true;
  otpDetails: { status: 'none' | 'pending' | 'verified' | 'expired'; expiresAt: string | null };
};
export type PublicConfig = {
  googleClientId: string | null;
  /** False when the server has no YouTube API key: the card then says it is not available. */
  youtubeVerification: boolean;
  /** How LinkCoins are paid for; `disabled` shows the purchase dialog's "Comming Soon". */
  payments: 'sandbox' | 'razorpay' | 'disabled';
};

/** The browser's form schemas: the same rules, with the spec's messages where the form shows them. */
export const registrationFormSchema = z
  .object({
    ownerName: z.string(),
    companyName: z.string().max(MAX_COMPANY_NAME_LENGTH, M.companyNameTooLong).optional(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch });
    } else if (value.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordTooShort });
    }
  });

export const resetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (!value.newPassword || !value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.enterAndConfirmPassword });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch });
    } else if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.passwordTooShort });
    }
  });

/** The signed-in Change Password form: the current password, the new one twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.currentPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: M.enterCurrentPassword });
    }
    if (!value.newPassword || !value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.enterAndConfirmPassword });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch });
    } else if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.passwordTooShort });
    } else if (value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.samePassword });
    }
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/**
 * The account a role grant or revoke answers (`POST`/`DELETE /api/admin/users/:id/roles`), as its
 * stream has it after the change. The console's users list and show read the audit context's
 * user overviews.
 */
export type AdminUserView = {
  id: string;
  email: string;
  ownerName: string;
  role: Role;
  roles: Role[];
};
