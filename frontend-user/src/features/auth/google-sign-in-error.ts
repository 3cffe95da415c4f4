import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { errorMessage, errorStatus } from '../../lib/api-client';

/**
 * What a failed Google sign-in shows. docs/product-spec.md section 8 has third-party sign-in failures only
 * logged; an address without an account (404 from /api/pageowners/google without a role) is the
 * exception: the person has to be told to sign up first, in the server's words.
 */
export function googleSignInNotice(error: unknown): string | null {
  return errorStatus(error) === 404 ? errorMessage(error, M.googleNoAccount) : null;
}
