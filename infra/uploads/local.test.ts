import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describeUploadContract } from './contract.ts';
import { LocalUploadStorage } from './local.ts';

describeUploadContract('local', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'linkcoin-uploads-'));
  const storage = new LocalUploadStorage({ directory });
  return {
    storage,
    fetchBack: async (url) => new Uint8Array(await readFile(join(directory, basename(url)))),
    dispose: async () => {
      await storage.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
