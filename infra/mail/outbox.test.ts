import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { describeMailerContract } from './contract.ts';
import { OutboxMailer } from './outbox.ts';

const from = 'LinkCoin <no-reply@linkcoin.test>';

describeMailerContract('outbox', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'linkcoin-outbox-'));
  const mailer = new OutboxMailer({ directory, from, logger: pino({ level: 'silent' }) });
  return {
    mailer,
    delivered: async () => {
      const files = (await readdir(directory)).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(files.map((file) => readFile(join(directory, file), 'utf8')));
    },
    dispose: async () => {
      await mailer.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe('the outbox', () => {
  it('writes one private file per message and logs where, never the body', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'linkcoin-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = new OutboxMailer({ directory: join(directory, 'outbox'), from, logger });
    await mailer.send({
      to: 'asha@example.in',
      subject: 'Code',
      text: 'code 777111',
      html: '<b>777111</b>',
    });
    await mailer.send({
      to: 'asha@example.in',
      subject: 'Code',
      text: 'code 777222',
      html: '<b>777222</b>',
    });
    const files = await readdir(join(directory, 'outbox'));
    expect(files).toHaveLength(2);
    expect((await stat(join(directory, 'outbox', files[0]!))).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(2);
    const logged = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ msg: 'mail written to the outbox', to: 'a***@example.in' });
    expect(String(logged.file)).toContain(join(directory, 'outbox'));
    expect(lines.join('')).not.toContain('777');
    await rm(directory, { recursive: true, force: true });
  });
});
