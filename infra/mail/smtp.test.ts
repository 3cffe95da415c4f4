import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { describeMailerContract } from './contract.ts';
import { SmtpMailer } from './smtp.ts';

const from = 'LinkCoin <no-reply@linkcoin.test>';

/** A real SMTP server in the test process, with authentication, keeping what it receives. */
const startSmtpServer = async () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'mailer' && auth.password === 's3cret')
        callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    server,
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describeMailerContract('smtp', async () => {
  const smtp = await startSmtpServer();
  const mailer = new SmtpMailer({
    url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    from,
    logger: pino({ level: 'silent' }),
  });
  return {
    mailer,
    delivered: async () => smtp.received,
    dispose: async () => {
      await mailer.close();
      await smtp.stop();
    },
  };
});

describe('the SMTP mailer', () => {
  it('fails to send, and reports not ready, when the relay refuses its credentials', async () => {
    const smtp = await startSmtpServer();
    const mailer = new SmtpMailer({
      url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`,
      from,
      logger: pino({ level: 'silent' }),
    });
    await expect(
      mailer.send({ to: 'a@example.in', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow(/Invalid username or password|auth/i);
    expect(await mailer.status()).toMatchObject({ ok: false });
    expect(smtp.received).toHaveLength(0);
    await mailer.close();
    await smtp.stop();
  });
});
