import { FIGURES_PERIODS, type FiguresPeriod } from '@linkcoin/domain/audit/figures.ts';

/** The period in the address (`#/figures?days=90`), read forgivingly: 30 unless offered. */
export const periodOf = (params: URLSearchParams): FiguresPeriod => {
  const asked = Number(params.get('days'));
  return FIGURES_PERIODS.find((days) => days === asked) ?? 30;
};

/** A reply rate as people say it: "75%"; a dash with nothing to rate. */
export const rateText = (rate: number | null): string =>
  rate === null ? '—' : `${Math.round(rate * 100)}%`;

const date = (day: string, options: Intl.DateTimeFormatOptions): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { ...options, timeZone: 'UTC' });

/**
 * A day as a short label: "27 Nov", or "27 Nov 2026" with its year (the figures' days are
 * India's dates already).
 */
export const dayLabel = (day: string, withYear = false): string =>
  date(day, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) });

/** Whether a period's days fall in two years (365 days always do, most 7 days don't). */
export const spansYears = (from: string, to: string): boolean =>
  from.slice(0, 4) !== to.slice(0, 4);

/** A period as people read it: "29 Oct to 27 Nov 2026", "28 Nov 2025 to 27 Nov 2026". */
export const periodText = (from: string, to: string): string =>
  `${dayLabel(from, spansYears(from, to))} to ${dayLabel(to, true)}`;

/** A whole number with Indian grouping: 1,00,000. */
export const countText = (n: number): string => n.toLocaleString('en-IN');

/** A count and its noun, one or many: "1 brand", "2 brands", "0 creators". */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${countText(n)} ${n === 1 ? one : many}`;

/** The CSV export's path under /api/admin. */
export const figuresCsvPath = (days: FiguresPeriod): string => `figures?days=${days}&format=csv`;
