/**
 * What every mail template shares: escaping, names as one safe line, and the LinkCoin layout
 * of the HTML part (the plain-text part is each template's own).
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A name from a user: one line, no control characters (they could add lines), bounded. */
export const plainName = (name: string): string =>
  name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 80);

/** The HTML part of a mail: the brand, the body (HTML already escaped), and a small footer. */
export const mailLayout = (title: string, body: string, footer: string): string =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4f46e5">LinkCoin</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
