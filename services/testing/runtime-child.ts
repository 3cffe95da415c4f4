// The embedded runtime in a process of its own, for tests that kill it (kill -9) and restart it
// on the same data directory. Started with fork(); tells its URL over IPC once it listens.
import { startTestServer } from './test-server.ts';

const dataDir = process.env.LINKCOIN_CHILD_DATA_DIR;
if (!dataDir || !process.send) throw new Error('Fork this with LINKCOIN_CHILD_DATA_DIR set');
const env = JSON.parse(process.env.LINKCOIN_CHILD_ENV ?? '{}') as Record<string, string>;
const server = await startTestServer({ dataDir, env });
process.send({ url: server.url });
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
