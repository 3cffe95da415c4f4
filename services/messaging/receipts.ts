/**
 * Delivery receipts, batched per conversation and receiver. A receipt covers every message the
 * receiver got so far (MarkDelivered marks up to the last received seq), so one recorded after a
 * burst stands for the whole burst. The first delivery to a quiet receiver is recorded at once
 * (the tick turns as fast as before); deliveries within `windowMs` of the last recording wait
 * and are recorded together when the window ends. Under load (a lively conversation, a
 * benchmark's ping-pong) a conversation side costs at most one receipt per window instead of
 * one per message.
 *
 * A waiting receipt may instead ride on the receiver's next message in that conversation
 * (`take`), once half its window has passed: the same receipt, decided in the message's append,
 * without a command of its own. With `carryMs`, a receipt waits that much longer after its
 * window for such a message before it is recorded on its own. In a lively conversation (a reply
 * to every message) nearly every receipt after the first then rides on a reply; a side costs at
 * most two receipts per window instead of one, and no MarkDelivered.
 *
 * A receipt still waiting when the node dies is not lost for good: the receiver's next
 * connection marks whatever waited delivered (`undeliveredTo`), as it does after any failure.
 */
export type ReceiptBatcherOptions = Readonly<{
  /** Records one receipt (a MarkDelivered command); its failures are the caller's to log. */
  record: (pairId: string, receiverId: string) => Promise<void>;
  /** At most one recording per conversation side within this many milliseconds. */
  windowMs: number;
  /**
   * How long after its window a waiting receipt waits for the receiver's next message to carry
   * it (`take`) before it is recorded on its own; 0 by default (recorded when the window ends).
   */
  carryMs?: number;
  /** Milliseconds now (a clock the tests can move; `performance.now()` by default). */
  now?: () => number;
}>;

type Side = {
  pairId: string;
  receiverId: string;
  /** When the last recording started; -Infinity before the first. */
  lastAt: number;
  /** A delivery arrived that no finished or running recording covers. */
  waiting: boolean;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
};

export class ReceiptBatcher {
  readonly #options: ReceiptBatcherOptions;
  readonly #now: () => number;
  readonly #carryMs: number;
  readonly #sides = new Map<string, Side>();
  #stopped = false;

  constructor(options: ReceiptBatcherOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#carryMs = options.carryMs ?? 0;
  }

  /** Conversation sides with a receipt waiting or being recorded (for tests and metrics). */
  get pending(): number {
    return this.#sides.size;
  }

  /** A message of `pairId` reached one of `receiverId`'s sockets. */
  delivered(pairId: string, receiverId: string): void {
    const key = `${pairId}|${receiverId}`;
    let side = this.#sides.get(key);
    if (!side) {
      side = { pairId, receiverId, lastAt: -Infinity, waiting: false, running: null, timer: null };
      this.#sides.set(key, side);
    }
    side.waiting = true;
    this.#schedule(key, side);
  }

  /**
   * Takes the waiting receipt of `receiverId` in `pairId` for the caller to record with other
   * work (the receiver's next message carries it, in the same append), once half its window
   * has passed. The side then counts as recorded now (its window starts again). Answers null when
   * none is to be taken, else the function that gives it back: a caller whose append fails or
   * stores nothing calls it, and the receipt waits as before.
   */
  take(pairId: string, receiverId: string): (() => void) | null {
    const key = `${pairId}|${receiverId}`;
    const side = this.#sides.get(key);
    if (!side?.waiting || this.#stopped) return null;
    const now = this.#now();
    // Not before half its window: at most two receipts per window, carried or not (a message
    // right after the last recording carries nothing).
    if (now < side.lastAt + this.#options.windowMs / 2) return null;
    const before = side.lastAt;
    side.waiting = false;
    side.lastAt = now;
    if (side.timer) clearTimeout(side.timer);
    side.timer = null;
    this.#schedule(key, side);
    return () => {
      const current = this.#sides.get(key);
      // Nothing recorded since: its window is the one it had.
      if (current && current.lastAt === now) {
        current.lastAt = before;
        if (current.timer) clearTimeout(current.timer);
        current.timer = null;
      }
      this.delivered(pairId, receiverId);
    };
  }

  /** Records every waiting receipt now (the node is stopping) and waits for them. */
  async flush(): Promise<void> {
    this.#stopped = true;
    for (const [key, side] of this.#sides) {
      if (side.timer) clearTimeout(side.timer);
      side.timer = null;
      this.#schedule(key, side);
    }
    for (;;) {
      const running = [...this.#sides.values()].flatMap((side) => side.running ?? []);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  #schedule(key: string, side: Side): void {
    if (side.running || side.timer) return; // picked up when it ends
    if (!side.waiting) {
      // Nothing new since the last recording: forget the side once its window has passed.
      const left = side.lastAt + this.#options.windowMs - this.#now();
      if (left <= 0 || this.#stopped) this.#sides.delete(key);
      else side.timer = this.#timer(left, key, side);
      return;
    }
    const wait = side.lastAt + this.#options.windowMs + this.#carryMs - this.#now();
    if (wait <= 0 || this.#stopped) void this.#record(key, side);
    else side.timer = this.#timer(wait, key, side);
  }

  #timer(ms: number, key: string, side: Side): NodeJS.Timeout {
    const timer = setTimeout(() => {
      side.timer = null;
      this.#schedule(key, side);
    }, ms);
    timer.unref();
    return timer;
  }

  #record(key: string, side: Side): Promise<void> {
    side.waiting = false;
    side.lastAt = this.#now();
    const running = this.#options
      .record(side.pairId, side.receiverId)
      .catch(() => {
        // The caller logs; the receiver's next connection marks what waited delivered.
      })
      .finally(() => {
        side.running = null;
        this.#schedule(key, side);
      });
    side.running = running;
    return running;
  }
}
