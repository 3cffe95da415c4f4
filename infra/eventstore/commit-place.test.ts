import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  afterCommit,
  startingPlace,
  type CommitPlacePolicy,
  type CommitPlaceState,
} from './commit-place.ts';
import { commitBatch, prepareCommit } from './sqlite-commit.ts';

const policy: CommitPlacePolicy = {
  slowMs: 2,
  fastMs: 0.75,
  weight: 0.2,
  minCommits: 3,
  minCommitsBack: 10,
};

/** The places of the commits after each measured time, starting on the loop. */
const places = (times: readonly number[], from: CommitPlaceState = startingPlace()) => {
  let state = from;
  return times.map((ms) => {
    state = afterCommit(state, ms, policy);
    return state.place;
  });
};

describe('where the event store commits (commit-place)', () => {
  it('stays on the event loop while commits are fast', () => {
    expect(places([0.3, 0.5, 0.4, 0.6, 0.2, 0.5, 0.4, 0.3])).toEqual(Array(8).fill('loop'));
  });

  it('does not move for one slow commit among fast ones', () => {
    expect(places([0.3, 0.3, 0.3, 40, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3])).toEqual(
      Array(10).fill('loop'),
    );
  });

  it('moves to the thread after a run of slow commits, once settled in its place', () => {
    expect(places([5, 5, 5, 5])).toEqual(['loop', 'loop', 'thread', 'thread']);
  });

  it('comes back to the loop only when commits in the thread are fast again', () => {
    const inThread: CommitPlaceState = { place: 'thread', averageMs: 10, commitsHere: 5 };
    // Fast at once, but not for long enough: it stays.
    expect(places([0.1, 0.1, 0.1, 0.1], { ...inThread, commitsHere: 0 }).at(-1)).toBe('thread');
    // Between the two thresholds it stays where it is (hysteresis).
    expect(places([1, 1, 1, 1, 1], inThread)).toEqual(Array(5).fill('thread'));
    expect(places(Array(15).fill(0.2), inThread).at(-1)).toBe('loop');
  });

  it('measures again from the first commit in a new place', () => {
    const moved = afterCommit({ place: 'loop', averageMs: 5, commitsHere: 9 }, 5, policy);
    expect(moved).toEqual({ place: 'thread', averageMs: 5, commitsHere: 0 });
    // The thread's first commit sets the average; it cannot move back before minCommitsBack.
    const next = afterCommit(moved, 0.1, policy);
    expect(next).toEqual({ place: 'thread', averageMs: 0.1, commitsHere: 1 });
    expect(places(Array(8).fill(0.1), next)).toEqual([...Array(8).fill('thread')]);
    expect(places(Array(9).fill(0.1), next).at(-1)).toBe('loop');
  });
});

describe('commitBatch after a commit through the other connection', () => {
  const open = () => {
    const db = new DatabaseSync(':memory:');
    db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision))`);
    return { db, statements: prepareCommit(db) };
  };
  const append = (id: string) => ({
    streamId: 'wallet-1',
    expectedRevision: 'any' as const,
    events: [{ id, type: 'CoinsSpent', data: '{}', metadata: '{}' }],
  });

  it('tells whether others wrote by the head the store last left', () => {
    const { db, statements } = open();
    const first = commitBatch(db, statements, [append('a')]);
    expect(first).toMatchObject({ committed: true, othersWrote: false });
    // The head is where the store's own last commit left it: nobody else wrote.
    expect(commitBatch(db, statements, [append('b')], 1)).toMatchObject({ othersWrote: false });
    // A head the store did not leave (position 2 is there, the store thought 1): others wrote.
    expect(commitBatch(db, statements, [append('c')], 1)).toMatchObject({ othersWrote: true });
    // An empty log the store knew as empty.
    const empty = open();
    expect(commitBatch(empty.db, empty.statements, [append('a')], null)).toMatchObject({
      othersWrote: false,
    });
  });
});
