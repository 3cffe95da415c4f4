import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Data directories this process holds: a second runtime in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * One embedded runtime per data directory: a second `make start` (or `make rebuild` while the
 * server runs) would otherwise write the same SQLite files behind the first one's back.
 * A lock left by a process that died is taken over.
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
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }));
      closeSync(fd);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; purpose?: string } = {};
      try {
        holder = JSON.parse(readFileSync(path, 'utf8')) as typeof holder;
      } catch {
        // An unreadable lock is treated as stale.
      }
      if (holder.pid && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.purpose ?? 'unknown'}). Stop it first.`,
          { cause: error },
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
};
