import { describe, expect, it } from 'vitest';
import { ratioOf, report, verdictOf, type Row } from './table.ts';

const row = (overrides: Partial<Row>): Row => ({
  measure: 'Saves',
  value: 600,
  unit: 'requests/s',
  baseline: 1000,
  baselineIs: 'a bare endpoint',
  better: 'higher',
  target: 0.5,
  ...overrides,
});

describe('the bench table', () => {
  it('judges throughput by value / baseline reaching the target', () => {
    expect(ratioOf(row({}))).toBeCloseTo(0.6);
    expect(verdictOf(row({}))).toBe('meets');
    expect(verdictOf(row({ value: 400 }))).toBe('MISSES');
  });

  it('judges latency and memory by value / baseline staying under the target', () => {
    const latency = row({ value: 3, baseline: 1, better: 'lower', target: 2 });
    expect(verdictOf(latency)).toBe('MISSES');
    expect(verdictOf({ ...latency, value: 1.5 })).toBe('meets');
  });

  it('does not judge a figure without a target, and misses one without a usable baseline', () => {
    expect(verdictOf(row({ target: undefined }))).toBe('');
    expect(verdictOf(row({ baseline: 0 }))).toBe('MISSES');
  });

  it('prints misses as a summary and measures that could not be taken apart', () => {
    const text = report(
      [row({}), row({ measure: 'Reads', value: 100 })],
      [{ measure: 'HTTP', error: 'wrk is not installed' }],
    );
    expect(text).toMatch(
      /\| Saves +\| 600 +\| requests\/s \| 1,000 +\| 0\.60 +\| ≥ 0\.50 +\| meets/,
    );
    expect(text).toContain('1 ratio(s) miss their target (reported, not a failure):');
    expect(text).toContain('  - Reads: 0.10, target ≥ 0.50');
    expect(text).toMatch(/\| HTTP .*NOT MEASURED/);
    expect(text).toContain('  - HTTP: wrk is not installed');
  });
});
