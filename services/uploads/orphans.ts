import type { Logger } from 'pino';
import {
  profileDecider,
  profileStreamId,
  type ProfileEvent,
} from '@linkcoin/domain/profiles/profile.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  graceEndsAt,
  imageUrlsOfProfile,
  uploadsDecider,
  uploadsStreamId,
  type UploadsEvent,
} from '@linkcoin/domain/uploads/uploads.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/** One document per user with uploads: when their uploads are next to be checked for orphans. */
type SweepDoc = {
  id: string;
  /** Null: nothing to check until the user uploads again or changes the profile's images. */
  checkAt: string | null;
  /** The last profile image change seen, to catch a change the latest sweep did not read. */
  profileChangedPosition: number | null;
};
/** One document per discarded upload whose file is still to be deleted from storage. */
type DeletionDoc = { id: string; userId: string; key: string; discardedAt: string };

const SWEEPS = 'pm_upload_sweeps';
const DELETIONS = 'pm_upload_deletions';
/** At most this many users swept, and files deleted, per tick. */
const BATCH = 50;

/** The profile events that can change which uploads a profile refers to. */
const PROFILE_IMAGE_EVENTS: readonly ProfileEvent['type'][] = [
  'ProfilePictureChanged',
  'SocialAccountAdded',
  'SocialAccountUpdated',
  'SocialAccountRemoved',
  'PastPostAdded',
  'PastPostUpdated',
  'PastPostRemoved',
];

const earlier = (a: string | null, b: string): string => (a !== null && a < b ? a : b);

/** A failed delete is tried again later: after 1, 2, 4 … ticks, at most an hour apart. */
const retryDelayMs = (failures: number, tickMs: number) =>
  Math.min(tickMs * 2 ** (failures - 1), 60 * 60 * 1000);

/**
 * Orphaned uploads (docs/wiring-notes-guard.md, section 3): files no profile refers to once
 * their grace period is over are discarded, and their files deleted.
 *
 * - The projection keeps, per user with uploads, when to check next: the end of the next
 *   upload's grace period, or at once when the profile's images changed.
 * - The tick sends SweepOrphans for each user due, with the image URLs the profile refers to
 *   (read from the profile's stream just before), which discards the orphans and records when
 *   the next check is due (OrphansSwept).
 * - Each UploadDiscarded becomes a deletion to do; the tick deletes the file from storage (outside
 *   any read-model transaction: a hosted delete is a network call) and records it with
 *   ConfirmUploadDeleted, whose event removes the deletion. A failed delete is logged and tried
 *   again later. Deleting twice is harmless, so replays and rebuilds do no damage.
 *
 * The commands carry no idempotency key: a second sweep finds nothing new and only records
 * another check, and a second confirmation changes nothing.
 */
export const orphanUploads = (deps: {
  commands: CommandHandler;
  storage: UploadStorage;
  logger: Logger;
  tickMs: number;
}): ProcessManager => {
  const { commands, storage, logger, tickMs } = deps;
  const failures = new Map<string, { count: number; retryAt: number }>();

  /**
   * A tick's commands correlate by what fell due, as the other deadline-driven processes do
   * (`payment-expiry-…`, `boost-end-…`): an auditor reads what started them, and no request's
   * correlation (a UUID the API mints) is ever taken for theirs.
   */
  const metadata = (now: Date, correlationId: string): CommandMetadata => ({
    now,
    actorUserId: null,
    correlationId,
    causationId: correlationId,
  });

  const sweep = async (doc: SweepDoc, now: Date) => {
    const userId = doc.id;
    const profile = await commands.load(profileDecider, profileStreamId(userId));
    const result = await commands.handle(uploadsDecider, uploadsStreamId(userId), {
      type: 'SweepOrphans',
      data: {
        userId,
        referencedUrls: imageUrlsOfProfile(profile.state),
        referencesPosition: profile.position,
      },
      metadata: metadata(now, `upload-sweep-${userId}-${doc.checkAt ?? now.toISOString()}`),
    });
    const discarded = result.events.filter((event) => event.type === 'UploadDiscarded').length;
    if (discarded > 0) logger.info({ userId, discarded }, 'orphaned uploads discarded');
  };

  const remove = async (deletion: DeletionDoc, now: Date) => {
    const failed = failures.get(deletion.key);
    if (failed && failed.retryAt > now.getTime()) return;
    try {
      await storage.delete(deletion.key);
    } catch (error) {
      const count = (failed?.count ?? 0) + 1;
      failures.set(deletion.key, { count, retryAt: now.getTime() + retryDelayMs(count, tickMs) });
      logger.warn(
        { err: error, key: deletion.key, failures: count },
        'upload file not deleted; it is tried again later',
      );
      return;
    }
    failures.delete(deletion.key);
    await commands.handle(uploadsDecider, uploadsStreamId(deletion.userId), {
      type: 'ConfirmUploadDeleted',
      data: { userId: deletion.userId, uploadId: deletion.id },
      metadata: metadata(now, `upload-delete-${deletion.id}`),
    });
  };

  return {
    projection: {
      name: 'pm-upload-orphans',
      version: 1,
      collections: [
        { name: SWEEPS, indexes: [{ fields: ['checkAt'] }] },
        { name: DELETIONS, indexes: [{ fields: ['discardedAt'] }] },
      ],
      eventTypes: [
        'UploadRecorded',
        'OrphansSwept',
        'UploadDiscarded',
        'UploadFileDeleted',
        ...PROFILE_IMAGE_EVENTS,
      ],
      apply: async (recorded, tx) => {
        if (recorded.streamId.startsWith('profile-')) {
          // Only users with uploads have a document: others have nothing to sweep.
          const userId = recorded.streamId.slice('profile-'.length);
          const doc = await tx.get<SweepDoc>(SWEEPS, userId);
          if (!doc) return;
          await tx.put<SweepDoc>(SWEEPS, userId, {
            ...doc,
            checkAt: earlier(doc.checkAt, recorded.metadata.timestamp),
            profileChangedPosition: recorded.position,
          });
          return;
        }
        const event = recorded as RecordedEvent<UploadsEvent>;
        const { userId } = event.data;
        switch (event.type) {
          case 'UploadRecorded': {
            const doc = (await tx.get<SweepDoc>(SWEEPS, userId)) ?? {
              id: userId,
              checkAt: null,
              profileChangedPosition: null,
            };
            const graceEnds = graceEndsAt(event.data).toISOString();
            await tx.put<SweepDoc>(SWEEPS, userId, {
              ...doc,
              checkAt: earlier(doc.checkAt, graceEnds),
            });
            break;
          }
          case 'OrphansSwept': {
            const doc = await tx.get<SweepDoc>(SWEEPS, userId);
            if (!doc) break;
            const { at, nextCheckAt, referencesPosition } = event.data;
            // The profile changed after the sweep read it: check again at once.
            const missedChange =
              doc.profileChangedPosition !== null &&
              (referencesPosition === null || doc.profileChangedPosition > referencesPosition);
            await tx.put<SweepDoc>(SWEEPS, userId, {
              ...doc,
              checkAt: missedChange ? at : nextCheckAt,
            });
            break;
          }
          case 'UploadDiscarded':
            await tx.put<DeletionDoc>(DELETIONS, event.data.uploadId, {
              id: event.data.uploadId,
              userId,
              key: event.data.key,
              discardedAt: event.data.at,
            });
            break;
          case 'UploadFileDeleted':
            await tx.delete(DELETIONS, event.data.uploadId);
            break;
        }
      },
    },
    tick: {
      intervalMs: tickMs,
      run: async (now, state) => {
        const due = await state.collection<SweepDoc>(SWEEPS).find({
          where: { checkAt: { $lte: now.toISOString() } },
          sort: [['checkAt', 1]],
          limit: BATCH,
        });
        for (const doc of due) {
          // One user's failure (a conflict that outlasted the retries) does not stop the others.
          await sweep(doc, now).catch((error: unknown) =>
            logger.error({ err: error, userId: doc.id }, 'orphan sweep failed; tried again later'),
          );
        }
        const deletions = await state.collection<DeletionDoc>(DELETIONS).find({
          sort: [['discardedAt', 1]],
          limit: BATCH + failures.size,
        });
        for (const deletion of deletions) {
          await remove(deletion, now).catch((error: unknown) =>
            logger.error({ err: error, key: deletion.key }, 'upload deletion not recorded'),
          );
        }
      },
    },
  };
};
