import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { googleSignInNotice } from './google-sign-in-error';

describe('a failed Google sign-in', () => {
  it("tells an unknown address to sign up first, in the server's words", () => {
    expect(
      googleSignInNotice(
        new ApiError(404, 'No account uses this Google address yet. Please sign up first.'),
      ),
    ).toBe('No account uses this Google address yet. Please sign up first.');
    expect(googleSignInNotice(new ApiError(404, null))).toBe(
      'No account uses this Google address yet. Please sign up first.',
    );
  });

  it('is otherwise only logged (docs/product-spec.md section 8)', () => {
    expect(googleSignInNotice(new ApiError(401, 'Google sign-in failed. Please try again.'))).toBe(
      null,
    );
    expect(googleSignInNotice(new ApiError(0, null))).toBeNull();
    expect(googleSignInNotice(new Error('popup closed'))).toBeNull();
  });
});
