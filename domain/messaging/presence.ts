/**
 * Presence (the online dot, spec sections 2 and 3: `isOnline`). The chat gateway knows who is
 * connected; when it records that a user came online or went offline it appends this event, and
 * the read models that show `isOnline` (the collection's contacts) follow it. Until then nobody
 * is shown online.
 */
import type { Event } from '../shared/messages.ts';

export const presenceStreamId = (userId: string): string => `presence-${userId}`;

export type PresenceChanged = Event<
  'PresenceChanged',
  { userId: string; online: boolean; at: string }
>;
