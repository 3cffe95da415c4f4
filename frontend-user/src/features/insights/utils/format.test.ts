import { describe, expect, it } from 'vitest';
import { countText, dayLabel, durationText, periodOf, rateText } from './format';

describe('insights formatting', () => {
  it('reads the period from the address bar, 30 days unless 7 or 90', () => {
    expect(periodOf(new URLSearchParams('days=7'))).toBe(7);
    expect(periodOf(new URLSearchParams('days=90'))).toBe(90);
    expect(periodOf(new URLSearchParams('days=14'))).toBe(30);
    expect(periodOf(new URLSearchParams(''))).toBe(30);
  });

  it('says rates, durations, days and counts as people read them', () => {
    expect(rateText(null)).toBe('—');
    expect(rateText(2 / 3)).toBe('67%');
    expect(durationText(null)).toBe('—');
    expect(durationText(20)).toBe('under a minute');
    expect(durationText(60)).toBe('1 minute');
    expect(durationText(12 * 60)).toBe('12 minutes');
    expect(durationText(3 * 3600)).toBe('3 hours');
    expect(durationText(3 * 86_400)).toBe('3 days');
    expect(dayLabel('2026-11-27')).toBe('27 Nov');
    expect(countText(100000)).toBe('1,00,000');
  });
});
