import { describe, expect, it } from 'vitest';
import { CHUNK, emptyGrowingMap, entriesOf, entryOf, withEntry } from './growing-map.ts';

describe('a growing map', () => {
  it('finds every entry added, across chunks, and nothing else', () => {
    let map = emptyGrowingMap<number>();
    const count = CHUNK * 3 + 7;
    for (let i = 0; i < count; i++) map = withEntry(map, `id-${i}`, i);
    expect(map.older).toHaveLength(3);
    for (const i of [0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 5, count - 1]) {
      expect(entryOf(map, `id-${i}`)).toBe(i);
    }
    expect(entryOf(map, 'id-missing')).toBeUndefined();
    expect(entryOf(map, 'toString')).toBeUndefined();
    expect(entryOf(map, '__proto__')).toBeUndefined();
  });

  it('leaves the map it was made from as it was', () => {
    let map = emptyGrowingMap<string>();
    for (let i = 0; i < CHUNK; i++) map = withEntry(map, `id-${i}`, 'first');
    const before = map;
    const after = withEntry(withEntry(before, 'id-new', 'new'), 'id-3', 'again');
    expect(entryOf(before, 'id-new')).toBeUndefined();
    expect(entryOf(before, 'id-3')).toBe('first');
    expect(entryOf(after, 'id-new')).toBe('new');
    expect(entryOf(after, 'id-3')).toBe('again');
  });

  it('keeps a key such as __proto__ as an entry of its own', () => {
    const map = withEntry(emptyGrowingMap<number>(), '__proto__', 1);
    expect(entryOf(map, '__proto__')).toBe(1);
    expect(Object.getPrototypeOf(map.recent)).toBe(Object.prototype);
  });

  it('lists every key once with its latest value', () => {
    let map = emptyGrowingMap<number>();
    for (let i = 0; i < CHUNK + 10; i++) map = withEntry(map, `id-${i % (CHUNK + 5)}`, i);
    const entries = entriesOf(map);
    expect(entries.size).toBe(CHUNK + 5);
    // The last five adds set the first five keys again.
    expect(entries.get('id-0')).toBe(CHUNK + 5);
    expect(entries.get('id-4')).toBe(CHUNK + 9);
    expect(entries.get('id-5')).toBe(5);
  });
});
