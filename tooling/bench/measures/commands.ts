import type { Decider } from '@linkcoin/domain/shared/decider.ts';
import type { Command, Event } from '@linkcoin/domain/shared/messages.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { bestOfAlternating, timed, type Measure } from '../measure.ts';
import { withRaw, withStore } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

type Spent = Event<'CoinSpent', { on: string }>;
type Spend = Command<'SpendCoin', { on: string }>;
const wallet: Decider<number, Spend, Spent> = {
  initialState: () => 0,
  evolve: (spent) => spent + 1,
  decide: (command) => ({ type: 'CoinSpent', data: { on: command.data.on } }),
};

/** Read the stream, fold, decide, append with the expected revision: concurrent users. */
const handlerRoundTrips = (users: number, perUser: number) =>
  withStore('FULL', async (store) => {
    const { handle } = createCommandHandler(store);
    return timed(users * perUser, () =>
      Promise.all(
        Array.from({ length: users }, async (_, user) => {
          for (let i = 0; i < perUser; i++) {
            await handle(wallet, `wallet-${user}`, {
              type: 'SpendCoin',
              data: { on: `creator-${i}` },
              metadata: {
                now: new Date(),
                actorUserId: `user-${user}`,
                correlationId: 'bench',
                causationId: null,
              },
            });
          }
        }),
      ),
    );
  });

/**
 * The same work by hand: look up the stream's latest revision and INSERT the next one, one
 * transaction for all users' commands of a round (what a perfect group commit does).
 */
const rawRoundTrips = (users: number, perUser: number) =>
  withRaw('FULL', (raw) =>
    timed(users * perUser, () => {
      for (let i = 0; i < perUser; i++) {
        raw.transaction(() => {
          for (let user = 0; user < users; user++) {
            const stream = `wallet-${user}`;
            raw.insert(stream, raw.latestRevision(stream) + 1, 'CoinSpent', {
              on: `creator-${i}`,
            });
          }
        });
      }
    }),
  );

const roundTripRow = async (users: number, perUser: number, target: number): Promise<Row> => {
  const { baseline, value } = await bestOfAlternating(
    2,
    () => rawRoundTrips(users, perUser),
    () => handlerRoundTrips(users, perUser),
  );
  return {
    measure: `Command handler round trips, FULL, ${users} user${users === 1 ? '' : 's'}`,
    value,
    unit: 'commands/s',
    baseline,
    baselineIs:
      'commands: raw node:sqlite SELECT of the latest revision + INSERT, one transaction per round of all users (FULL)',
    better: 'higher',
    target,
  };
};

export const commands: Measure = {
  name: 'Command handler round trips',
  run: async ({ progress }) => {
    progress('command round trips, 64 users');
    const many = await roundTripRow(64, 50, 0.3);
    progress('command round trips, 1 user');
    const one = await roundTripRow(1, 1000, 0.5);
    return [many, one];
  },
};
