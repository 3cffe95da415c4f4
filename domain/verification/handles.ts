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

/** Instagram's usernames: letters, digits, dots and underscores, at most 30 (compared lower-case). */
export const INSTAGRAM_USERNAME_MAX_LENGTH = 30;
const INSTAGRAM_USERNAME = /^[a-z0-9._]{1,30}$/;

/** The Instagram username a handle names (normalised), or null when it cannot be one. */
export const instagramUsername = (handle: string): string | null => {
  const username = normalizeHandle(handle);
  return INSTAGRAM_USERNAME.test(username) ? username : null;
};

/**
 * The link to an Instagram account, derived from its handle and never taken from a client, so
 * the admin who follows it to send a code reaches the account the code is for. Null when the
 * handle is not an Instagram username (requests recorded before usernames were checked).
 */
export const instagramProfileUrl = (handle: string): string | null => {
  const username = instagramUsername(handle);
  return username === null ? null : `https://www.instagram.com/${username}/`;
};

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The keys a handle is found by when an admin types part of it (the OTP dashboard's Profile name
 * filter): every beginning of the normalised handle and of each of its words (words are split
 * by dots, underscores or any other character that is neither a letter nor a digit), up to the
 * longest username. A typed text matches when `handleSearchKey(typed)` is one of them: a word
 * prefix, case-insensitive, with the `@` ignored, and in the handle only.
 */
export const handleSearchKeys = (handle: string): string[] => {
  const normalized = normalizeHandle(handle);
  const keys = new Set<string>(normalized ? [normalized] : []);
  const characters = [...normalized];
  characters.forEach((character, start) => {
    const wordStart =
      start === 0 ||
      (WORD_CHARACTER.test(character) && !WORD_CHARACTER.test(characters[start - 1]!));
    if (!wordStart) return;
    const end = Math.min(characters.length, start + INSTAGRAM_USERNAME_MAX_LENGTH);
    for (let stop = start + 1; stop <= end; stop += 1) {
      keys.add(characters.slice(start, stop).join(''));
    }
  });
  return [...keys];
};

/** What a typed filter text is looked up by among `handleSearchKeys` (empty: no filter). */
export const handleSearchKey = (typed: string): string => normalizeHandle(typed);
