import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Names come from users: one line, no markup, bounded. */
const plainName = (name: string) =>
  name
    // Control characters would let a name write more lines into the mail.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 80);

export type UnreadMailInput = Readonly<{
  receiverName: string;
  senderName: string;
  unread: number;
  chatUrl: string;
}>;

/**
 * The unread-messages notice: who wrote and how many messages wait, never their content (mail is
 * not end-to-end encrypted, and the chat is the place to read them).
 */
export const unreadMessagesMail = (to: string, input: UnreadMailInput): MailMessage => {
  const sender = plainName(input.senderName) || 'A contact';
  const receiver = plainName(input.receiverName);
  const count = input.unread === 1 ? 'a message' : `${input.unread} messages`;
  const subject = `${sender} sent you ${count} on LinkCoin`;
  const text = [
    `Hello ${receiver},`,
    '',
    `${sender} sent you ${count} that you have not read yet.`,
    `Read and reply: ${input.chatUrl}`,
    '',
    'You receive at most one such e-mail per conversation until you read it.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4f46e5">LinkCoin</p>
<p>Hello ${escapeHtml(receiver)},</p>
<p><strong>${escapeHtml(sender)}</strong> sent you ${escapeHtml(count)} that you have not read yet.</p>
<p><a href="${escapeHtml(input.chatUrl)}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:8px;text-decoration:none">Read and reply</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">You receive at most one such e-mail per conversation until you read it.</p>
</td></tr></table></body></html>`;
  return { to, subject, text, html };
};
