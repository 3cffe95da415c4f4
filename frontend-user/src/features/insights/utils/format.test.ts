import { describe, expect, it } from 'vitest';
import {
  countOf,
  countText,
  dayLabel,
  durationText,
  periodOf,
  periodText,
  rateText,
  timesText,
} from './format';

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

  it('says one brand, many visitors, and the year of a period', () => {
    expect(countOf(1, 'brand')).toBe('1 brand');
    expect(countOf(0, 'visitor')).toBe('0 visitors');
    expect(timesText(1)).toBe('once');
    expect(timesText(13)).toBe('13 times');
    expect(dayLabel('2026-11-27', true)).toBe('27 Nov 2026');
    expect(periodText('2026-10-29', '2026-11-27')).toBe('29 Oct to 27 Nov 2026');
    expect(periodText('2025-12-02', '2026-01-01')).toBe('2 Dec 2025 to 1 Jan 2026');
  });
});
