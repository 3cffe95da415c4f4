/**
 * A creator's period from their day rows: the totals, the chart's days (every day of the
 * period, zero where nothing happened), the top sources and the reply figures. Pure.
 */
import { CONTENT_TOPICS, PRODUCT_CATEGORIES } from '../profiles/options.ts';
import type { InsightsAnswer, InsightsDay, InsightsPeriod, InsightsSource } from './contracts.ts';
import type { DayRow, SourceCounts } from './daily.ts';
import { insightsDay, MIN_SEARCHERS } from './recording.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const TOP_SOURCES = 10;

/** The period's days, oldest first, ending with today (the creator's day). */
export const periodDays = (now: Date, days: InsightsPeriod): string[] =>
  Array.from({ length: days }, (_, index) =>
    insightsDay(now.getTime() - (days - 1 - index) * DAY_MS),
  );

export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const labels = new Map<string, string>([
  ...PRODUCT_CATEGORIES.map((o) => [`category:${o.value}`, o.label] as const),
  ...CONTENT_TOPICS.map((o) => [`topic:${o.value}`, o.label] as const),
]);

/** A source key as the page shows it. */
export const sourceOf = (key: string, counts: SourceCounts): InsightsSource => {
  const colon = key.indexOf(':');
  const prefix = key.slice(0, colon);
  const kind = prefix === 'category' || prefix === 'topic' ? prefix : 'search';
  return { key, kind, label: labels.get(key) ?? key.slice(colon + 1), ...counts };
};

const distinctCount = (rows: readonly DayRow[], kind: 'brand' | 'visitor'): number =>
  new Set(rows.flatMap((row) => row.viewers[kind])).size +
  rows.reduce((sum, row) => sum + row.viewersOverflow[kind], 0);

export const summarise = (
  rows: readonly DayRow[],
  now: Date,
  days: InsightsPeriod,
  visibility: InsightsAnswer['visibility'],
): InsightsAnswer => {
  const period = periodDays(now, days);
  const inPeriod = rows.filter((row) => row.day >= period[0]! && row.day <= period.at(-1)!);
  const byDay = new Map(inPeriod.map((row) => [row.day, row]));
  const daily: InsightsDay[] = period.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      impressions: row?.impressions ?? 0,
      brandViews: row ? row.viewers.brand.length + row.viewersOverflow.brand : 0,
      visitorViews: row ? row.viewers.visitor.length + row.viewersOverflow.visitor : 0,
      listAdds: row?.listAdds ?? 0,
      conversations: row?.conversations ?? 0,
      renewals: row?.renewals ?? 0,
    };
  });
  const sum = (pick: (row: DayRow) => number) => inPeriod.reduce((n, row) => n + pick(row), 0);
  const sources = new Map<string, SourceCounts>();
  for (const row of inPeriod) {
    for (const [key, counts] of Object.entries(row.sources)) {
      const known = sources.get(key) ?? { impressions: 0, views: 0 };
      sources.set(key, {
        impressions: known.impressions + counts.impressions,
        views: known.views + counts.views,
      });
    }
  }
  // Searched words show once MIN_SEARCHERS different people searched them in the period.
  const searchers = new Map<string, Set<string>>();
  for (const row of inPeriod) {
    for (const [key, hashes] of Object.entries(row.searchers ?? {})) {
      const known = searchers.get(key) ?? new Set<string>();
      for (const hash of hashes) known.add(hash);
      searchers.set(key, known);
    }
  }
  const shareable = (key: string) =>
    !key.startsWith('search:') || (searchers.get(key)?.size ?? 0) >= MIN_SEARCHERS;
  const conversations = sum((row) => row.conversations);
  const replied = sum((row) => row.replied);
  const brands = distinctCount(inPeriod, 'brand');
  const visitors = distinctCount(inPeriod, 'visitor');
  return {
    success: true,
    days,
    from: period[0]!,
    to: period.at(-1)!,
    totals: {
      impressions: sum((row) => row.impressions),
      views: { brands, visitors, total: brands + visitors },
      listAdds: sum((row) => row.listAdds),
      conversations,
      replied,
      replyRate: conversations > 0 ? replied / conversations : null,
      medianFirstReplySeconds: median(inPeriod.flatMap((row) => row.replySeconds)),
      renewals: sum((row) => row.renewals),
    },
    daily,
    sources: [...sources]
      .filter(([key]) => shareable(key))
      .map(([key, counts]) => sourceOf(key, counts))
      .sort(
        (a, b) => b.views - a.views || b.impressions - a.impressions || a.key.localeCompare(b.key),
      )
      .slice(0, TOP_SOURCES),
    visibility,
  };
};
