import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './test-server.ts';

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes (UTF-8). */
const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');

/** A mail of the outbox as a person reads it: its recipient, subject and decoded parts. */
export type OutboxMail = Readonly<{ to: string; subject: string; body: string }>;

/** Every mail in the outbox to `email`, oldest first. */
export const mailsTo = async (server: TestServer, email: string): Promise<OutboxMail[]> => {
  const outbox = join(server.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const raw = await readFile(join(outbox, file), 'utf8');
    const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '';
    if (to.toLowerCase() !== email.toLowerCase()) continue;
    const subjectLine = /^Subject: (.+(?:\r?\n[ \t].+)*)$/m.exec(raw)?.[1] ?? '';
    // Encoded words (RFC 2047) side by side are one text: joined first, then decoded.
    const subject = subjectLine
      .replace(/\r?\n[ \t]/g, ' ')
      .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
        decodeQuotedPrintable(q.replace(/_/g, ' ')),
      );
    // Only what follows the header is quoted-printable: a header field (List-Unsubscribe's
    // `?t=33…`) is kept as written, not read as =XX bytes.
    const end = /\r?\n\r?\n/.exec(raw);
    const header = end ? raw.slice(0, end.index + end[0].length) : raw;
    const rest = end ? raw.slice(end.index + end[0].length) : '';
    mails.push({ to, subject, body: header + decodeQuotedPrintable(rest) });
  }
  return mails;
};
