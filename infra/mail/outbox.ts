import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { maskAddress, type Mailer, type MailMessage, type SentMail } from './port.ts';

export type OutboxMailerOptions = Readonly<{ directory: string; from: string; logger: Logger }>;

/**
 * The embedded mailer: each message is written as an .eml file (open it in any mail client or
 * a text editor) to the outbox directory, and a log line says where. The body, which may hold
 * a one-time code, is never logged.
 */
export class OutboxMailer implements Mailer {
  readonly adapter = 'outbox';
  readonly #options: OutboxMailerOptions;
  readonly #composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(options: OutboxMailerOptions) {
    this.#options = options;
  }

  get directory(): string {
    return this.#options.directory;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const messageId = `<${randomUUID()}@linkcoin.outbox>`;
    const composed = await this.#composer.sendMail({
      ...message,
      from: this.#options.from,
      messageId,
    });
    await mkdir(this.#options.directory, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const file = join(this.#options.directory, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, composed.message as Buffer, { mode: 0o600 });
    this.#options.logger.info(
      { to: maskAddress(message.to), subject: message.subject, file },
      'mail written to the outbox',
    );
    return { messageId };
  }

  async status(): Promise<PortStatus> {
    return { port: 'mail', adapter: this.adapter, ok: true, detail: this.#options.directory };
  }

  async close(): Promise<void> {
    this.#composer.close();
  }
}
