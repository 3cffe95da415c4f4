import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { MAX_UPLOADS_PER_DAY } from '@linkcoin/domain/uploads/limits.ts';
import { uploadsDecider, uploadsStreamId } from '@linkcoin/domain/uploads/uploads.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import type { NormalisedImage } from '@linkcoin/infra/images/normalise.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import type { ImageFile, StoredImage, UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import { uploadHandlers } from './handlers.ts';

const image: NormalisedImage = {
  bytes: TINY_PNG,
  extension: 'png',
  mime: 'image/png',
  format: 'png',
  width: 1,
  height: 1,
  frames: 1,
};
const meta = (now = new Date('2026-03-01T09:00:00Z')) => ({
  now,
  actorUserId: 'u1',
  correlationId: 'c',
  causationId: 'c',
});

/** A storage that keeps its files in a map, and can run something while a file is saved. */
class MemoryStorage implements UploadStorage {
  readonly adapter = 'memory';
  readonly urlPrefixes = ['/uploads/'];
  readonly files = new Set<string>();
  #count = 0;
  duringSave: (() => Promise<void>) | null = null;

  async save(_image: ImageFile): Promise<StoredImage> {
    this.#count += 1;
    const key = `file-${this.#count}.png`;
    this.files.add(key);
    await this.duringSave?.();
    return { key, url: `/uploads/${key}` };
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
  async status() {
    return { port: 'uploads', adapter: this.adapter, ok: true };
  }
  async close(): Promise<void> {}
}

describe('storing an upload', () => {
  const eventStore = new SqliteEventStore({ path: ':memory:' });
  afterAll(async () => {
    await eventStore.close();
  });

  it('refuses past the quota before storing anything', async () => {
    const commands = createCommandHandler(eventStore);
    const storage = new MemoryStorage();
    const uploads = uploadHandlers({ commands, storage, logger: pino({ level: 'silent' }) });
    for (let i = 0; i < MAX_UPLOADS_PER_DAY; i += 1) await uploads.store('u1', image, meta());
    expect(storage.files.size).toBe(MAX_UPLOADS_PER_DAY);
    await expect(uploads.store('u1', image, meta())).rejects.toThrow(DomainError);
    expect(storage.files.size).toBe(MAX_UPLOADS_PER_DAY);
  });

  it('deletes the stored file when a concurrent upload took the last place meanwhile', async () => {
    const commands = createCommandHandler(eventStore);
    const storage = new MemoryStorage();
    const uploads = uploadHandlers({ commands, storage, logger: pino({ level: 'silent' }) });
    for (let i = 0; i < MAX_UPLOADS_PER_DAY - 1; i += 1) await uploads.store('u2', image, meta());
    // While this upload is being stored, another one records the 30th upload of the day.
    storage.duringSave = async () => {
      storage.duringSave = null;
      await uploads.store('u2', image, meta());
    };
    const refusal = await uploads.store('u2', image, meta()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).kind).toBe('rate_limited');
    const { state } = await commands.load(uploadsDecider, uploadsStreamId('u2'));
    expect(state.live).toHaveLength(MAX_UPLOADS_PER_DAY);
    // Every file kept is recorded; the refused one is gone.
    expect([...storage.files].sort()).toEqual(state.live.map((upload) => upload.key).sort());
  });
});
