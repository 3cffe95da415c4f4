import { OTP_VALIDITY_MS, type OtpPurpose } from '@linkcoin/domain/accounts/email-otp.ts';
import {
  signInLockNoticeMail,
  type SignInNoticeInput,
} from '@linkcoin/domain/accounts/sign-in-notice-mail.ts';
import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4f46e5">LinkCoin</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">You received this e-mail because someone entered this address on LinkCoin. If it was not you, you can ignore it.</p>
</td></tr></table></body></html>`;

const purposeText: Record<OtpPurpose, { subject: string; lead: string }> = {
  registration: {
    subject: 'Your LinkCoin verification code',
    lead: 'Use this code to verify your e-mail address and finish creating your LinkCoin account.',
  },
  password_reset: {
    subject: 'Your LinkCoin password reset code',
    lead: 'Use this code to reset the password of your LinkCoin account.',
  },
};

/** The one-time code mail, in plain text and HTML. */
export const otpMail = (to: string, code: string, purpose: OtpPurpose): MailMessage => {
  const { subject, lead } = purposeText[purpose];
  const minutes = OTP_VALIDITY_MS / 60_000;
  return {
    to,
    subject,
    text: [
      'Hello,',
      '',
      lead,
      '',
      `Your LinkCoin verification code is ${code}`,
      '',
      `It expires in ${minutes} minutes. Never share this code with anyone:`,
      'LinkCoin staff will never ask you for it.',
      '',
      'The LinkCoin team',
    ].join('\n'),
    html: layout(
      subject,
      `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 8px">Your LinkCoin verification code is</p>
<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:bold">${escapeHtml(code)}</p>
<p style="margin:0">It expires in ${minutes} minutes. Never share this code with anyone: LinkCoin staff will never ask you for it.</p>`,
    ),
  };
};

/**
 * The notice to an account's owner after repeated failed sign-ins (sign-in-guard.ts marks when
 * one is due): the domain's text, its paragraphs in the layout of the other mails. It holds no
 * secret, but like every mail it is never logged.
 */
export const signInNoticeMail = (to: string, input: SignInNoticeInput): MailMessage => {
  const { subject, text } = signInLockNoticeMail(input);
  return {
    to,
    subject,
    text,
    html: layout(
      subject,
      text
        .split('\n\n')
        .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`)
        .join('\n'),
    ),
  };
};
