/**
 * How a social-media handle is compared, for Instagram and YouTube alike: `@Asha.Cooks `, `asha.cooks`
 * and `@asha.cooks` name the same account. The one home of this rule: the verification deciders,
 * the request handlers and the front ends all compare handles through it.
 */
export const normalizeHandle = (handle: string): string =>
  handle.trim().replace(/^@/, '').toLowerCase();

export const sameHandle = (a: string, b: string): boolean =>
  normalizeHandle(a) === normalizeHandle(b);

/** The account of a profile that a verification names: same platform, same handle. */
export const accountForHandle = <A extends Readonly<{ platform: string; profileName: string }>>(
  accounts: readonly A[],
  platform: string,
  handle: string,
): A | undefined =>
  accounts.find(
    (account) => account.platform === platform && sameHandle(account.profileName, handle),
  );
