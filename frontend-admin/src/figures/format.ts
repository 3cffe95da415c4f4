import { FIGURES_PERIODS, type FiguresPeriod } from '@linkcoin/domain/audit/figures.ts';

/** The period in the address (`#/figures?days=90`), read forgivingly: 30 unless offered. */
export const periodOf = (params: URLSearchParams): FiguresPeriod => {
  const asked = Number(params.get('days'));
  return FIGURES_PERIODS.find((days) => days === asked) ?? 30;
};

/** A reply rate as people say it: "75%"; a dash with nothing to rate. */
export const rateText = (rate: number | null): string =>
  rate === null ? '—' : `${Math.round(rate * 100)}%`;

/** A day as a short label: "27 Nov" (the figures' days are India's dates already). */
export const dayLabel = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** A whole number with Indian grouping: 1,00,000. */
export const countText = (n: number): string => n.toLocaleString('en-IN');

/** The CSV export's path under /api/admin. */
export const figuresCsvPath = (days: FiguresPeriod): string => `figures?days=${days}&format=csv`;
