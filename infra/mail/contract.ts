/** The one contract every Mailer passes: what is sent arrives whole, in both parts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from './port.ts';

export type MailerFixture = Readonly<{
  mailer: Mailer;
  /** The raw RFC 822 messages that reached the other side, oldest first. */
  delivered: () => Promise<string[]>;
  dispose: () => Promise<void>;
}>;

export const describeMailerContract = (
  adapter: string,
  setup: () => Promise<MailerFixture>,
): void => {
  describe(`Mailer contract: ${adapter}`, () => {
    let fixture: MailerFixture;
    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    it('delivers the recipient, sender, subject and both the text and the HTML part', async () => {
      const sent = await fixture.mailer.send({
        to: 'asha@example.in',
        subject: 'Your LinkCoin verification code',
        text: 'Your LinkCoin verification code is 482913.',
        html: '<p>Your LinkCoin verification code is <strong>482913</strong>.</p>',
      });
      expect(sent.messageId).toMatch(/^<.+@.+>$/);
      await expect.poll(async () => (await fixture.delivered()).length).toBeGreaterThan(0);
      const raw = (await fixture.delivered()).at(-1)!;
      expect(raw).toMatch(/^To: asha@example\.in$/m);
      expect(raw).toMatch(/^From: .*no-reply@linkcoin\.test/m);
      expect(raw).toMatch(/^Subject: Your LinkCoin verification code$/m);
      expect(raw).toContain('multipart/alternative');
      expect(raw).toContain('Your LinkCoin verification code is 482913.');
      expect(raw).toContain('<strong>482913</strong>');
    });

    it('keeps non-ASCII text intact', async () => {
      await fixture.mailer.send({
        to: 'ravi@example.in',
        subject: 'नमस्ते Ravi',
        text: 'Namaste नमस्ते 👋',
        html: '<p>Namaste नमस्ते 👋</p>',
      });
      await expect.poll(async () => (await fixture.delivered()).length).toBeGreaterThan(1);
      const raw = (await fixture.delivered()).at(-1)!;
      expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(raw).toMatch(/charset=utf-8/i);
    });

    it('delivers extra header fields, one line each whatever they hold', async () => {
      const url = `https://linkcoin.test/unsubscribe/saved-searches?t=${'a'.repeat(120)}`;
      await fixture.mailer.send({
        to: 'meera@example.in',
        subject: 'Your saved searches',
        text: 'New creators match your saved searches.',
        html: '<p>New creators match your saved searches.</p>',
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Test': 'one\r\nBcc: someone@example.in',
        },
      });
      await expect.poll(async () => (await fixture.delivered()).length).toBeGreaterThan(2);
      const raw = (await fixture.delivered()).at(-1)!;
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      expect(head).toMatch(
        /^List-Unsubscribe: <https:\/\/linkcoin\.test\/unsubscribe\/saved-searches\?t=a{120}>$/m,
      );
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(head).not.toMatch(/^Bcc:/m);
    });

    it('reports its status', async () => {
      expect(await fixture.mailer.status()).toMatchObject({ port: 'mail', adapter, ok: true });
    });
  });
};
