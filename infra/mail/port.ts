import type { Closeable, PortStatus } from '../shared/port-status.ts';

export type MailMessage = Readonly<{
  to: string;
  subject: string;
  /** Plain-text body: every mail has one. */
  text: string;
  html: string;
  /**
   * Extra header fields (a digest's `List-Unsubscribe`), passed to nodemailer as they are: it
   * folds long values and turns line breaks in a value into spaces, so no field can be added
   * through one. Never the fields a mailer sets itself (From, To, Subject, Message-ID).
   */
  headers?: Readonly<Record<string, string>>;
}>;

export type SentMail = Readonly<{ messageId: string }>;

/** Outgoing e-mail. Adapters never log message bodies (they carry one-time codes). */
export interface Mailer extends Closeable {
  readonly adapter: string;
  send(message: MailMessage): Promise<SentMail>;
  status(): Promise<PortStatus>;
}

/** `asha@example.in` becomes `a***@example.in` in logs. */
export const maskAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
};
