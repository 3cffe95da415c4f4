import { describe, expect, it } from 'vitest';
import { voiceProblem } from './voice.ts';

describe("the product's voice", () => {
  it('finds field paths and codes', () => {
    expect(voiceProblem('ownerName: required')).toMatch(/field path/);
    expect(voiceProblem('Failed (pricing.reel: a whole number)')).toMatch(/field path/);
    expect(voiceProblem('Declined with INSUFFICIENT_FUNDS')).toMatch(/code/);
    expect(voiceProblem('invalid_type at body')).toMatch(/code/);
    expect(voiceProblem('Request failed with status 400')).toMatch(/code/);
  });

  it('lets sentences through, the time of day included', () => {
    expect(voiceProblem('Enter your name')).toBeNull();
    expect(
      voiceProblem('Phone numbers may contain digits, spaces, dashes and a leading +'),
    ).toBeNull();
    expect(voiceProblem('Only creators can be added to a list.')).toBeNull();
    expect(voiceProblem('Sent at 10:45')).toBeNull();
  });
});
