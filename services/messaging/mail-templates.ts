import { escapeHtml, mailLayout, plainName } from '@linkcoin/infra/mail/html.ts';
import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

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
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeHtml(receiver)},</p>
<p><strong>${escapeHtml(sender)}</strong> sent you ${escapeHtml(count)} that you have not read yet.</p>
<p><a href="${escapeHtml(input.chatUrl)}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:8px;text-decoration:none">Read and reply</a></p>`,
    'You receive at most one such e-mail per conversation until you read it.',
  );
  return { to, subject, text, html };
};
