import { describe, expect, it } from 'vitest';
import { cleanName, NAME_MESSAGES, nameText } from './names.ts';

const field = nameText({ required: 'Enter your name', tooLong: 'At most 10' }, 10);
const refusal = (value: unknown) => {
  const parsed = field.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('names are text', () => {
  it('are kept NFC with whitespace collapsed', () => {
    expect(field.parse('  Zoe\u0308   Q  ')).toBe('Zoë Q');
    expect(field.parse('Zoë Q').normalize('NFC')).toBe(field.parse('Zoë Q'));
    // Joiners some scripts need stay.
    expect(field.parse('क्‍ष')).toBe('क्‍ष');
  });

  it('refuse control and direction characters, and empty or long names, clearly', () => {
    for (const name of ['Asha\r\nBcc: x', 'Asha\u0000', 'Asha\tRao', 'A\u0085B', 'A\u2028B']) {
      expect(refusal(name), JSON.stringify(name)).toBe(NAME_MESSAGES.control);
    }
    for (const name of ['Asha\u202Egnp.exe', 'A\u2066B\u2069', '\u202AAsha\u202C']) {
      expect(refusal(name), JSON.stringify(name)).toBe(NAME_MESSAGES.direction);
    }
    expect(refusal('   ')).toBe('Enter your name');
    expect(refusal(42)).toBe('Enter your name');
    expect(refusal('x'.repeat(11))).toBe('At most 10');
  });

  it('recorded before are shown cleaned, never refused', () => {
    expect(cleanName('Asha\r\nBcc: evil@example.com')).toBe('Asha Bcc: evil@example.com');
    expect(cleanName('\u202Egnp.exe Asha\u0000')).toBe('gnp.exe Asha');
    expect(cleanName('Zoe\u0308')).toBe('Zoë');
  });
});
