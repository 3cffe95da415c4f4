import { describe, expect, it } from 'vitest';
import { fold } from './decider.ts';
import {
  readModelRetirementDecider as decider,
  type RetireReadModel,
} from './read-model-retirement.ts';

const retire: RetireReadModel = {
  type: 'RetireReadModel',
  data: { name: 'accounts', collections: ['accounts'], reason: 'no screen reads it' },
  metadata: {
    now: new Date('2026-11-27T03:00:00.000Z'),
    actorUserId: null,
    correlationId: 'start-up',
    causationId: null,
  },
};

describe('retiring a read model', () => {
  it('records the retirement with what went and why', () => {
    expect(decider.decide(retire, decider.initialState())).toEqual({
      type: 'ReadModelRetired',
      data: { ...retire.data, retiredAt: '2026-11-27T03:00:00.000Z' },
    });
  });

  it('records it once: a retired model asked again records nothing', () => {
    const recorded = decider.decide(retire, decider.initialState());
    const state = fold(decider, [recorded].flat());
    expect(decider.decide(retire, state)).toEqual([]);
  });
});
