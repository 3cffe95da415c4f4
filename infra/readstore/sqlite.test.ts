import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReadStoreContract } from './contract.ts';
import { SqliteReadStore } from './sqlite.ts';

describeReadStoreContract('sqlite (file, WAL)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
  const store = new SqliteReadStore({ path: join(dir, 'readmodels.db') });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
