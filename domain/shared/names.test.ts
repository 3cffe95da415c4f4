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

  it('refuse the direction marks too (LRM, RLM, the Arabic letter mark), which reorder a name', () => {
    for (const name of ['Riya\u200F (admin)', '\u200EAdmin', 'Riya\u061C Khan']) {
      expect(refusal(name), JSON.stringify(name)).toBe(NAME_MESSAGES.direction);
    }
    expect(cleanName('Riya\u200F (admin)\u200E')).toBe('Riya (admin)');
  });

  it('refuse a name with nothing visible in it, as an empty one', () => {
    // Zero-width space, word joiner, soft hyphen, Hangul fillers, the braille blank, a lone
    // combining mark, variation selectors: each would show a person with no name.
    for (const name of [
      '\u200B',
      '\u2060\u2060',
      '\u00AD',
      '\u3164',
      '\u115F\u1160',
      '\uFFA0',
      '\u2800',
      '\u0301',
      '\uFE0F',
      '\u200D \u200C',
    ]) {
      expect(refusal(name), JSON.stringify(name)).toBe('Enter your name');
    }
    // A name around such characters is still a name.
    expect(field.parse('Asha\u00ADRao')).toBe('Asha\u00ADRao');
    expect(field.parse('\u{1F600}')).toBe('\u{1F600}');
  });

  it('recorded before are shown cleaned, never refused', () => {
    expect(cleanName('Asha\r\nBcc: evil@example.com')).toBe('Asha Bcc: evil@example.com');
    expect(cleanName('\u202Egnp.exe Asha\u0000')).toBe('gnp.exe Asha');
    expect(cleanName('Zoe\u0308')).toBe('Zoë');
  });
});
