/** What `GET /api/insights` takes and answers; the user app's insights page reads the same types. */
import { z } from 'zod';
import type { VisibilityLevel } from '../directory/visibility.ts';
import { INSIGHTS_MESSAGES as M } from './messages.ts';

export const INSIGHTS_PERIODS = [7, 30, 90] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

export const insightsQuery = z
  .object({
    days: z
      .enum(['7', '30', '90'], M.badDays)
      .optional()
      .transform((days): InsightsPeriod => (days ? (Number(days) as InsightsPeriod) : 30)),
  })
  .strict();

/** One day of the chart (the creator's day, India's time). */
export type InsightsDay = Readonly<{
  day: string;
  impressions: number;
  /** Distinct viewers that day (brands, visitors). */
  brandViews: number;
  visitorViews: number;
  listAdds: number;
  conversations: number;
  renewals: number;
}>;

export type InsightsSource = Readonly<{
  key: string;
  kind: 'search' | 'category' | 'topic';
  /** What the page shows: the words searched, or the category's name. */
  label: string;
  impressions: number;
  views: number;
}>;

export type InsightsAnswer = Readonly<{
  success: true;
  days: InsightsPeriod;
  /** The first and last day of the period (both included). */
  from: string;
  to: string;
  totals: Readonly<{
    impressions: number;
    /** Distinct viewers over the whole period. */
    views: Readonly<{ brands: number; visitors: number; total: number }>;
    listAdds: number;
    conversations: number;
    replied: number;
    /** Answered over started (0 to 1); null with no conversation started. */
    replyRate: number | null;
    /** The median time to the creator's first answer, in seconds; null with no answer. */
    medianFirstReplySeconds: number | null;
    renewals: number;
  }>;
  daily: readonly InsightsDay[];
  /** The searches and categories that surfaced the profile, top 10 by views then impressions. */
  sources: readonly InsightsSource[];
  visibility: Readonly<{
    level: VisibilityLevel;
    percent: number;
    next: Readonly<{ level: VisibilityLevel; percent: number }> | null;
    missing: readonly Readonly<{ key: string; label: string }>[];
  }>;
}>;
