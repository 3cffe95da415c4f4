/**
 * The "as of" page's instant: typed in the reader's local time (an `<input type=
 * "datetime-local">`, seconds optional), sent as UTC ISO-8601.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the datetime-local input shows it, in local time: `2026-03-01T17:30:05`. */
export const localInputValue = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** The input's local value as a UTC instant, or null when it is not a date and time. */
export const instantOf = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
