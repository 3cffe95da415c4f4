import { describe, expect, it } from 'vitest';
import { countText, dayLabel, figuresCsvPath, periodOf, rateText } from './format';

describe('the figures page texts', () => {
  it('reads the period from the address, 30 days unless one offered', () => {
    expect(periodOf(new URLSearchParams('days=365'))).toBe(365);
    expect(periodOf(new URLSearchParams('days=7'))).toBe(7);
    expect(periodOf(new URLSearchParams('days=14'))).toBe(30);
    expect(periodOf(new URLSearchParams(''))).toBe(30);
  });

  it('says rates, days and counts as people read them', () => {
    expect(rateText(0.5)).toBe('50%');
    expect(rateText(null)).toBe('—');
    expect(dayLabel('2026-11-27')).toBe('27 Nov');
    expect(countText(100000)).toBe('1,00,000');
    expect(figuresCsvPath(90)).toBe('figures?days=90&format=csv');
  });
});
