import { describe, expect, it } from 'vitest';
import { accountForHandle, normalizeHandle, sameHandle } from './handles.ts';

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
