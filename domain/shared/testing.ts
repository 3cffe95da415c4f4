/**
 * Given/when/then for deciders: given these past events, when this command is decided,
 * then exactly these events follow (or the command is refused with this message).
 * Test-only: imported from *.test.ts files.
 */
import { expect } from 'vitest';
import { asEventList, fold, type Decider } from './decider.ts';
import { DomainError, type DomainErrorKind } from './errors.ts';
import type { Command, CommandMetadata, Event } from './messages.ts';

export const testMetadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  now: new Date('2026-01-15T10:00:00.000Z'),
  actorUserId: 'actor-1',
  correlationId: 'correlation-1',
  causationId: null,
  ...overrides,
});

type Then<State, E extends Event> = {
  /** The decision is exactly these events, in this order. */
  then: (expected: E | readonly E[]) => void;
  /** The decision is refused with a DomainError of this kind and (when given) message. */
  thenRefused: (kind: DomainErrorKind, message?: string | RegExp) => void;
  /** The command is accepted and changes nothing. */
  thenNothingHappens: () => void;
  /** For assertions on the folded state after the decision. */
  thenState: (assert: (state: State) => void) => void;
};

export const DeciderSpecification = {
  for<State, C extends Command, E extends Event>(decider: Decider<State, C, E>) {
    return (given: E | readonly E[] = []) => ({
      when: (command: C): Then<State, E> => {
        const past = asEventList(given);
        const decide = () => asEventList(decider.decide(command, fold(decider, past)));
        return {
          then: (expected) => expect(decide()).toEqual(asEventList(expected)),
          thenNothingHappens: () => expect(decide()).toEqual([]),
          thenState: (assert) => assert(fold(decider, [...past, ...decide()])),
          thenRefused: (kind, message) => {
            let error: unknown;
            try {
              decide();
            } catch (caught) {
              error = caught;
            }
            expect(error, 'the command should be refused').toBeInstanceOf(DomainError);
            const refusal = error as DomainError;
            expect(refusal.kind).toBe(kind);
            if (typeof message === 'string') expect(refusal.message).toBe(message);
            else if (message) expect(refusal.message).toMatch(message);
          },
        };
      },
    });
  },
};
