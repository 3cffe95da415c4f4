/**
 * `GET /api/recommendations` and `PUT /api/recommendations/interests` (issue 24, item 3): the
 * request schemas and the answer, shared by the server and the user app.
 */
import { z } from 'zod';
import type { DirectoryItem } from '../directory/contracts.ts';
import { RECOMMENDATION_MESSAGES as M } from './messages.ts';
import { INTEREST_CHOICES, MAX_INTERESTS } from './signals.ts';

export const MAX_RECOMMENDATIONS = 24;
export const DEFAULT_RECOMMENDATIONS = 8;

export const recommendationsQuery = z.object({
  limit: z
    .string(M.badLimit)
    .regex(/^\d{1,2}$/, M.badLimit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_RECOMMENDATIONS, M.badLimit)
    .optional()
    .transform((n) => n ?? DEFAULT_RECOMMENDATIONS),
});

/** Only the picks: a field naming anyone (a `brandId`) is refused, never quietly dropped. */
export const interestsRequest = z.strictObject({
  interests: z
    .array(
      z.string(M.unknownInterest).refine((i) => INTEREST_CHOICES.includes(i), M.unknownInterest),
      M.unknownInterest,
    )
    .max(MAX_INTERESTS, M.tooManyInterests),
});
export type InterestsRequest = z.input<typeof interestsRequest>;

export type RecommendedItem = DirectoryItem & {
  /** The match score (the sum of the reasons' points and popularity). */
  matchScore: number;
  /** Why, one short phrase each: "Matches your searches for Fashion", "audience in Mumbai". */
  reasons: string[];
};

export type RecommendationsAnswer = {
  success: true;
  /** personal: from the brand's searches and list; interests: its picks; popular: neither. */
  mode: 'personal' | 'interests' | 'popular';
  /** A new brand with no signal and no pick: offer the interests chooser. */
  needsInterests: boolean;
  interests: string[];
  /** What the chooser offers (the product categories' broad groups). */
  interestChoices: readonly string[];
  data: RecommendedItem[];
};
