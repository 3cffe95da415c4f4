/**
 * Calls to a worker thread that answers them one after another (the event store's writer thread,
 * the read store's rebuild writer): the loop's side is `WorkerCalls`, the thread's `answerCalls`.
 * Plain data crosses both ways (the structured clone): a class, an Error's own type, does not.
 *
 * - A call settles with its own answer; calls are answered in the order sent.
 * - The thread keeps the process alive only while a call is under way: an idle store left open
 *   never holds a process that is done.
 * - A thread that fails (an uncaught error) or exits refuses its calls: those under way and every
 *   later one reject with why (`failure`), never waiting for an answer that cannot come.
 * - `close()` lets the calls sent before it finish, then lets the thread close what it holds.
 */
import { parentPort, Worker } from 'node:worker_threads';

type ToThread<Request> = { type: 'call'; id: number; request: Request } | { type: 'close' };
type FromThread<Answer> = { type: 'answer'; id: number; answer: Answer } | { type: 'closed' };

export class WorkerCalls<Request, Answer> {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #failure: Error | null = null;
  #closed: Promise<void> | null = null;

  /**
   * @param script the thread's module (it calls `answerCalls`)
   * @param workerData what the thread starts with
   * @param name the thread's name in an error: "The event store's writer thread"
   */
  constructor(script: URL, workerData: unknown, name: string) {
    this.#worker = new Worker(script, { workerData });
    this.#worker.unref();
    this.#worker.on('message', (message: FromThread<Answer>) => {
      if (message.type !== 'answer') return;
      const settle = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      // Idle, the thread holds no process; closing, it does until it says it has closed.
      if (this.#pending.size === 0 && !this.#closed) this.#worker.unref();
      settle?.resolve(message.answer);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`${name} exited (${code})`)));
  }

  /** Why the thread refuses every call (it failed or exited); null while it answers. */
  get failure(): Error | null {
    return this.#failure;
  }

  call(request: Request): Promise<Answer> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ type: 'call', id, request } satisfies ToThread<Request>);
    });
  }

  /** Closes the thread once the calls sent before are answered. */
  close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      const end = () => void this.#worker.terminate().then(() => resolve());
      if (this.#failure) return end();
      this.#worker.ref();
      this.#worker.on('message', (message: FromThread<Answer>) => {
        if (message.type === 'closed') end();
      });
      // A thread that dies before it answers the close is closed all the same.
      this.#worker.on('exit', () => resolve());
      this.#worker.postMessage({ type: 'close' } satisfies ToThread<Request>);
    });
    return this.#closed;
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const settle of this.#pending.values()) settle.reject(error);
    this.#pending.clear();
  }
}

/**
 * The thread's side: answers each call with `answer(request)` (it may throw: the thread then
 * fails, and every call is refused), and on close runs `close` before it says so.
 */
export function answerCalls<Request, Answer>(
  answer: (request: Request) => Answer,
  close: () => void,
): void {
  const port = parentPort;
  if (!port) throw new Error('answerCalls runs in a worker thread');
  port.on('message', (message: ToThread<Request>) => {
    if (message.type === 'close') {
      close();
      port.postMessage({ type: 'closed' } satisfies FromThread<Answer>);
      return;
    }
    const reply = answer(message.request);
    port.postMessage({
      type: 'answer',
      id: message.id,
      answer: reply,
    } satisfies FromThread<Answer>);
  });
}
