/**
 * The grant dialog's checks: the server's own schema (`grantCoinsRequest`: 1 to 10000 coins, a
 * reason of 3 to 500 characters), so the dialog refuses exactly what the server would.
 */
import { grantCoinsRequest } from '@linkcoin/domain/wallet/contracts.ts';

export type GrantFormValues = { coins?: unknown; reason?: unknown };
export type GrantFormErrors = Partial<Record<'coins' | 'reason', string>>;
/** A checked grant, as sent. */
export type GrantBody = Readonly<{ coins: number; reason: string }>;

export function validateGrant(values: GrantFormValues): GrantFormErrors {
  const parsed = grantCoinsRequest.safeParse({
    coins: values.coins ?? undefined,
    reason: values.reason ?? undefined,
  });
  if (parsed.success) return {};
  const errors: GrantFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'coins' || field === 'reason') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** The body sent: the checked values only, the reason trimmed. */
export function grantBody(values: GrantFormValues): GrantBody | null {
  const parsed = grantCoinsRequest.safeParse({ coins: values.coins, reason: values.reason });
  return parsed.success ? { coins: parsed.data.coins, reason: parsed.data.reason } : null;
}
