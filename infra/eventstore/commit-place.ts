/**
 * Where the SQLite event store commits its next batch: on the event loop, or in the writer
 * thread (sqlite-writer.ts). A commit on the loop blocks requests for as long as it takes (its
 * inserts and, with `synchronous=FULL`, its fsync); a commit in the thread costs two thread hops
 * (a structured clone each way, about as much as a fast fsync). So the loop wins while commits
 * are fast and the thread wins when the disk is slow. The store measures every COMMIT wherever
 * it runs (the log write and its fsync: the wait; a batch's inserts cost the same CPU anywhere,
 * and moving them would add the clone of every event) and asks this pure function where the
 * next one goes.
 *
 * Hysteresis: a moving average of the measured commit times, each capped at three times the
 * slow threshold (so one slow fsync does not move the store, a run of them does), two thresholds apart (to the thread above `slowMs`, back to
 * the loop below `fastMs`), and a minimum number of commits in a place before it moves again
 * (far more in the thread than on the loop).
 */

export type CommitPlace = 'loop' | 'thread';

export type CommitPlaceState = Readonly<{
  place: CommitPlace;
  /** Moving average of the measured commit times, in milliseconds. */
  averageMs: number;
  /** Commits measured since the store last moved. */
  commitsHere: number;
}>;

export type CommitPlacePolicy = Readonly<{
  /** Above this average, commits move to the thread. */
  slowMs: number;
  /** Below this average, commits come back to the loop. */
  fastMs: number;
  /** Weight of the newest commit in the moving average (0 to 1). */
  weight: number;
  /** Commits to measure on the loop before moving to the thread. */
  minCommits: number;
  /**
   * Commits to measure in the thread before coming back: many more, as a disk that is slow now
   * and then (a busy machine) would otherwise move the store to and fro, and each return to the
   * loop pays a slow commit there first.
   */
  minCommitsBack: number;
}>;

/**
 * A commit of 2 ms on the loop holds every request for as long; an fsync on an idle SSD takes
 * 0.2 to 1 ms, on a contended disk tens of ms. Two hops to the thread cost about 0.1 to 0.3 ms.
 */
export const DEFAULT_COMMIT_PLACE_POLICY: CommitPlacePolicy = {
  slowMs: 2,
  fastMs: 0.75,
  weight: 0.2,
  minCommits: 16,
  minCommitsBack: 512,
};

export const startingPlace = (place: CommitPlace = 'loop'): CommitPlaceState => ({
  place,
  averageMs: 0,
  commitsHere: 0,
});

/** The state after one more commit took `commitMs`: where the next commit goes. */
export const afterCommit = (
  state: CommitPlaceState,
  commitMs: number,
  policy: CommitPlacePolicy = DEFAULT_COMMIT_PLACE_POLICY,
): CommitPlaceState => {
  // One very slow commit counts as a few slow ones, not as forty: a run of them moves the store.
  const sample = Math.min(commitMs, policy.slowMs * 3);
  const averageMs =
    state.commitsHere === 0 ? sample : state.averageMs + policy.weight * (sample - state.averageMs);
  const commitsHere = state.commitsHere + 1;
  if (state.place === 'loop' && commitsHere >= policy.minCommits && averageMs > policy.slowMs) {
    return { place: 'thread', averageMs, commitsHere: 0 };
  }
  if (
    state.place === 'thread' &&
    commitsHere >= policy.minCommitsBack &&
    averageMs < policy.fastMs
  ) {
    return { place: 'loop', averageMs, commitsHere: 0 };
  }
  return { place: state.place, averageMs, commitsHere };
};
