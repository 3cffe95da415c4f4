/**
 * A link as the server accepts it (an https:// address or an uploaded file): "instagram.com/x"
 * becomes "https://instagram.com/x". Idempotent, so a verified account's link is sent unchanged.
 */
export function normaliseLink(text: string): string {
  const link = text.trim();
  if (link === '' || /^https?:\/\//i.test(link) || link.startsWith('/uploads/')) return link;
  return `https://${link.replace(/^\/+/, '')}`;
}
