/**
 * Whether two lists of plain values (names, ids, follower counts) hold the same values in the
 * same order, compared with `===` element by element (the same list object is the same list).
 */
export const sameList = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a === b || (a.length === b.length && a.every((value, i) => value === b[i]));
