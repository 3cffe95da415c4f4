import { INSIGHTS_PERIODS, type InsightsPeriod } from '@linkcoin/domain/insights/contracts.ts';

/** The period in the address bar (`/insights?days=90`), read forgivingly: 30 unless 7 or 90. */
export const periodOf = (params: URLSearchParams): InsightsPeriod => {
  const asked = Number(params.get('days'));
  return INSIGHTS_PERIODS.find((days) => days === asked) ?? 30;
};

/** A reply rate as people say it: "75 %"; a dash with nothing to rate. */
export const rateText = (rate: number | null): string =>
  rate === null ? '—' : `${Math.round(rate * 100)}%`;

/** A duration as people say it: "under a minute", "12 minutes", "3 hours", "2 days". */
export const durationText = (seconds: number | null): string => {
  if (seconds === null) return '—';
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(seconds / 3600);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.round(seconds / 86_400);
  return `${days} days`;
};

/** A day of the chart as a short label: "27 Nov", or "27 Nov 2026" with its year. */
export const dayLabel = (day: string, withYear = false): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** A period as people read it: "29 Oct to 27 Nov 2026", "2 Dec 2025 to 1 Jan 2026". */
export const periodText = (from: string, to: string): string =>
  `${dayLabel(from, from.slice(0, 4) !== to.slice(0, 4))} to ${dayLabel(to, true)}`;

/** A whole number with Indian grouping: 1,00,000. */
export const countText = (n: number): string => n.toLocaleString('en-IN');

/** A count and its noun, one or many: "1 brand", "0 visitors", "13 times". */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${countText(n)} ${n === 1 ? one : many}`;

/** How many times, as people say it: "once", "13 times". */
export const timesText = (n: number): string => (n === 1 ? 'once' : `${countText(n)} times`);
