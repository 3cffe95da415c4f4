import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeUploadContract, TINY_PNG } from './contract.ts';
import { LocalUploadStorage } from './local.ts';

const readIfThere = async (path: string): Promise<Uint8Array | null> => {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

describeUploadContract('local', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'linkcoin-uploads-'));
  const storage = new LocalUploadStorage({ directory });
  return {
    storage,
    fetchBack: (url) => readIfThere(join(directory, basename(url))),
    dispose: async () => {
      await storage.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe('the local upload store', () => {
  it('deletes nothing but the files it named, whatever key it is given', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'linkcoin-uploads-parent-'));
    const directory = join(parent, 'uploads');
    const storage = new LocalUploadStorage({ directory });
    const stored = await storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' });
    await writeFile(join(parent, 'secrets.json'), '{}');
    await writeFile(join(directory, 'notes.txt'), 'kept');
    for (const key of [
      '../secrets.json',
      'notes.txt',
      '',
      '.',
      `../uploads/${stored.key}`,
      `${stored.key}/`,
      stored.key.toUpperCase(),
    ]) {
      await expect(storage.delete(key), key).rejects.toThrow('Not a key of this upload store');
    }
    expect((await readdir(directory)).sort()).toEqual([stored.key, 'notes.txt'].sort());
    expect(await readdir(parent)).toContain('secrets.json');
    await rm(parent, { recursive: true, force: true });
  });
});
