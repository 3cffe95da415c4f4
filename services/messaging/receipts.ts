/**
 * Delivery receipts, batched per conversation and receiver. A receipt covers every message the
 * receiver got so far (MarkDelivered marks up to the last received seq), so one recorded after a
 * burst stands for the whole burst. The first delivery to a quiet receiver is recorded at once
 * (the tick turns as fast as before); deliveries within `windowMs` of the last recording wait
 * and are recorded together when the window ends. Under load (a lively conversation, a
 * benchmark's ping-pong) a conversation side costs at most one receipt per window instead of
 * one per message.
 *
 * A receipt still waiting when the node dies is not lost for good: the receiver's next
 * connection marks whatever waited delivered (`undeliveredTo`), as it does after any failure.
 */
export type ReceiptBatcherOptions = Readonly<{
  /** Records one receipt (a MarkDelivered command); its failures are the caller's to log. */
  record: (pairId: string, receiverId: string) => Promise<void>;
  /** At most one recording per conversation side within this many milliseconds. */
  windowMs: number;
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
  readonly #sides = new Map<string, Side>();
  #stopped = false;

  constructor(options: ReceiptBatcherOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
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
    const wait = side.lastAt + this.#options.windowMs - this.#now();
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
