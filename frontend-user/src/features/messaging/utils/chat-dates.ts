/**
 * The chat's dates (docs/product-spec.md section 2): a connection's day label and the conversation's day chips read
 * Today, Yesterday, or the short month and day ("Mar 12"), as the spec words it: no year, which
 * a chat of 7-day windows does not need. Each message shows its time. All in the reader's time zone.
 */

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Midnight (local) of the day `date` falls on. */
function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole days from `date`'s day to `now`'s day (0 today, 1 yesterday), by calendar, not hours. */
function daysAgo(date: Date, now: Date): number {
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
}

export function dayLabel(at: string | Date, now: Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  const ago = daysAgo(date, now);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return monthDay.format(date);
}

/** A message's time, e.g. "4:05 PM". */
export function timeLabel(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : time.format(date);
}

/** A key for the local day of a date (for grouping). */
export function dayKey(at: string): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export type DayGroup<T> = Readonly<{ key: string; label: string; items: T[] }>;

/** Items in order, grouped by their local day, each group with its chip's label. */
export function groupByDay<T extends { timestamp: string }>(
  items: readonly T[],
  now: Date,
): DayGroup<T>[] {
  const groups: { key: string; label: string; items: T[] }[] = [];
  for (const item of items) {
    const key = dayKey(item.timestamp);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(item.timestamp, now), items: [item] });
  }
  return groups;
}
