/**
 * What a creator may write to the verification desk: text the desk reads as it was meant, so no
 * control characters (line breaks and tabs are fine) and nothing that reverses the text around it.
 */
import { describe, expect, it } from 'vitest';
import { disputeRequest } from './desk-endpoints.ts';

const refusal = (message: string) => {
  const parsed = disputeRequest.safeParse({
    userId: 'u1',
    platform: 'instagram',
    handle: 'asha.cooks',
    message,
  });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a message to the desk', () => {
  it('keeps line breaks and tabs', () => {
    expect(refusal('It is mine.\r\nMy\tother account: @asha')).toBeNull();
  });

  it('refuses control characters and direction controls, in words', () => {
    for (const message of ['mine\u0000', 'mine\u001B[2J', 'mine\u007F']) {
      expect(refusal(message), JSON.stringify(message)).toBe(
        'A message to the desk cannot contain control characters.',
      );
    }
    for (const message of ['It is mine \u202Egnp.exe', 'a\u2066b\u2069', 'a\u200Fb']) {
      expect(refusal(message), JSON.stringify(message)).toBe(
        'A message to the desk cannot contain characters that change the direction of text.',
      );
    }
  });
});
