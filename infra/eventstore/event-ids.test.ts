import { describe, expect, it } from 'vitest';
import { eventIdsFor } from './event-ids.ts';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids', () => {
  const source = {
    streamId: 'wallet-1',
    idempotencyKey: 'payment-credited-p1',
    correlationId: 'c1',
  };

  it('derives the same version-5 UUIDs from the same keyed command, one per place', () => {
    const ids = eventIdsFor(source, 3);
    expect(ids).toEqual(eventIdsFor({ ...source }, 3));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(UUID_V5);
    expect(eventIdsFor(source, 1)[0]).toBe(ids[0]);
  });

  it('gives another stream, key or request other ids', () => {
    const [id] = eventIdsFor(source, 1);
    expect(eventIdsFor({ ...source, streamId: 'wallet-2' }, 1)[0]).not.toBe(id);
    expect(eventIdsFor({ ...source, idempotencyKey: 'payment-credited-p2' }, 1)[0]).not.toBe(id);
    expect(eventIdsFor({ ...source, correlationId: 'c2' }, 1)[0]).not.toBe(id);
  });

  it('draws random ids for a command without a key', () => {
    const keyless = { streamId: 'wallet-1', correlationId: 'c1' };
    expect(eventIdsFor(keyless, 1)[0]).not.toBe(eventIdsFor(keyless, 1)[0]);
  });
});
