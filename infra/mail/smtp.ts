import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { maskAddress, type Mailer, type MailMessage, type SentMail } from './port.ts';

export type SmtpMailerOptions = Readonly<{
  /** smtp://user:pass@host:587 or smtps://…:465 */
  url: string;
  from: string;
  logger: Logger;
}>;

/** Sends through an SMTP relay with a pooled nodemailer transport. */
export class SmtpMailer implements Mailer {
  readonly adapter = 'smtp';
  readonly #transport: Transporter;
  readonly #options: SmtpMailerOptions;
  #lastCheck: { at: number; status: PortStatus } | null = null;

  constructor(options: SmtpMailerOptions) {
    this.#options = options;
    this.#transport = nodemailer.createTransport(options.url, { from: options.from });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.#transport.sendMail({ ...message, from: this.#options.from });
    this.#options.logger.info(
      { to: maskAddress(message.to), subject: message.subject, messageId: info.messageId },
      'mail sent',
    );
    return { messageId: info.messageId };
  }

  /** Asks the relay at most every 30 s, so /readyz does not open a connection per probe. */
  async status(): Promise<PortStatus> {
    const now = Date.now();
    if (this.#lastCheck && now - this.#lastCheck.at < 30_000) return this.#lastCheck.status;
    let status: PortStatus;
    try {
      await this.#transport.verify();
      status = { port: 'mail', adapter: this.adapter, ok: true };
    } catch (error) {
      status = {
        port: 'mail',
        adapter: this.adapter,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
    this.#lastCheck = { at: now, status };
    return status;
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
