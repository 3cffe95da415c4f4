/**
 * Delivery receipts batched per conversation side: the first at once, the rest of a window in
 * one recording at its end, nothing left unrecorded, and everything waiting recorded at a stop.
 * Time is the fake timers' clock: no real waiting, no timing assertions.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceiptBatcher } from './receipts.ts';

const WINDOW = 1000;

describe('ReceiptBatcher', () => {
  let recorded: string[];
  let batcher: ReceiptBatcher;
  /** Recordings that have not answered yet, to release in a test's own order. */
  let held: (() => void)[] | null;

  beforeEach(() => {
    vi.useFakeTimers();
    recorded = [];
    held = null;
    batcher = new ReceiptBatcher({
      windowMs: WINDOW,
      now: () => Date.now(),
      record: async (pairId, receiverId) => {
        recorded.push(`${pairId}|${receiverId}`);
        if (held) await new Promise<void>((resolve) => held!.push(resolve));
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records the first delivery to a quiet conversation side at once', async () => {
    batcher.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded).toEqual(['p1|b']);
  });

  it('records a burst within the window once more, at the end of the window', async () => {
    batcher.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(10);
    for (let i = 0; i < 20; i++) {
      batcher.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(recorded).toEqual(['p1|b']);
    await vi.advanceTimersByTimeAsync(WINDOW);
    // Two recordings for 21 deliveries; the last covers every message delivered before it.
    expect(recorded).toEqual(['p1|b', 'p1|b']);
    await vi.advanceTimersByTimeAsync(5 * WINDOW);
    expect(recorded).toHaveLength(2);
    expect(batcher.pending).toBe(0);
  });

  it('keeps conversations and their two sides apart', async () => {
    batcher.delivered('p1', 'a');
    batcher.delivered('p1', 'b');
    batcher.delivered('p2', 'a');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded.sort()).toEqual(['p1|a', 'p1|b', 'p2|a']);
  });

  it('never leaves a delivery that arrived during a recording unrecorded', async () => {
    held = [];
    batcher.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(0);
    // Delivered while the first receipt is being written: it may not be covered by it.
    batcher.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(3 * WINDOW);
    expect(recorded).toHaveLength(1);
    const release = held;
    held = null;
    for (const resolve of release) resolve();
    await vi.advanceTimersByTimeAsync(0);
    // The window since the first recording has passed: the second follows at once.
    expect(recorded).toEqual(['p1|b', 'p1|b']);
  });

  it('records again after a failed recording when the next delivery comes', async () => {
    let fail = true;
    const failing = new ReceiptBatcher({
      windowMs: WINDOW,
      now: () => Date.now(),
      record: async (pairId, receiverId) => {
        recorded.push(`${pairId}|${receiverId}`);
        if (fail) throw new Error('the store is down');
      },
    });
    failing.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    failing.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(recorded).toEqual(['p1|b', 'p1|b']);
  });

  it('records everything still waiting when the node stops', async () => {
    batcher.delivered('p1', 'b');
    await vi.advanceTimersByTimeAsync(0);
    batcher.delivered('p1', 'b');
    batcher.delivered('p2', 'c');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded.sort()).toEqual(['p1|b', 'p2|c']);
    await batcher.flush();
    expect(recorded.sort()).toEqual(['p1|b', 'p1|b', 'p2|c']);
    expect(batcher.pending).toBe(0);
  });

  describe("carried by the receiver's next message", () => {
    const CARRY = 500;
    let carrying: ReceiptBatcher;
    beforeEach(() => {
      carrying = new ReceiptBatcher({
        windowMs: WINDOW,
        carryMs: CARRY,
        now: () => Date.now(),
        record: async (pairId, receiverId) => void recorded.push(`${pairId}|${receiverId}`),
      });
    });

    it('gives nothing to carry in the first half of the window, and the waiting receipt after', async () => {
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(0);
      expect(recorded).toEqual(['p1|b']);
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(WINDOW / 2 - 1);
      expect(carrying.take('p1', 'b')).toBeNull();
      expect(carrying.take('p1', 'a')).toBeNull(); // nothing delivered to that side
      await vi.advanceTimersByTimeAsync(1);
      expect(carrying.take('p1', 'b')).toBeTypeOf('function');
      // Taken: not recorded on its own, and nothing left to take.
      expect(carrying.take('p1', 'b')).toBeNull();
      await vi.advanceTimersByTimeAsync(5 * WINDOW);
      expect(recorded).toEqual(['p1|b']);
      expect(carrying.pending).toBe(0);
    });

    it('records a receipt on its own when no message carries it within the carry time', async () => {
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(0);
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(WINDOW + CARRY - 1);
      expect(recorded).toEqual(['p1|b']);
      await vi.advanceTimersByTimeAsync(1);
      expect(recorded).toEqual(['p1|b', 'p1|b']);
    });

    it('records a receipt given back (its message was not stored) as if never taken', async () => {
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(0);
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(WINDOW);
      const giveBack = carrying.take('p1', 'b')!;
      await vi.advanceTimersByTimeAsync(10);
      giveBack();
      // Its window had passed: the next message may carry it at once...
      const again = carrying.take('p1', 'b');
      expect(again).toBeTypeOf('function');
      again!();
      // ...and without one it is recorded on its own by the end of its carry time.
      await vi.advanceTimersByTimeAsync(CARRY);
      expect(recorded).toEqual(['p1|b', 'p1|b']);
    });

    it('gives nothing to carry once the node stops; flush records what waits', async () => {
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(0);
      carrying.delivered('p1', 'b');
      await vi.advanceTimersByTimeAsync(WINDOW);
      await carrying.flush();
      expect(carrying.take('p1', 'b')).toBeNull();
      expect(recorded).toEqual(['p1|b', 'p1|b']);
    });
  });
});
