import { CONNECTION_COST } from '@linkcoin/domain/wallet/wallet.ts';
import { ApiError } from '../../lib/api-client';
import { COLLECTION_TEXTS as T } from './texts';

export { CONNECTION_COST };

/** What one press of Add to List (or the add inside Chat Now) came to. */
export type AddOutcome =
  | { kind: 'listed' }
  | { kind: 'noCoins' }
  | { kind: 'cancelled' }
  | { kind: 'added'; message: string }
  | { kind: 'failed'; error: unknown };

export type AddFlowSteps = Readonly<{
  /** Whether the connection is on the caller's list already (the list as the server has it now). */
  isListed: () => Promise<boolean>;
  /** The caller's LinkCoin balance. */
  balance: () => Promise<number>;
  /** Asks the caller; false when they cancel. */
  confirm: (message: string) => Promise<boolean>;
  /** Posts the add with one idempotency key; answers the server's message. */
  add: (idempotencyKey: string) => Promise<{ message: string }>;
  newKey: () => string;
}>;

/**
 * docs/product-spec.md section 4, "Add to list": check the duplicate, check the coins, confirm, post. A server
 * refusal for coins (400) or for a duplicate (409) reads as the same outcome as the checks here,
 * so the screen says the same whichever side noticed first. One key per confirmed action.
 */
export async function addToListFlow(steps: AddFlowSteps): Promise<AddOutcome> {
  try {
    if (await steps.isListed()) return { kind: 'listed' };
    if ((await steps.balance()) < CONNECTION_COST) return { kind: 'noCoins' };
  } catch (error) {
    return { kind: 'failed', error };
  }
  if (!(await steps.confirm(T.confirmAdd))) return { kind: 'cancelled' };
  try {
    const answer = await steps.add(steps.newKey());
    return { kind: 'added', message: answer.message };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * docs/product-spec.md section 7: a 400 means too few coins; the server also answers 400 for other invalid
 * input, with its own message, which is then a plain failure.
 */
export function isCoinRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.serverMessage === null || error.serverMessage === T.insufficientCoins)
  );
}

function refusalOf(error: unknown): AddOutcome {
  if (isCoinRefusal(error)) return { kind: 'noCoins' };
  if (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.serverMessage === null || error.serverMessage === T.alreadyInList)
  ) {
    return { kind: 'listed' };
  }
  return { kind: 'failed', error };
}

/** Where Chat Now goes after the add: to the chat only on the server's exact success answer. */
export function chatAfterAdd(outcome: AddOutcome): 'chat' | 'stay' | 'failed' {
  switch (outcome.kind) {
    case 'listed':
      return 'chat';
    case 'added':
      return outcome.message === T.addedAnswer ? 'chat' : 'failed';
    case 'failed':
      return 'failed';
    case 'noCoins':
    case 'cancelled':
      return 'stay';
  }
}
