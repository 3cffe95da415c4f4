/**
 * The collection's request and answer shapes (docs/product-spec.md sections 3 and 7, "Collection"), shared by
 * the server and the user app. A connection is on both sides' lists: the payer sees the creators
 * they added, the creator sees the payers who added them (docs/design.md section 6). The types keep the
 * names the user app knows them by (`CollectionEntry`: one connection as a list shows it;
 * `CollectionContact`: the person on the other side, the spec's "contact").
 */
import { z } from 'zod';
import { idField } from '../shared/numbers.ts';

/** `GET /api/collection/users/:userId`. */
export const collectionParams = z.object({ userId: idField('userId') });

/** `POST /api/collection/users/{add,remove,update}`: the caller, and the creator. */
export const collectionRequest = z.object({
  userId: idField('userId'),
  targetUserId: idField('targetUserId'),
});
export type CollectionRequest = z.input<typeof collectionRequest>;

/** The other side of a connection, as the list shows it. */
export type CollectionContact = {
  _id: string;
  ownerName: string;
  /** A picture of our upload storage, or '' (the app draws a generated avatar). */
  profilePicUrl: string;
  isOnline: boolean;
  /** A brand's company name, when given (names.ts). */
  companyName: string | null;
  /** A creator's handle, shown beside the name. */
  handle: string | null;
  /** A creator's usual first reply in hours ("Usually replies within N hours"), or null. */
  replyHours: number | null;
};

export type CollectionEntry = {
  user: CollectionContact;
  addedAt: string;
  /** The newest message of the conversation, either side's; null before the first. */
  lastMessage: string | null;
  lastMessageTimestamp: string | null;
  /** Messages the list's owner received and has not read. */
  unreadCount: number;
  expiresAt: string;
  /** Read-only from `expiresAt` on (docs/product-spec.md section 4, "Conversation expiry"). */
  expired: boolean;
  connectionId: string;
  /** The list owner's side: `payer` renews and removes; `creator` was added. */
  role: 'payer' | 'creator';
  /** The coin came back: the creator did not answer within 48 hours. */
  refunded: boolean;
};

/** Newest activity (added, or the last message) first. */
export type CollectionAnswer = { success: true; collections: CollectionEntry[] };
export type CollectionChangeAnswer = { success: true; message: string };
export type RenewalAnswer = { success: true; message: string; newDate: string };
