/**
 * A map that only grows, as a persistent structure for a decider's state: adding an entry makes
 * a new map that shares all its entries but the newest chunk's with the map before, copying at
 * most CHUNK entries. A state holding every id a stream has seen as one object, spread at each
 * event, cost each event time in proportion to the events before it (a conversation's messages).
 * Lookups read the newest chunk first, then the older ones, newest to oldest.
 */
export type GrowingMap<V> = Readonly<{
  recent: Readonly<Record<string, V>>;
  recentSize: number;
  older: readonly Readonly<Record<string, V>>[];
}>;

/** Entries per chunk: an add copies at most this many (64 measured best against 128 and 256, adds and lookups of 10,000 ids). */
export const CHUNK = 64;

export const emptyGrowingMap = <V>(): GrowingMap<V> => ({ recent: {}, recentSize: 0, older: [] });

export const entryOf = <V>(map: GrowingMap<V>, key: string): V | undefined => {
  if (Object.hasOwn(map.recent, key)) return map.recent[key];
  for (let chunk = map.older.length - 1; chunk >= 0; chunk--) {
    const entries = map.older[chunk]!;
    if (Object.hasOwn(entries, key)) return entries[key];
  }
  return undefined;
};

/** The map with `key` set to `value` (a later value of a key hides its earlier one). */
export const withEntry = <V>(map: GrowingMap<V>, key: string, value: V): GrowingMap<V> => {
  if (Object.hasOwn(map.recent, key) || map.recentSize < CHUNK) {
    const added = Object.hasOwn(map.recent, key) ? 0 : 1;
    return {
      recent: { ...map.recent, [key]: value },
      recentSize: map.recentSize + added,
      older: map.older,
    };
  }
  return { recent: { [key]: value }, recentSize: 1, older: [...map.older, map.recent] };
};

/** Every key with its latest value, oldest first (a later value of a key replaces its earlier). */
export const entriesOf = <V>(map: GrowingMap<V>): ReadonlyMap<string, V> => {
  const entries = new Map<string, V>();
  for (const chunk of [...map.older, map.recent]) {
    for (const key of Object.keys(chunk)) entries.set(key, chunk[key]!);
  }
  return entries;
};
