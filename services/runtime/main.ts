// The embedded runtime: every service in one process on SQLite and an in-process bus.
import { ALL_ROLES } from './runtime.ts';
import { runProcess } from './process.ts';

await runProcess(ALL_ROLES, 'LinkCoin marketplace');
