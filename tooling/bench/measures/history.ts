import { savedQueryOf, savedSearchesDecider } from '@linkcoin/domain/directory/saved-searches.ts';
import { conversationDecider } from '@linkcoin/domain/messaging/conversation.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Measure } from '../measure.ts';
import { withStore } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

/** How long a stream's history is when its late operations are timed. */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
/** Operations timed at each end of the history. */
const WINDOW = 500;
const AT = '2026-11-27T00:00:00.000Z';

/** CPU time (this process, µs) per operation of `run(i)` for i in [from, to). */
const cpuPerOperation = async (
  from: number,
  to: number,
  run: (i: number) => unknown,
): Promise<number> => {
  const before = process.cpuUsage();
  for (let i = from; i < to; i++) await run(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / (to - from);
};

/**
 * Times operations `0..HISTORY` of one growing history: the first WINDOW (after a warm-up on
 * another history) and the last WINDOW; what lies between is done untimed.
 */
const earlyAndLate = async (
  fresh: () => (i: number) => unknown,
): Promise<{ early: number; late: number }> => {
  const warmUp = fresh();
  await cpuPerOperation(0, WINDOW * 2, warmUp);
  const run = fresh();
  const early = await cpuPerOperation(0, WINDOW, run);
  for (let i = WINDOW; i < HISTORY - WINDOW; i++) await run(i);
  const late = await cpuPerOperation(HISTORY - WINDOW, HISTORY, run);
  return { early, late };
};

const metadata = (i: number, idempotencyKey?: string): CommandMetadata => ({
  now: new Date(Date.parse(AT) + i * 1000),
  actorUserId: 'brand-1',
  correlationId: `history-${i}`,
  causationId: null,
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/** A brand's adds to its list through the command handler (keyed, as the app sends them). */
const adds = (): Promise<{ early: number; late: number }> =>
  withStore('NORMAL', async (store) => {
    let streams = 0;
    return earlyAndLate(() => {
      const { handle } = createCommandHandler(store);
      const brand = `brand-${streams++}`;
      const stream = walletStreamId(brand);
      return async (i) => {
        if (i % 5_000 === 0) {
          await handle(walletDecider, stream, {
            type: 'GrantCoins',
            data: {
              userId: brand,
              grantId: `g-${i}`,
              coins: 5_000,
              by: 'admin-1',
              reason: 'Bench coins',
            },
            metadata: metadata(i),
          });
        }
        await handle(walletDecider, stream, {
          type: 'OpenConnection',
          data: {
            userId: brand,
            connectionId: `c-${i}`,
            targetUserId: `creator-${i}`,
            targetIsCreator: true,
          },
          metadata: metadata(i, `add-${brand}-${i}`),
        });
      };
    });
  });

/** Messages folded into one conversation's state, as the command handler folds each. */
const messages = (): Promise<{ early: number; late: number }> =>
  earlyAndLate(() => {
    let state = conversationDecider.evolve(conversationDecider.initialState(), {
      type: 'ConversationOpened',
      data: {
        pairId: 'p',
        payerId: 'a',
        creatorId: 'b',
        connectionId: 'c',
        expiresAt: '2027-01-01T00:00:00.000Z',
        at: AT,
      },
    });
    return (i) => {
      state = conversationDecider.evolve(state, {
        type: 'MessageSent',
        data: {
          pairId: 'p',
          messageId: `m-${i}`,
          seq: i + 1,
          senderId: i % 2 ? 'a' : 'b',
          receiverId: i % 2 ? 'b' : 'a',
          content: 'Hello',
          connectionId: 'c',
          at: AT,
        },
      });
    };
  });

/**
 * Matches folded into a brand's saved search (a broad search matches every new creator), with
 * a digest sent after each 100 (the day's matches, mailed once a day).
 */
const matches = (): Promise<{ early: number; late: number }> =>
  earlyAndLate(() => {
    let state = savedSearchesDecider.initialState();
    state = savedSearchesDecider.evolve(state, {
      type: 'SavedSearchCreated',
      data: {
        brandId: 'b',
        searchId: 's1',
        name: 'Everyone',
        query: '',
        filters: savedQueryOf('').filters,
        at: AT,
      },
    });
    return (i) => {
      state = savedSearchesDecider.evolve(state, {
        type: 'SavedSearchMatched',
        data: { brandId: 'b', searchId: 's1', creatorId: `creator-${i}`, at: AT },
      });
      // A day's matches go out in the day's digest (one a day; here every 100 matches).
      if (i % 100 === 99) {
        const pending = state.searches.get('s1')?.pending ?? [];
        state = savedSearchesDecider.evolve(state, {
          type: 'SavedSearchDigestSent',
          data: {
            brandId: 'b',
            day: `day-${i}`,
            searches: [{ searchId: 's1', name: 'Everyone', query: '', creatorIds: [...pending] }],
            at: AT,
          },
        });
      }
    };
  });

const row = (measure: string, figures: { early: number; late: number }, what: string): Row => ({
  measure,
  value: Math.round(figures.late * 10) / 10,
  unit: 'µs CPU each',
  baseline: Math.round(figures.early * 10) / 10,
  baselineIs: `${what}: the same operation among the first ${WINDOW} of its history`,
  better: 'lower',
  target: 2,
  note: `the last ${WINDOW} of a history of ${HISTORY.toLocaleString('en-US')}`,
});

/**
 * Costs that must not grow with a stream's history: a brand's add to its list after 10,000
 * adds, a message folded into a conversation of 10,000 messages, a match folded into a search
 * that matched 10,000 creators, each against the same operation early in its history (one
 * object copied whole at every event made each of these grow with the history).
 */
export const history: Measure = {
  name: 'History (costs that must not grow)',
  run: async ({ progress }) => {
    progress(`history: ${HISTORY.toLocaleString('en-US')} adds to one brand's list`);
    const add = await adds();
    progress(`history: ${HISTORY.toLocaleString('en-US')} messages in one conversation`);
    const message = await messages();
    progress(`history: ${HISTORY.toLocaleString('en-US')} matches of one saved search`);
    const match = await matches();
    return [
      row(
        `Add to list after ${HISTORY.toLocaleString('en-US')} adds (command handler, keyed)`,
        add,
        "adds to a brand's wallet through the command handler (NORMAL file store)",
      ),
      row(
        `A message folded after ${HISTORY.toLocaleString('en-US')} in one conversation`,
        message,
        "a conversation's fold of a message",
      ),
      row(
        `A saved search's match folded after ${HISTORY.toLocaleString('en-US')} matches`,
        match,
        "a saved search's fold of a match",
      ),
    ];
  },
};
