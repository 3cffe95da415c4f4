import pino from 'pino';
import type { Logger } from '../shared/logger.ts';

export type CapturedLogs = Readonly<{ logger: Logger; lines: Record<string, unknown>[] }>;

/** A logger whose lines (parsed JSON) a test reads back: alerts, warnings. */
export const capturedLogs = (level: pino.Level = 'warn'): CapturedLogs => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
};
