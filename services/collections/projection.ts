import { cleanName } from '@linkcoin/domain/shared/names.ts';
import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import type {
  ConversationClosed,
  ConversationExtended,
  ConversationOpened,
  MessageSent,
  MessagesRead,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { PresenceChanged } from '@linkcoin/domain/messaging/presence.ts';
import type { ReplyTimeChanged } from '@linkcoin/domain/directory/listing.ts';
import {
  companyNameOf,
  legacyOwnerName,
  NAME_EVENT_TYPES,
  primaryHandle,
  withAccountEvent,
  type HandleAccount,
} from '@linkcoin/domain/profiles/names.ts';
import type { ProfileEvent } from '@linkcoin/domain/profiles/profile.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import type { CoinRefunded } from '@linkcoin/domain/wallet/wallet.ts';
import { pairIdOf } from '@linkcoin/domain/messaging/conversation.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** One document per side of each connection (the stored name predates the word). */
export const CONNECTION_SIDES = 'collection_entries';
export const COLLECTION_PEOPLE = 'collection_people';
const PERSON_SOURCES = 'collection_person_sources';

const profileOwner = (event: RecordedEvent): string => event.streamId.slice('profile-'.length);

/**
 * A user as the other side of a connection is shown: kept from the account, profile and presence
 * events.
 */
export type PersonDoc = {
  id: string;
  ownerName: string;
  profilePicUrl: string;
  isOnline: boolean;
  /** A brand's company (names.ts); null for creators. */
  companyName: string | null;
  /** The handle shown beside the name (names.ts). */
  handle: string | null;
  /** A creator's usual first reply in hours (ReplyTimeChanged), or null. */
  replyHours: number | null;
};

/** What the handle and the company follow, kept beside the person (not on the list lines). */
type PersonSources = {
  id: string;
  isBrand: boolean;
  legacyHandle: string | null;
  accounts: HandleAccount[];
};

/**
 * One side of a connection: a line of its owner's list, showing the other side (`contact`, the
 * spec's word for the person on a list). Kept when the payer removes the connection
 * (`listed: false`), so adding them again shows the conversation's last message and unread
 * count as they are.
 */
export type ConnectionSideDoc = {
  /** `<ownerId>:<contactId>`. */
  id: string;
  ownerId: string;
  contactId: string;
  pairId: string;
  role: CollectionEntry['role'];
  connectionId: string;
  addedAt: string;
  expiresAt: string;
  listed: boolean;
  refunded: boolean;
  contact: Omit<PersonDoc, 'id'>;
  lastMessage: string | null;
  lastMessageTimestamp: string | null;
  /** The connection's opening or the last message, whichever is newer: the list's order. */
  lastActivityAt: string;
  /** The seq of the newest message the owner received, and how many of them are unread. */
  lastReceivedSeq: number;
  unreadCount: number;
};

export const connectionSideId = (ownerId: string, contactId: string): string =>
  `${ownerId}:${contactId}`;

const unknownPerson = (id: string): PersonDoc => ({
  id,
  ownerName: '',
  profilePicUrl: '',
  isOnline: false,
  companyName: null,
  handle: null,
  replyHours: null,
});

const noSources = (id: string): PersonSources => ({
  id,
  isBrand: false,
  legacyHandle: null,
  accounts: [],
});

const contactOf = ({ id: _id, ...contact }: PersonDoc): ConnectionSideDoc['contact'] => contact;

type CollectionEvent =
  | RecordedEvent<AccountRegistered>
  | RecordedEvent<ProfileEvent>
  | RecordedEvent<PresenceChanged>
  | RecordedEvent<ReplyTimeChanged>
  | RecordedEvent<ConversationOpened>
  | RecordedEvent<ConversationExtended>
  | RecordedEvent<ConversationClosed>
  | RecordedEvent<CoinRefunded>
  | RecordedEvent<MessageSent>
  | RecordedEvent<MessagesRead>;

const EVENT_TYPES: readonly CollectionEvent['type'][] = [
  'AccountRegistered',
  // The name shown with its handle, and the picture.
  ...NAME_EVENT_TYPES,
  'ProfilePictureChanged',
  'PresenceChanged',
  'ReplyTimeChanged',
  'ConversationOpened',
  'ConversationExtended',
  'ConversationClosed',
  'CoinRefunded',
  'MessageSent',
  'MessagesRead',
];

/**
 * Changes a user as a contact, and every list line showing them (one indexed query). A change
 * that leaves a known user as they are writes nothing: most profile saves keep the name and the
 * picture, and each line already shows the user as they are (lines change with the user).
 */
const updatePerson = async (
  tx: ProjectionTransaction,
  userId: string,
  change: Partial<Omit<PersonDoc, 'id'>>,
): Promise<void> => {
  const known = await tx.get<PersonDoc>(COLLECTION_PEOPLE, userId);
  const keys = Object.keys(change) as (keyof typeof change)[];
  // A change of what the handle follows passes no field: the person is derived again.
  if (known && keys.length > 0 && keys.every((k) => known[k] === change[k])) return;
  const merged = { ...(known ?? unknownPerson(userId)), ...change };
  const sources = (await tx.get<PersonSources>(PERSON_SOURCES, userId)) ?? noSources(userId);
  const person: PersonDoc = {
    ...merged,
    handle: primaryHandle(sources.accounts, sources.legacyHandle, merged.ownerName),
    companyName: sources.isBrand ? merged.companyName : null,
  };
  if (known && JSON.stringify(known) === JSON.stringify(person)) return;
  await tx.put<PersonDoc>(COLLECTION_PEOPLE, userId, person);
  const lines = await tx.find<ConnectionSideDoc>(CONNECTION_SIDES, {
    where: { contactId: userId },
  });
  for (const line of lines) {
    await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, line.id, {
      ...line,
      contact: contactOf(person),
    });
  }
};

/** Changes what a person's handle follows, then the person (and the lines showing them). */
const updateSources = async (
  tx: ProjectionTransaction,
  userId: string,
  change: (sources: PersonSources) => PersonSources,
): Promise<void> => {
  const sources = (await tx.get<PersonSources>(PERSON_SOURCES, userId)) ?? noSources(userId);
  await tx.put<PersonSources>(PERSON_SOURCES, userId, change(sources));
  await updatePerson(tx, userId, {});
};

/** Changes both sides' lines of a pair (one indexed query), where `change` answers a line. */
const updatePair = async (
  tx: ProjectionTransaction,
  pairId: string,
  change: (line: ConnectionSideDoc) => ConnectionSideDoc | null,
): Promise<void> => {
  for (const line of await tx.find<ConnectionSideDoc>(CONNECTION_SIDES, { where: { pairId } })) {
    const changed = change(line);
    if (changed) await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, line.id, changed);
  }
};

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Both sides' lists (docs/product-spec.md section 7, "Collection"; docs/design.md section 6): the conversation's verdict
 * on each connection makes and changes the lines (opened, extended by a renewal or a new
 * connection, closed by a removal), so the lists show the connection that holds the pair even
 * when two users added each other at once and one was refused; its messages and reads give the
 * last message and the unread count of each side; the wallet's refund marks a line refunded;
 * the account, profile and presence events give the contact's name, picture and online dot, and
 * the listing's ReplyTimeChanged a creator's usual reply time. Names are copied into the lines
 * so a list is one query.
 */
export const collectionsProjection: Projection = {
  name: 'collections',
  // 2: lines follow the conversation's events, not the wallet's. 3: names stored clean. 4: names,
  // handles, companies. 5: a creator's usual reply time.
  version: 5,
  collections: [
    { name: COLLECTION_PEOPLE },
    { name: PERSON_SOURCES },
    {
      name: CONNECTION_SIDES,
      indexes: [
        { fields: ['ownerId', 'listed', 'lastActivityAt'] },
        { fields: ['contactId'] },
        { fields: ['pairId'] },
      ],
    },
  ],
  eventTypes: EVENT_TYPES,
  apply: async (recorded, tx) => {
    const event = recorded as CollectionEvent;
    switch (event.type) {
      case 'AccountRegistered':
        await tx.put<PersonSources>(PERSON_SOURCES, event.data.userId, {
          ...noSources(event.data.userId),
          isBrand: event.data.role === 'user',
        });
        await updatePerson(tx, event.data.userId, {
          ownerName: cleanName(event.data.ownerName),
          companyName: companyNameOf(event.data.companyName),
        });
        return;
      case 'PersonalDetailsUpdated': {
        // An unnamed save keeps the name; an old one may hold a handle (names.ts).
        const userId = profileOwner(event);
        const legacy = legacyOwnerName(event.data.ownerName);
        if (legacy.ownerName !== null)
          await updatePerson(tx, userId, { ownerName: legacy.ownerName });
        if (legacy.legacyHandle !== null) {
          const legacyHandle = legacy.legacyHandle;
          await updateSources(tx, userId, (sources) => ({ ...sources, legacyHandle }));
        }
        return;
      }
      case 'OwnerNameChanged':
        await updatePerson(tx, profileOwner(event), { ownerName: cleanName(event.data.ownerName) });
        return;
      case 'CompanyNameChanged':
        await updatePerson(tx, profileOwner(event), { companyName: event.data.companyName });
        return;
      case 'ProfilePictureChanged':
        await updatePerson(tx, profileOwner(event), {
          profilePicUrl: event.data.profilePicUrl,
        });
        return;
      case 'SocialAccountAdded':
      case 'SocialAccountUpdated':
      case 'SocialAccountRemoved':
      case 'SocialAccountVerified':
      case 'SocialAccountVerificationWithdrawn':
        await updateSources(tx, profileOwner(event), (sources) => ({
          ...sources,
          accounts: withAccountEvent(sources.accounts, event),
        }));
        return;
      case 'PresenceChanged':
        await updatePerson(tx, event.data.userId, { isOnline: event.data.online });
        return;
      case 'ReplyTimeChanged':
        await updatePerson(tx, event.data.userId, { replyHours: event.data.replyHours });
        return;
      case 'ConversationOpened': {
        const { pairId, payerId, creatorId, connectionId, expiresAt, at } = event.data;
        for (const [ownerId, contactId, role] of [
          [payerId, creatorId, 'payer'],
          [creatorId, payerId, 'creator'],
        ] as const) {
          const id = connectionSideId(ownerId, contactId);
          const earlier = await tx.get<ConnectionSideDoc>(CONNECTION_SIDES, id);
          const person =
            (await tx.get<PersonDoc>(COLLECTION_PEOPLE, contactId)) ?? unknownPerson(contactId);
          await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, id, {
            id,
            ownerId,
            contactId,
            pairId,
            role,
            connectionId,
            addedAt: at,
            expiresAt,
            listed: true,
            refunded: false,
            contact: contactOf(person),
            lastMessage: earlier?.lastMessage ?? null,
            lastMessageTimestamp: earlier?.lastMessageTimestamp ?? null,
            lastActivityAt: later(earlier?.lastActivityAt ?? '', at),
            lastReceivedSeq: earlier?.lastReceivedSeq ?? 0,
            unreadCount: earlier?.unreadCount ?? 0,
          });
        }
        return;
      }
      case 'ConversationExtended': {
        // A renewal of the connection on the lines, or the same payer's new connection after a
        // removal: back on both lists, added now.
        const { connectionId, expiresAt, at } = event.data;
        await updatePair(tx, event.data.pairId, (line) =>
          line.connectionId === connectionId
            ? { ...line, expiresAt, listed: true }
            : {
                ...line,
                connectionId,
                addedAt: at,
                expiresAt,
                listed: true,
                refunded: false,
                lastActivityAt: later(line.lastActivityAt, at),
              },
        );
        return;
      }
      case 'ConversationClosed':
        await updatePair(tx, event.data.pairId, (line) =>
          line.connectionId === event.data.connectionId ? { ...line, listed: false } : null,
        );
        return;
      case 'CoinRefunded': {
        const pairId = pairIdOf(event.data.userId, event.data.targetUserId);
        await updatePair(tx, pairId, (line) =>
          line.connectionId === event.data.connectionId ? { ...line, refunded: true } : null,
        );
        return;
      }
      case 'MessageSent': {
        const { senderId, receiverId, content, at, seq } = event.data;
        const last = { lastMessage: content, lastMessageTimestamp: at };
        const sent = await tx.get<ConnectionSideDoc>(
          CONNECTION_SIDES,
          connectionSideId(senderId, receiverId),
        );
        if (sent) {
          await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, sent.id, {
            ...sent,
            ...last,
            lastActivityAt: later(sent.lastActivityAt, at),
          });
        }
        const received = await tx.get<ConnectionSideDoc>(
          CONNECTION_SIDES,
          connectionSideId(receiverId, senderId),
        );
        if (received && seq > received.lastReceivedSeq) {
          await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, received.id, {
            ...received,
            ...last,
            lastActivityAt: later(received.lastActivityAt, at),
            lastReceivedSeq: seq,
            unreadCount: received.unreadCount + 1,
          });
        }
        return;
      }
      case 'MessagesRead': {
        const { readerId, senderId, upToSeq } = event.data;
        const line = await tx.get<ConnectionSideDoc>(
          CONNECTION_SIDES,
          connectionSideId(readerId, senderId),
        );
        // A read always covers every message the reader had received when it was decided, and
        // the conversation's events arrive here in order: nothing is left unread.
        if (line && upToSeq >= line.lastReceivedSeq && line.unreadCount > 0) {
          await tx.put<ConnectionSideDoc>(CONNECTION_SIDES, line.id, { ...line, unreadCount: 0 });
        }
        return;
      }
    }
  },
};
