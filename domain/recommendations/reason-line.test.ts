import { describe, expect, it } from 'vitest';
import { reasonLine } from './reason-line.ts';

describe("a recommended creator's reasons on its card", () => {
  it('are one line that starts with a capital, whichever reason comes first', () => {
    expect(reasonLine(['Matches your searches for Fashion', 'audience in Mumbai'])).toBe(
      'Matches your searches for Fashion · audience in Mumbai',
    );
    expect(reasonLine(['audience in Indore'])).toBe('Audience in Indore');
    expect(reasonLine(['on Instagram', 'Reel under ₹2,000'])).toBe(
      'On Instagram · Reel under ₹2,000',
    );
    expect(reasonLine([])).toBe('');
  });
});
