import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprintOf } from './fingerprint.ts';

describe('fingerprints of commands and requests', () => {
  it('do not depend on the order of object keys, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(fingerprintOf('Pay', { userId: 'u', coins: 10 })).toBe(
      fingerprintOf('Pay', { coins: 10, userId: 'u' }),
    );
  });

  it('differ with the kind, the payload, array order and value types', () => {
    const base = fingerprintOf('Pay', { coins: 10 });
    expect(fingerprintOf('Refund', { coins: 10 })).not.toBe(base);
    expect(fingerprintOf('Pay', { coins: 11 })).not.toBe(base);
    expect(fingerprintOf('Pay', { coins: '10' })).not.toBe(base);
    expect(fingerprintOf('Pay', [1, 2])).not.toBe(fingerprintOf('Pay', [2, 1]));
  });

  it('cannot be confused by a kind that swallows part of the payload', () => {
    expect(fingerprintOf('Pay\n{}', {})).not.toBe(fingerprintOf('Pay', '{}'));
  });

  it('print dates as ISO strings and drop undefined members as JSON does', () => {
    expect(canonicalJson({ at: new Date('2026-01-01T00:00:00Z'), gone: undefined })).toBe(
      '{"at":"2026-01-01T00:00:00.000Z"}',
    );
  });
});
