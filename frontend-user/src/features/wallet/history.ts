/** `?page=` of the wallet history as a page number from 1 (anything else is the first page). */
export function pageOf(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number.parseInt(raw, 10));
}
