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
    // Sentences in the product's voice, never the field's path (issue 19).
    expect(errors.ownerName).toBe('Enter your name');
    expect(errors.mobile).toBe('Phone numbers may contain digits, spaces, dashes and a leading +');
    expect(errors['profileDetails.0.followers']).toBe(
      'Enter followers as a number, or a count such as 12.5k or 1.2M.',
    );
  });
});
