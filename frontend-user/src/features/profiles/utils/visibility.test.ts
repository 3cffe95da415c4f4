import { describe, expect, it } from 'vitest';
import { profileView } from './test-profile';
import { COMPLETE_PROFILE, VERIFIED_PROFILE } from '@linkcoin/domain/directory/visibility.ts';
import { VIEW_CHECKS, visibilityOfProfile } from './visibility';

const complete = profileView({ pricing: { storyPost: 1500, feedPost: 2500, reel: 5000 } });

describe("a creator's visibility level (docs/product-spec.md section 1)", () => {
  it('is verified (150 %) when complete with a verified account', () => {
    expect(visibilityOfProfile(complete)).toEqual({
      level: 'verified',
      percent: 150,
      next: null,
      missing: [],
    });
  });

  it('is complete (100 %) without a verified account, and says to verify one', () => {
    const unverified = profileView({
      ...complete,
      profileDetails: complete.profileDetails.map((account) => ({
        ...account,
        verified: false,
        verifiedBy: null,
      })),
    });
    expect(visibilityOfProfile(unverified)).toEqual({
      level: 'complete',
      percent: 100,
      next: 'verified',
      missing: [{ key: 'verifiedAccount', label: 'Verify your Instagram or YouTube account' }],
    });
  });

  it('is basic (40 %) while a part is missing, and lists each missing part', () => {
    const basic = visibilityOfProfile(
      profileView({
        ...complete,
        description: '  ',
        profilePicUrl: '',
        pricing: { storyPost: 1, feedPost: null, reel: 1 },
      }),
    );
    expect(basic.level).toBe('basic');
    expect(basic.percent).toBe(40);
    expect(basic.next).toBe('complete');
    expect(basic.missing.map((item) => item.key)).toEqual([
      'profilePicUrl',
      'description',
      'pricing',
    ]);
  });
});

describe('the wizard and the directory', () => {
  it('check every requirement the directory ranks by', () => {
    for (const requirement of [...COMPLETE_PROFILE, ...VERIFIED_PROFILE]) {
      expect(VIEW_CHECKS, requirement.key).toHaveProperty(requirement.key);
    }
  });
});
