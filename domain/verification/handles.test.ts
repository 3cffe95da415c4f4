import { describe, expect, it } from 'vitest';
import {
  accountForHandle,
  handleSearchKey,
  handleSearchKeys,
  instagramProfileUrl,
  instagramUsername,
  normalizeHandle,
  sameHandle,
} from './handles.ts';

describe('handles', () => {
  it('compares handles without the @, surrounding spaces or case', () => {
    expect(normalizeHandle('  @Asha.Cooks ')).toBe('asha.cooks');
    expect(sameHandle('@AshaCooksTV', 'ashacookstv')).toBe(true);
    expect(sameHandle('asha.cooks', 'asha_cooks')).toBe(false);
  });

  it('takes off one leading @ only, and nothing inside the handle', () => {
    expect(normalizeHandle('@@asha')).toBe('@asha');
    expect(normalizeHandle('asha@cooks')).toBe('asha@cooks');
  });

  it("finds the profile's account with that platform and handle", () => {
    const accounts = [
      { id: 'a', platform: 'youtube', profileName: '@AshaCooks' },
      { id: 'b', platform: 'instagram', profileName: 'AshaCooks' },
    ];
    expect(accountForHandle(accounts, 'instagram', '@ashacooks')?.id).toBe('b');
    expect(accountForHandle(accounts, 'youtube', 'ashacooks')?.id).toBe('a');
    expect(accountForHandle(accounts, 'instagram', 'someone.else')).toBeUndefined();
    expect(accountForHandle([], 'instagram', 'ashacooks')).toBeUndefined();
  });
});

describe('Instagram usernames and links', () => {
  it('takes letters, digits, dots and underscores, at most 30, compared lower-case', () => {
    expect(instagramUsername(' @Asha.Cooks_2 ')).toBe('asha.cooks_2');
    expect(instagramUsername('x'.repeat(30))).toBe('x'.repeat(30));
    for (const bad of [
      '',
      '@',
      'x'.repeat(31),
      'asha cooks',
      'asha-cooks',
      'javascript:alert(1)',
    ]) {
      expect(instagramUsername(bad)).toBeNull();
    }
    for (const bad of ['a/b', 'a?b', 'a#b', '..%2f', 'ásha', '@@asha', 'as\nha']) {
      expect(instagramUsername(bad)).toBeNull();
    }
  });

  it('links to the account of the handle, and to nothing for a handle that is no username', () => {
    expect(instagramProfileUrl('@Asha.Cooks')).toBe('https://www.instagram.com/asha.cooks/');
    expect(instagramProfileUrl('javascript:alert(document.cookie)')).toBeNull();
    expect(instagramProfileUrl('another_account/../x')).toBeNull();
  });
});

describe('handle search keys', () => {
  const finds = (handle: string, typed: string) =>
    handleSearchKeys(handle).includes(handleSearchKey(typed));

  it('finds a handle by the beginning of the handle or of one of its words', () => {
    for (const typed of ['a', 'Asha', '@asha', ' ASHA.CO ', 'asha.cooks_tv', 'cooks', 'co', 'tv']) {
      expect(finds('Asha.Cooks_TV', typed), typed).toBe(true);
    }
  });

  it('does not find it by the middle of a word, or by other text', () => {
    for (const typed of ['sha', 'ooks', 'asha.cooks_tvx', 'kavya', 'v.']) {
      expect(finds('Asha.Cooks_TV', typed), typed).toBe(false);
    }
  });

  it('has no keys for an empty handle, and keeps keys to the longest username', () => {
    expect(handleSearchKeys('  ')).toEqual([]);
    const long = `a${'b'.repeat(99)}`;
    expect(Math.max(...handleSearchKeys(long).map((key) => key.length))).toBe(100);
    expect(handleSearchKeys(long)).toHaveLength(31);
  });
});
