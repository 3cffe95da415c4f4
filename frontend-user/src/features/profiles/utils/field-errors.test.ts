import { describe, expect, it } from 'vitest';
import { profileUpdateRequest } from '@linkcoin/domain/profiles/contracts.ts';
import { issuesByPath } from './field-errors';

describe('field errors', () => {
  it("are the shared schema's messages by field path", () => {
    const checked = profileUpdateRequest.safeParse({
      ownerName: '',
      mobile: 'call me',
      profileDetails: [{ platform: 'instagram', profileName: 'a', followers: 'lots' }],
    });
    expect(checked.success).toBe(false);
    const errors = issuesByPath(checked.error?.issues ?? []);
    expect(errors.ownerName).toBe('ownerName: required');
    expect(errors.mobile).toMatch(/^mobile: /);
    expect(errors['profileDetails.0.followers']).toMatch(/^followers: /);
  });
});
