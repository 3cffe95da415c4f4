import { OTP_VALIDITY_MS, type OtpPurpose } from '@linkcoin/domain/accounts/email-otp.ts';
import {
  signInLockNoticeMail,
  type SignInNoticeInput,
} from '@linkcoin/domain/accounts/sign-in-notice-mail.ts';
import { escapeHtml, mailLayout } from '@linkcoin/infra/mail/html.ts';
import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

const FOOTER =
  'You received this e-mail because someone entered this address on LinkCoin. If it was not you, you can ignore it.';
const layout = (title: string, body: string) => mailLayout(title, body, FOOTER);

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
