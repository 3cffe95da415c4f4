import type { Command, Event } from './messages.ts';

/**
 * A decider is the whole behaviour of one kind of stream, as three pure functions:
 * - `initialState` is the state of a stream with no events,
 * - `evolve` folds one event into the state,
 * - `decide` turns a command and the current state into new events, or throws a DomainError.
 */
export type Decider<State, C extends Command, E extends Event> = Readonly<{
  decide: (command: C, state: State) => E | readonly E[];
  evolve: (state: State, event: E) => State;
  initialState: () => State;
  /**
   * Optional: folds many events at once, equal to reducing them with `evolve`. A decider whose
   * state holds collections gives one so that loading a long stream copies them once, not once
   * per event (the wallet: thousands of connections).
   */
  evolveAll?: (state: State, events: readonly E[]) => State;
  /** Schema version written into the metadata of each event type; 1 when not listed. */
  schemaVersions?: Readonly<Partial<Record<E['type'], number>>>;
}>;

export const asEventList = <E>(result: E | readonly E[]): readonly E[] =>
  Array.isArray(result) ? (result as readonly E[]) : [result as E];

/** `events` folded into `state`, through the decider's `evolveAll` when it has one. */
export const evolveAll = <State, E extends Event>(
  decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll'>,
  state: State,
  events: readonly E[],
): State =>
  decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);

export const fold = <State, E extends Event>(
  decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
  events: readonly E[],
): State => evolveAll(decider, decider.initialState(), events);
