/**
 * Reads a JWT's `exp` claim (seconds) as milliseconds since the epoch, as the spec stores it
 * (tokenExpiration = exp × 1000). The browser only reads the claim: the server verifies tokens.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    const { exp } = claims;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The expiry to store for a token handed out with `expiresIn` seconds: its own claim first. */
export function expirationOf(token: string, expiresInSeconds: number, now: number): number {
  return tokenExpiresAt(token) ?? now + expiresInSeconds * 1000;
}
