import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so two equal values always print the same.
 * `undefined` members are dropped as JSON.stringify drops them; dates print as ISO strings.
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(member).sort()) {
      sorted[key] = (member as Record<string, unknown>)[key];
    }
    return sorted;
  }) ?? 'undefined';

/** A short, stable hash of what a command (or a request) asks: its kind and its payload. */
export const fingerprintOf = (kind: string, payload: unknown): string =>
  createHash('sha256').update(kind).update('\n').update(canonicalJson(payload)).digest('base64url');
