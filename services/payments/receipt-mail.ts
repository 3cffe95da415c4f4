import { escapeHtml, mailLayout, plainName } from '@linkcoin/infra/mail/html.ts';
import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

export type ReceiptInput = Readonly<{
  buyerName: string;
  paymentId: string;
  /** The provider's id of the payment, when it gave one. */
  providerPaymentId: string | null;
  rupees: number;
  coins: number;
  bonusCoins: number;
  /** When the payment was approved (ISO-8601). */
  paidAt: string;
  walletUrl: string;
}>;

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
const coinsText = (coins: number) => `${coins} LinkCoin${coins === 1 ? '' : 's'}`;

const IST = { timeZone: 'Asia/Kolkata' } as const;
const day = new Intl.DateTimeFormat('en-IN', { ...IST, dateStyle: 'long' });
const time = new Intl.DateTimeFormat('en-IN', { ...IST, hour: 'numeric', minute: '2-digit' });

/** The date and time of a payment as Indian buyers read it: 3 June 2026, 2:05 pm IST. */
export const receiptDate = (iso: string): string => {
  const at = new Date(iso);
  return `${day.format(at)}, ${time.format(at)} IST`;
};

/**
 * The receipt of an approved LinkCoin purchase (what the payment success screen promises): the
 * amount, the coins (bonus included), the payment id and the date, in plain text and HTML.
 */
export const receiptMail = (to: string, input: ReceiptInput): MailMessage => {
  const name = plainName(input.buyerName);
  const total = input.coins + input.bonusCoins;
  const coins =
    input.bonusCoins > 0
      ? `${coinsText(total)} (${input.coins} + ${input.bonusCoins} free)`
      : coinsText(total);
  const subject = `Your LinkCoin receipt: ${coinsText(total)} for ${rupees(input.rupees)}`;
  const rows: [string, string][] = [
    ['Amount paid', rupees(input.rupees)],
    ['LinkCoins', coins],
    ['Payment ID', input.paymentId],
    ...(input.providerPaymentId
      ? ([['Provider reference', input.providerPaymentId]] as [string, string][])
      : []),
    ['Date', receiptDate(input.paidAt)],
  ];
  const text = [
    `Hello ${name},`,
    '',
    'Thank you for your purchase. Your LinkCoins are in your wallet.',
    '',
    ...rows.map(([label, value]) => `${label}  ${value}`),
    '',
    `Your wallet and its history: ${input.walletUrl}`,
    '',
    'Keep this e-mail as your receipt. LinkCoins do not expire.',
    'The LinkCoin team',
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeHtml(name)},</p>
<p>Thank you for your purchase. Your LinkCoins are in your wallet.</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;padding:8px 12px 8px 0;color:#6b7280;font-weight:normal;border-bottom:1px solid #e5e7eb">${escapeHtml(label)}</th><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-weight:bold">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p><a href="${escapeHtml(input.walletUrl)}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:8px;text-decoration:none">Open your wallet</a></p>`,
    'Keep this e-mail as your receipt. LinkCoins do not expire.',
  );
  return { to, subject, text, html };
};
