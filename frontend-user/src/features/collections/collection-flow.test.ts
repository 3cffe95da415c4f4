import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  addToListFlow,
  chatAfterAdd,
  isCoinRefusal,
  type AddFlowSteps,
  type AddOutcome,
} from './collection-flow';
import { COLLECTION_TEXTS } from './texts';

/** The steps with a log of what ran; each can be replaced. */
function steps(overrides: Partial<AddFlowSteps> = {}) {
  const log: string[] = [];
  const all: AddFlowSteps = {
    isListed: async () => (log.push('isListed'), false),
    balance: async () => (log.push('balance'), 3),
    confirm: async (message) => (log.push(`confirm: ${message}`), true),
    add: async (key) => (log.push(`add ${key}`), { message: COLLECTION_TEXTS.addedAnswer }),
    newKey: () => 'key-1',
    ...overrides,
  };
  return { log, steps: all };
}

describe('the collection texts, word for word (docs/product-spec.md sections 4 and 8)', () => {
  it('are the spec texts', () => {
    expect(COLLECTION_TEXTS).toMatchObject({
      addToList: 'Add to List',
      adding: 'Adding...',
      chatNow: 'Chat Now',
      loading: 'Loading...',
      confirmAdd: 'Spend 1 LinkCoin to add this user to your list. Are you sure?',
      added: 'User added to collection successfully!',
      addFailed: 'Failed to add user. Please try again.',
      chatFailed: 'Failed to start chat. Please try again.',
      confirmRenew: 'Spend 1 LinkCoin to renew this conversation for 7 more days. Are you sure?',
      renewed: 'Conversation renewed successfully!',
      renewFailed: 'Failed to renew conversation. Please try again.',
      confirmRemove: 'Remove this contact?',
      insufficientCoins: 'Insufficient LinkCoins. Please purchase more.',
      alreadyInList: 'This user is already in your list.',
      addedAnswer: 'Target User ID added successfully',
    });
  });
});

describe('addToListFlow (docs/product-spec.md section 4: duplicate, coins, confirm, post)', () => {
  it('checks, confirms with the spec question, then posts once with one key', async () => {
    const { log, steps: s } = steps();
    await expect(addToListFlow(s)).resolves.toEqual({
      kind: 'added',
      message: 'Target User ID added successfully',
    });
    expect(log).toEqual([
      'isListed',
      'balance',
      'confirm: Spend 1 LinkCoin to add this user to your list. Are you sure?',
      'add key-1',
    ]);
  });

  it('stops at a duplicate before the coins and the question', async () => {
    const { log, steps: s } = steps({ isListed: async () => true });
    await expect(addToListFlow(s)).resolves.toEqual({ kind: 'listed' });
    expect(log).toEqual([]);
  });

  it('stops with too few coins before the question', async () => {
    const { log, steps: s } = steps({ balance: async () => 0 });
    await expect(addToListFlow(s)).resolves.toEqual({ kind: 'noCoins' });
    expect(log).toEqual(['isListed']);
  });

  it('posts nothing when the user cancels', async () => {
    const { log, steps: s } = steps({ confirm: async () => false });
    await expect(addToListFlow(s)).resolves.toEqual({ kind: 'cancelled' });
    expect(log.some((line) => line.startsWith('add'))).toBe(false);
  });

  it("reads the server's refusals as the same outcomes as the checks", async () => {
    const refusing = (error: unknown) => steps({ add: () => Promise.reject(error) }).steps;
    await expect(
      addToListFlow(refusing(new ApiError(400, COLLECTION_TEXTS.insufficientCoins))),
    ).resolves.toEqual({ kind: 'noCoins' });
    await expect(addToListFlow(refusing(new ApiError(400, null)))).resolves.toEqual({
      kind: 'noCoins',
    });
    await expect(
      addToListFlow(refusing(new ApiError(409, COLLECTION_TEXTS.alreadyInList))),
    ).resolves.toEqual({ kind: 'listed' });
    const other = new ApiError(400, 'targetUserId: only creators can be added');
    await expect(addToListFlow(refusing(other))).resolves.toEqual({
      kind: 'failed',
      error: other,
    });
    const down = new ApiError(503, null);
    await expect(addToListFlow(refusing(down))).resolves.toEqual({ kind: 'failed', error: down });
  });

  it('fails, asking nothing, when the list or the balance cannot be read', async () => {
    const broken = new Error('offline');
    const { log, steps: s } = steps({ isListed: () => Promise.reject(broken) });
    await expect(addToListFlow(s)).resolves.toEqual({ kind: 'failed', error: broken });
    expect(log).toEqual([]);
  });
});

describe('isCoinRefusal', () => {
  it('is a 400 with the coins message or none', () => {
    expect(isCoinRefusal(new ApiError(400, 'Insufficient LinkCoins. Please purchase more.'))).toBe(
      true,
    );
    expect(isCoinRefusal(new ApiError(400, null))).toBe(true);
    expect(isCoinRefusal(new ApiError(400, 'userId: required'))).toBe(false);
    expect(isCoinRefusal(new ApiError(402, null))).toBe(false);
    expect(isCoinRefusal(new Error('400'))).toBe(false);
  });
});

describe('chatAfterAdd (docs/product-spec.md section 4, Chat Now)', () => {
  it('goes to the chat only when listed or on the exact success answer', () => {
    const cases: [AddOutcome, ReturnType<typeof chatAfterAdd>][] = [
      [{ kind: 'listed' }, 'chat'],
      [{ kind: 'added', message: 'Target User ID added successfully' }, 'chat'],
      [{ kind: 'added', message: 'Added' }, 'failed'],
      [{ kind: 'failed', error: new Error('x') }, 'failed'],
      [{ kind: 'noCoins' }, 'stay'],
      [{ kind: 'cancelled' }, 'stay'],
    ];
    for (const [outcome, next] of cases) expect(chatAfterAdd(outcome)).toBe(next);
  });
});
