/**
 * The directory projection hands its entries over to the read store (PutOptions: JSON data that
 * nothing changes once put) and reads them shared (GetOptions: never changed): checked here with
 * a transaction that freezes every entry it is handed (a change of one, or of anything in it,
 * then throws) and compares each with its JSON text read back.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import {
  evolveEntry,
  profileStateOf,
  registeredEntry,
  type DirectoryEntry,
  type DirectoryEvent,
} from '@linkcoin/domain/directory/entry.ts';
import { registration, saveEvents } from '@linkcoin/domain/directory/testing.ts';
import { profileDecider, type ProfileEvent } from '@linkcoin/domain/profiles/profile.ts';
import { asEventList } from '@linkcoin/domain/shared/decider.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { testMetadata } from '@linkcoin/domain/shared/testing.ts';
import type {
  GetOptions,
  ProjectionTransaction,
  PutOptions,
} from '@linkcoin/infra/readstore/port.ts';
import { demoCreator } from '@linkcoin/services/testing/demo-accounts.ts';
import { DIRECTORY, directoryProjection } from './projection.ts';

const deepFreeze = (value: unknown): void => {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const field of Object.values(value)) deepFreeze(field);
};

/** A transaction that keeps what it is handed, frozen, and answers it to shared gets only. */
const freezingTransaction = () => {
  const entries = new Map<string, object>();
  const tx: ProjectionTransaction = {
    get: async <T extends object>(collection: string, id: string, options?: GetOptions) => {
      expect(collection).toBe(DIRECTORY);
      expect(options?.shared).toBe(true);
      return (entries.get(id) as T | undefined) ?? null;
    },
    put: async <T extends object>(
      collection: string,
      id: string,
      document: T,
      options?: PutOptions,
    ) => {
      expect(collection).toBe(DIRECTORY);
      expect(options?.handOver).toBe(true);
      // JSON data: its text read back is the very same value (no undefined, Date, NaN, -0).
      expect(JSON.parse(JSON.stringify(document))).toStrictEqual(document);
      deepFreeze(document);
      entries.set(id, document);
    },
    delete: async () => {
      throw new Error('the directory deletes nothing');
    },
    find: async () => {
      throw new Error('the directory finds nothing');
    },
  };
  return { tx, entries };
};

/** One demo creator's events as the projection reads them: sign-up, wizard, and the rest. */
const creatorEvents = (index: number): RecordedEvent[] => {
  const demo = demoCreator(index);
  const data = registration({ ownerName: demo.ownerName, email: demo.email });
  const entry = registeredEntry(data)!;
  const wizard = saveEvents(entry, { ...demo.profile, profilePicUrl: '/uploads/demo.webp' });
  const afterWizard = wizard.reduce((current, event) => evolveEntry(current, event, 'at'), entry);
  const verified: readonly ProfileEvent[] = demo.youtube
    ? asEventList(
        profileDecider.decide(
          {
            type: 'MarkAccountVerified',
            data: {
              platform: 'youtube',
              profileName: demo.youtube.handle,
              method: 'youtube_oauth',
              followers: demo.youtube.subscribers,
              verificationId: `verification-${index}`,
            },
            metadata: testMetadata(),
          },
          profileStateOf(afterWizard),
        ),
      )
    : [];
  const later = verified.reduce((current, event) => evolveEntry(current, event, 'at'), afterWizard);
  const resave = saveEvents(later, { description: `Now with more ${index}` });
  const { userId, registeredAt } = data;
  const at = '2026-02-01T00:00:00.000Z';
  const events: { streamId: string; type: string; data: object }[] = [
    { streamId: `account-${userId}`, type: 'AccountRegistered', data },
    ...[...wizard, ...verified].map((event) => ({ streamId: `profile-${userId}`, ...event })),
    { streamId: `presence-${userId}`, type: 'PresenceChanged', data: { userId, online: true, at } },
    {
      streamId: `listing-${userId}`,
      type: 'NewCreatorBoostEnded',
      data: { userId, registeredAt, at },
    },
    {
      streamId: `listing-${userId}`,
      type: 'ReplyTimeChanged',
      data: { userId, replyHours: 3, at },
    },
    {
      streamId: 'system-earlyadopters',
      type: 'EarlyAdopterBadgeAwarded',
      data: { userId, seat: index + 1, registeredAt },
    },
    ...resave.map((event) => ({ streamId: `profile-${userId}`, ...event })),
  ];
  return events.map((event, revision) => ({
    id: `${userId}-${revision}`,
    revision,
    position: revision + 1,
    metadata: {
      actorUserId: userId,
      correlationId: 'projection-test',
      causationId: null,
      schemaVersion: 1,
      timestamp: `2026-01-${String(10 + (revision % 20)).padStart(2, '0')}T00:00:00.000Z`,
    },
    ...event,
  }));
};

describe('the directory projection', () => {
  it('hands its entries over as JSON data and never changes one it was given', async () => {
    const { tx, entries } = freezingTransaction();
    const expected = new Map<string, DirectoryEntry>();
    for (let index = 0; index < 40; index++) {
      for (const recorded of creatorEvents(index)) {
        await directoryProjection.apply(recorded, tx);
        // The same fold on copies, as the store answered before.
        if (recorded.type === 'AccountRegistered') {
          const entry = registeredEntry((recorded as RecordedEvent<AccountRegistered>).data)!;
          expected.set(entry.id, structuredClone(entry));
          continue;
        }
        const userId =
          recorded.type === 'EarlyAdopterBadgeAwarded'
            ? (recorded.data as { userId: string }).userId
            : recorded.streamId.slice(recorded.streamId.indexOf('-') + 1);
        const entry = structuredClone(expected.get(userId)!);
        expected.set(
          userId,
          evolveEntry(
            entry,
            recorded as RecordedEvent<DirectoryEvent>,
            recorded.metadata.timestamp,
          ),
        );
      }
    }
    expect(entries.size).toBe(40);
    for (const [id, entry] of entries) {
      expect(JSON.stringify(entry)).toBe(JSON.stringify(expected.get(id)));
    }
    // Every kind of event went through.
    const last = [...entries.values()].at(-1) as DirectoryEntry;
    expect(last).toMatchObject({
      isOnline: true,
      boosted: false,
      earlyAdopter: true,
      replyHours: 3,
    });
    expect(last.description).toBe('Now with more 39');
  });
});
