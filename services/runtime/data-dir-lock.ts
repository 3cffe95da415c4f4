import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

type Holder = { pid?: number; purpose?: string };

const readHolder = (path: string): Holder => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Holder;
  } catch {
    return {}; // unreadable or gone: treated as stale
  }
};

/** Creates `path` holding this process' id and purpose; false when it exists already. */
const createMarker = (path: string, purpose: string): boolean => {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
};

const MEMBERS = '.members';

/** The live processes that joined the directory (stale entries of dead ones are removed). */
const liveMembers = (dataDir: string): Holder[] => {
  const folder = join(dataDir, MEMBERS);
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  const live: Holder[] = [];
  for (const entry of entries) {
    const path = join(folder, entry);
    const member = readHolder(path);
    if (member.pid && member.pid !== process.pid && isRunning(member.pid)) live.push(member);
    else if (member.pid !== process.pid) rmSync(path, { force: true });
  }
  return live;
};

/** The live process holding the directory alone, if any; `removeStale` removes a dead one's. */
const exclusiveHolder = (dataDir: string, removeStale: boolean): Holder | null => {
  const path = join(dataDir, '.lock');
  const holder = readHolder(path);
  if (holder.pid && holder.pid !== process.pid && isRunning(holder.pid)) return holder;
  if (removeStale) rmSync(path, { force: true });
  return null;
};

const describe = (holders: readonly Holder[]): string =>
  holders.map((h) => `${h.pid} (${h.purpose ?? 'unknown'})`).join(', ');

/** Data directories this process holds: a second runtime in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * One embedded runtime per data directory: a second `make start` (or `make rebuild` while the
 * server runs, or while the distributed runtime's processes share the directory) would otherwise
 * write the same SQLite files behind the first one's back. A lock left by a process that died is
 * taken over.
 */
export const lockDataDir = (dataDir: string, purpose: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');
  if (heldHere.has(path)) {
    throw new Error(
      `The data directory ${dataDir} is in use by process ${process.pid} (this one).`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createMarker(path, purpose)) {
      const members = liveMembers(dataDir);
      if (members.length > 0) {
        rmSync(path, { force: true });
        throw new Error(
          `The data directory ${dataDir} is in use by the processes ${describe(members)}. Stop them first.`,
        );
      }
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    }
    const holder = exclusiveHolder(dataDir, true);
    if (holder) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${describe([holder])}. Stop it first.`,
      );
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
};

/**
 * The distributed runtime's processes on one host, sharing a data directory (SQLite event and
 * read stores in WAL mode, which several processes may open): each joins it, which an embedded
 * runtime or a rebuild holding it alone refuses, and which makes those refuse while any member
 * lives. Writes are serialised by SQLite's own write lock (each transaction is `BEGIN
 * IMMEDIATE`, waiting up to the busy timeout); the singleton roles hold leases (singleton.ts).
 */
export const joinDataDir = (dataDir: string, purpose: string): (() => void) => {
  mkdirSync(join(dataDir, MEMBERS), { recursive: true });
  const path = join(dataDir, MEMBERS, `${process.pid}.json`);
  const refuse = (holder: Holder) => {
    throw new Error(
      `The data directory ${dataDir} is in use by process ${describe([holder])}, which holds it alone. Stop it first.`,
    );
  };
  const before = exclusiveHolder(dataDir, false);
  if (before) refuse(before);
  rmSync(path, { force: true }); // a stale entry of an earlier process with this pid
  createMarker(path, purpose);
  // An exclusive holder that came in meanwhile saw this entry, or is seen now.
  const after = exclusiveHolder(dataDir, false);
  if (after) {
    rmSync(path, { force: true });
    refuse(after);
  }
  return () => rmSync(path, { force: true });
};
