import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  earlyAdoptersDecider,
  type AwardEarlyAdopterBadge,
  type EarlyAdopterBadgeAwarded,
  type EarlyAdopterRule,
} from './early-adopters.ts';

const spec = DeciderSpecification.for(earlyAdoptersDecider);
const twoSeats: EarlyAdopterRule = { seats: 2, until: null };
const award = (
  userId: string,
  registeredAt = '2026-01-01T09:00:00.000Z',
  rule: EarlyAdopterRule = twoSeats,
): AwardEarlyAdopterBadge => ({
  type: 'AwardEarlyAdopterBadge',
  data: { userId, registeredAt, rule },
  metadata: testMetadata(),
});
const awarded = (
  userId: string,
  seat: number,
  registeredAt = '2026-01-01T09:00:00.000Z',
): EarlyAdopterBadgeAwarded => ({
  type: 'EarlyAdopterBadgeAwarded',
  data: { userId, seat, registeredAt },
});

describe('the early-adopter badge', () => {
  it('gives the first creator the first seat', () => {
    spec().when(award('u1')).then(awarded('u1', 1));
  });

  it('numbers the seats in the order they are taken', () => {
    spec(awarded('u1', 1)).when(award('u2')).then(awarded('u2', 2));
  });

  it('gives nothing once every seat is taken', () => {
    spec([awarded('u1', 1), awarded('u2', 2)])
      .when(award('u3'))
      .thenNothingHappens();
  });

  it('gives a creator one seat however often they are asked about', () => {
    spec(awarded('u1', 1)).when(award('u1')).thenNothingHappens();
  });

  it('gives nothing to a creator who signed up after the window closed', () => {
    const window: EarlyAdopterRule = { seats: 100, until: '2026-02-01T00:00:00.000Z' };
    spec()
      .when(award('late', '2026-02-01T00:00:00.000Z', window))
      .thenNothingHappens();
    spec()
      .when(award('inTime', '2026-01-31T23:59:59.999Z', window))
      .then(awarded('inTime', 1, '2026-01-31T23:59:59.999Z'));
  });

  it('keeps the badges already given when the rule later shrinks', () => {
    spec([awarded('u1', 1), awarded('u2', 2)])
      .when(award('u3', '2026-01-01T09:00:00.000Z', { seats: 1, until: null }))
      .thenNothingHappens();
  });
});
