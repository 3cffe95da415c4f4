import pino from 'pino';

/** Infra logs through pino; the runtime passes its configured logger down. */
export type { Logger } from 'pino';

/** For tests and tools that want silence. */
export const silentLogger = pino({ level: 'silent' });
