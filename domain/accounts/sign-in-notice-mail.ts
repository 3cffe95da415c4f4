/**
 * The notice mailed to an account's owner when repeated failed sign-ins pause sign-in
 * (sign-in-guard.ts marks when one is due). It names no secret: no password, no code, no link
 * that signs in, no client address. The caller adds the recipient (`to`).
 */
export type SignInNoticeMail = Readonly<{ subject: string; text: string; html: string }>;

export type SignInNoticeInput = Readonly<{
  ownerName: string;
  /** Failed attempts in the series that caused the notice. */
  failedAttempts: number;
  /** When the failure that caused the notice happened (ISO-8601). */
  at: string;
  /** The public "forgot password" page, when the caller knows its absolute address. */
  forgotPasswordUrl?: string;
}>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `2026-03-01T09:05:07.123Z` as `2026-03-01 09:05 UTC`. */
const readableUtc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const SIGN_IN_NOTICE_SUBJECT = 'Failed sign-in attempts on your LinkCoin account';

export const signInLockNoticeMail = (input: SignInNoticeInput): SignInNoticeMail => {
  const attempts = `${input.failedAttempts} failed attempt${input.failedAttempts === 1 ? '' : 's'}`;
  const reset = input.forgotPasswordUrl
    ? `reset your password at ${input.forgotPasswordUrl}`
    : 'reset your password: on the sign-in page, choose "Forgot password"';
  const paragraphs = [
    `Hello ${input.ownerName},`,
    `There have been ${attempts} to sign in to your LinkCoin account with a wrong password, the latest on ${readableUtc(input.at)}. To protect your account, signing in is paused for a few minutes after repeated failures.`,
    'If it was you, wait a few minutes and try again.',
    `If it was not you, someone may be trying to guess your password. Your account is safe as long as they do not know it, but we recommend that you ${reset}, and choose a password you use nowhere else.`,
    'LinkCoin will never ask you for your password.',
    'The LinkCoin team',
  ];
  return {
    subject: SIGN_IN_NOTICE_SUBJECT,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(SIGN_IN_NOTICE_SUBJECT)}</title></head><body>\n${paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('\n')}\n</body></html>`,
  };
};
