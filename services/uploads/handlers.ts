import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import {
  assertUploadAllowed,
  uploadsDecider,
  uploadsStreamId,
} from '@linkcoin/domain/uploads/uploads.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { NormalisedImage } from '@linkcoin/infra/images/normalise.ts';
import {
  UploadRejected,
  type StoredImage,
  type UploadStorage,
} from '@linkcoin/infra/uploads/port.ts';

export type UploadHandlerDeps = Readonly<{
  commands: CommandHandler;
  storage: UploadStorage;
  logger: Logger;
}>;

/** The upload use case: a checked, re-encoded image becomes a stored file on the user's record. */
export const uploadHandlers = ({ commands, storage, logger }: UploadHandlerDeps) => {
  /**
   * Quota, then store, then record (docs/wiring-notes-guard.md, section 2). The quota is asked
   * before the file is stored so that a refused upload stores nothing; RecordUpload asks again
   * against the newest state, and when a concurrent upload took the room in between, the stored
   * file is deleted and the refusal stands. `meta` is ours: no client key on these commands.
   */
  const store = async (
    userId: string,
    image: NormalisedImage,
    meta: CommandMetadata,
  ): Promise<StoredImage> => {
    const streamId = uploadsStreamId(userId);
    const bytes = image.bytes.byteLength;
    const { state } = await commands.load(uploadsDecider, streamId);
    assertUploadAllowed(state, bytes, meta.now);
    let stored: StoredImage;
    try {
      stored = await storage.save(image);
    } catch (error) {
      // The image service failed or could not be reached (the adapter's only refusal).
      if (error instanceof UploadRejected) throw new DomainError('upstream', error.message);
      throw error;
    }
    try {
      await commands.handle(uploadsDecider, streamId, {
        type: 'RecordUpload',
        data: {
          userId,
          uploadId: randomUUID(),
          key: stored.key,
          url: stored.url,
          bytes,
          width: image.width,
          height: image.height,
          format: image.format,
        },
        metadata: meta,
      });
    } catch (error) {
      await storage
        .delete(stored.key)
        .catch((deleteError: unknown) =>
          logger.warn({ err: deleteError, key: stored.key }, 'upload file not deleted'),
        );
      throw error;
    }
    return stored;
  };

  return { store };
};

export type UploadHandlers = ReturnType<typeof uploadHandlers>;
