import { describe, expect, it } from 'vitest';
import {
  countOf,
  countText,
  dayLabel,
  figuresCsvPath,
  periodOf,
  periodText,
  rateText,
} from './format';

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
    expect(dayLabel('2026-11-27', true)).toBe('27 Nov 2026');
    expect(countText(100000)).toBe('1,00,000');
    expect(figuresCsvPath(90)).toBe('figures?days=90&format=csv');
  });

  it('says one brand, many brands', () => {
    expect(countOf(1, 'brand')).toBe('1 brand');
    expect(countOf(2, 'brand')).toBe('2 brands');
    expect(countOf(0, 'creator')).toBe('0 creators');
    expect(countOf(100000, 'coin')).toBe('1,00,000 coins');
  });

  it('names the year of a period, both years when it spans two', () => {
    expect(periodText('2026-10-29', '2026-11-27')).toBe('29 Oct to 27 Nov 2026');
    expect(periodText('2025-11-28', '2026-11-27')).toBe('28 Nov 2025 to 27 Nov 2026');
  });
});
