/**
 * Idempotency keys for the requests that could otherwise pay or grant twice (the payment start,
 * coin grants): the server runs a key's request once and answers a repeat with the first result.
 * A key must match the server's pattern (`IDEMPOTENCY_KEY_PATTERN`: 8 to 128 of A-Z a-z 0-9 . _ : -).
 */

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A fresh random key: a UUID where the browser offers one (secure contexts), else 128 random bits
 * in hex (getRandomValues works on plain http too).
 */
export function newIdempotencyKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type IdempotencyKeys = {
  /**
   * The key for sending `payload`: the same as last time while the payload is the same (a double
   * click, a retry after a lost answer), a new one once it changed (another choice is another
   * intent; the server refuses a key reused for another payload).
   */
  keyFor: (payload: unknown) => string;
  /** Forgets the key: the next request is a new intent (a dialog opened again). */
  reset: () => void;
};

/** One holder per dialog: keep it while the dialog is open, reset it when the dialog opens. */
export function idempotencyKeys(make: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor: (payload) => {
      const fingerprint = JSON.stringify(payload) ?? 'undefined';
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: make() };
      return current.key;
    },
    reset: () => {
      current = null;
    },
  };
}
