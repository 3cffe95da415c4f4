import type { Logger } from 'pino';
import type { Bus, BusSubscription } from '@linkcoin/infra/bus/port.ts';

/** Presence has its own topic: it is not an event of the log, only news between gateway nodes. */
export const PRESENCE_TOPIC = 'linkcoin.presence';

/**
 * What nodes tell each other, keyed by node id (so one node's news keep their order):
 * - `online` / `offline`: users whose first socket on that node opened, or whose last closed;
 * - `hello`: a node started, and asks the others to say again who is on them;
 * - `alive`: the node still runs (a node not heard of for three beats is taken as gone);
 * - `gone`: the node stops; everyone on it is offline.
 */
export type PresenceNews =
  | Readonly<{ kind: 'online' | 'offline'; nodeId: string; users: readonly string[] }>
  | Readonly<{ kind: 'hello' | 'alive' | 'gone'; nodeId: string }>;

export type PresenceBoardOptions = Readonly<{
  bus: Bus;
  nodeId: string;
  logger: Logger;
  /** Users with a socket on this node now (said again when another node says hello). */
  localUsers: () => readonly string[];
  /** A user came online somewhere, or went offline everywhere. */
  onChange: (userId: string, isOnline: boolean) => void;
  beatMs?: number;
}>;

const BATCH = 500;

/**
 * Who is online on any gateway node: each node publishes its own users' arrivals and departures
 * on the presence topic and reads everybody's (its own included) with its own consumer group.
 */
export class PresenceBoard {
  readonly #options: PresenceBoardOptions;
  /** By user: the nodes they have a socket on. */
  readonly #nodesOf = new Map<string, Set<string>>();
  /** By node: when it was last heard of (ms, this process' monotonic clock). */
  readonly #heard = new Map<string, number>();
  #subscription: BusSubscription | null = null;
  #beat: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(options: PresenceBoardOptions) {
    this.#options = options;
  }

  isOnline(userId: string): boolean {
    return this.#nodesOf.has(userId);
  }

  async start(): Promise<void> {
    const { bus, nodeId } = this.#options;
    this.#subscription = await bus.subscribe({
      groupId: `presence-${nodeId}`,
      topics: [PRESENCE_TOPIC],
      handler: async (message) => this.#read(message.value as PresenceNews),
    });
    // A node restarted under the same id first clears what others remember of it.
    await this.#publish([
      { kind: 'gone', nodeId },
      { kind: 'hello', nodeId },
    ]);
    const beatMs = this.#options.beatMs ?? 10_000;
    this.#beat = setInterval(() => {
      void this.#publish([{ kind: 'alive', nodeId }]);
      this.#sweep(beatMs * 3);
    }, beatMs);
    this.#beat.unref();
  }

  arrived(userId: string): void {
    void this.#publish([{ kind: 'online', nodeId: this.#options.nodeId, users: [userId] }]);
  }

  left(userId: string): void {
    void this.#publish([{ kind: 'offline', nodeId: this.#options.nodeId, users: [userId] }]);
  }

  async stop(): Promise<void> {
    if (this.#beat) clearInterval(this.#beat);
    await this.#publish([{ kind: 'gone', nodeId: this.#options.nodeId }]);
    this.#stopped = true;
    await this.#subscription?.stop();
  }

  async #publish(news: readonly PresenceNews[]): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#options.bus.publish(
        PRESENCE_TOPIC,
        news.map((value) => ({ key: value.nodeId, value })),
      );
    } catch (error) {
      this.#options.logger.warn({ err: error }, 'presence could not be published');
    }
  }

  #read(news: PresenceNews): void {
    const { nodeId } = this.#options;
    this.#heard.set(news.nodeId, performance.now());
    switch (news.kind) {
      case 'online':
        for (const user of news.users) this.#set(user, news.nodeId, true);
        return;
      case 'offline':
        for (const user of news.users) this.#set(user, news.nodeId, false);
        return;
      case 'hello': {
        if (news.nodeId === nodeId) return;
        const users = this.#options.localUsers();
        const batches: PresenceNews[] = [];
        for (let i = 0; i < users.length; i += BATCH) {
          batches.push({ kind: 'online', nodeId, users: users.slice(i, i + BATCH) });
        }
        void this.#publish(batches);
        return;
      }
      case 'alive':
        return;
      case 'gone':
        this.#forget(news.nodeId);
        return;
    }
  }

  #set(userId: string, node: string, online: boolean): void {
    let nodes = this.#nodesOf.get(userId);
    if (online) {
      if (!nodes) this.#nodesOf.set(userId, (nodes = new Set()));
      const first = nodes.size === 0;
      nodes.add(node);
      if (first) this.#changed(userId, true);
      return;
    }
    if (!nodes?.delete(node)) return;
    if (nodes.size === 0) {
      this.#nodesOf.delete(userId);
      this.#changed(userId, false);
    }
  }

  /** A node that stopped or went silent: nobody is on it any more. */
  #forget(node: string): void {
    this.#heard.delete(node);
    for (const [userId, nodes] of [...this.#nodesOf]) {
      if (nodes.has(node)) this.#set(userId, node, false);
    }
  }

  #sweep(silenceMs: number): void {
    const now = performance.now();
    for (const [node, at] of [...this.#heard]) {
      if (node !== this.#options.nodeId && now - at > silenceMs) {
        this.#options.logger.warn({ node }, 'a gateway node went silent; its users are offline');
        this.#forget(node);
      }
    }
  }

  #changed(userId: string, isOnline: boolean): void {
    try {
      this.#options.onChange(userId, isOnline);
    } catch (error) {
      this.#options.logger.error({ err: error }, 'presence change failed');
    }
  }
}
