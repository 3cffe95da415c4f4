import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { escapeHtml, mailLayout, plainName } from '@linkcoin/infra/mail/html.ts';
import type { MailMessage } from '@linkcoin/infra/mail/port.ts';

/** What an unsubscribe link turns off: one saved search's digest, or every one of the brand's. */
export type UnsubscribeTarget = Readonly<{ brandId: string; searchId: string | null }>;

const ALL = '*';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Signs and reads the digest's unsubscribe links: `<brandId>.<searchId or *>.<mac>`, the MAC an
 * HMAC-SHA256 (cut to 128 bits) with a key derived from the server's secret for this use only,
 * so a link cannot be guessed, moved to another brand or search, or widened to "all".
 */
export const unsubscribeTokens = (serverSecret: string) => {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'linkcoin', 'saved search digest unsubscribe', 32),
  );
  const macOf = (payload: string) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
  const sign = ({ brandId, searchId }: UnsubscribeTarget): string => {
    const payload = `${brandId}.${searchId ?? ALL}`;
    return `${payload}.${macOf(payload)}`;
  };
  /** The target of a well-signed token, or null for anything else. */
  const read = (token: unknown): UnsubscribeTarget | null => {
    if (typeof token !== 'string' || token.length > 200) return null;
    const [brandId, search, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !brandId || !search || !mac) return null;
    if (!ID.test(brandId) || (search !== ALL && !ID.test(search))) return null;
    const expected = Buffer.from(macOf(`${brandId}.${search}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { brandId, searchId: search === ALL ? null : search };
  };
  return { sign, read };
};
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

export type DigestSearch = Readonly<{
  name: string;
  openUrl: string;
  unsubscribeUrl: string;
  creators: readonly Readonly<{ creatorId: string; name: string; profileUrl: string }>[];
}>;

export type DigestMailInput = Readonly<{
  brandName: string;
  searches: readonly DigestSearch[];
  savedSearchesUrl: string;
  unsubscribeAllUrl: string;
}>;

const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

/**
 * The daily digest of a brand's saved searches: per search, the creators who came to match it
 * since the last digest, with a link to each profile, to the search, and links that turn the
 * digest off for that search or for all of them (a page that asks first). Its `List-Unsubscribe`
 * and `List-Unsubscribe-Post` fields (RFC 2369, RFC 8058) give mail clients the "all" link for
 * their own one-click button, which POSTs to it.
 */
export const savedSearchDigestMail = (to: string, input: DigestMailInput): MailMessage => {
  // Distinct creators: one found by two searches is listed under each, counted once.
  const total = new Set(
    input.searches.flatMap((search) => search.creators.map((creator) => creator.creatorId)),
  ).size;
  const subject = `${plural(total, 'new creator matches', 'new creators match')} your saved searches on LinkCoin`;
  const brand = plainName(input.brandName);
  const footer =
    'You receive at most one such e-mail a day, only when your saved searches found someone new.';
  const text = [
    `Hello ${brand},`,
    '',
    ...input.searches.flatMap((search) => [
      `${plainName(search.name)} (${plural(search.creators.length, 'new creator', 'new creators')}):`,
      ...search.creators.map((creator) => `- ${plainName(creator.name)}: ${creator.profileUrl}`),
      `Open the search: ${search.openUrl}`,
      `Stop these e-mails for this search: ${search.unsubscribeUrl}`,
      '',
    ]),
    `Your saved searches: ${input.savedSearchesUrl}`,
    `Stop these e-mails for all your saved searches: ${input.unsubscribeAllUrl}`,
    '',
    footer,
  ].join('\n');
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeHtml(brand)},</p>
${input.searches
  .map(
    (
      search,
    ) => `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(plainName(search.name))}</h2>
<ul>${search.creators.map((creator) => `<li>${link(creator.profileUrl, plainName(creator.name))}</li>`).join('')}</ul>
<p>${link(search.openUrl, 'Open the search')} · ${link(search.unsubscribeUrl, 'Stop these e-mails for this search')}</p>`,
  )
  .join('\n')}
<p>${link(input.savedSearchesUrl, 'Your saved searches')} · ${link(input.unsubscribeAllUrl, 'Stop these e-mails for all your saved searches')}</p>`,
    footer,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeAllUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

/** A button that POSTs to `action` (the same signed link): the only way the page changes anything. */
export type PageButton = Readonly<{ action: string; label: string }>;

/**
 * The small page an unsubscribe link answers: plain HTML, no script, under the app's policy
 * (its form posts to the same origin). With a button, it asks first: opening the link (a mail
 * scanner does) changes nothing.
 */
export const unsubscribePage = (
  title: string,
  message: string,
  appUrl: string,
  button?: PageButton,
): string =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · LinkCoin</title>
<style>body{margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;background:#f4f6fb;color:#1d2433}main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}a{color:#4338ca}button{font:inherit;font-weight:bold;color:#fff;background:#4338ca;border:0;border-radius:8px;padding:12px 20px;min-height:44px;cursor:pointer}button:hover{background:#3730a3}button:focus-visible{outline:3px solid #1d2433;outline-offset:2px}</style>
</head><body><main>
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${button ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit">${escapeHtml(button.label)}</button></form>\n` : ''}<p><a href="${escapeHtml(appUrl)}">Go to your saved searches</a></p>
</main></body></html>`;
