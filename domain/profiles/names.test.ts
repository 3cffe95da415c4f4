import { describe, expect, it } from 'vitest';
import { currentCompanyName, currentName, legacyOwnerName, primaryHandle } from './names.ts';

describe('names and handles', () => {
  it('reads an old "Insta or YouTube Username" as a handle when it is one, else as a name', () => {
    expect(legacyOwnerName('asha.cooks')).toEqual({ ownerName: null, legacyHandle: 'asha.cooks' });
    expect(legacyOwnerName('@Asha_K')).toEqual({ ownerName: null, legacyHandle: 'Asha_K' });
    expect(legacyOwnerName('Asha Khan')).toEqual({ ownerName: 'Asha Khan', legacyHandle: null });
    expect(legacyOwnerName(' ')).toEqual({ ownerName: null, legacyHandle: null });
    expect(legacyOwnerName(null)).toEqual({ ownerName: null, legacyHandle: null });
    expect(legacyOwnerName('Asha\r\nKhan')).toEqual({ ownerName: 'Asha Khan', legacyHandle: null });
  });

  it('reads the name a person goes by now clean, whichever event gave it', () => {
    const registered = { ownerName: ' Reg\u202Eistered ' };
    expect(currentName(registered, { personal: { ownerName: null } })).toBe('Registered');
    expect(currentName(registered, { personal: { ownerName: 'Now\nCalled' } })).toBe('Now Called');
  });

  it('shows a verified Instagram handle first, never one that is the name itself', () => {
    const accounts = [
      { platform: 'youtube', profileName: 'AshaTalks', verified: false },
      { platform: 'instagram', profileName: '@asha.cooks', verified: true },
    ];
    expect(primaryHandle(accounts, null, 'Asha Khan')).toBe('asha.cooks');
    expect(primaryHandle(accounts.slice(0, 1), null, 'Asha Khan')).toBe('AshaTalks');
    expect(primaryHandle([], 'asha.k', 'Asha Khan')).toBe('asha.k');
    expect(primaryHandle([], 'ashakhan', 'Asha Khan')).toBeNull();
    expect(primaryHandle([], null, 'Asha Khan')).toBeNull();
  });

  it("takes a brand's company from the profile once changed there, else from sign-up", () => {
    expect(currentCompanyName('Spice Route', undefined)).toBe('Spice Route');
    expect(currentCompanyName('Spice Route', null)).toBeNull();
    expect(currentCompanyName(undefined, 'Masala Co')).toBe('Masala Co');
  });
});
