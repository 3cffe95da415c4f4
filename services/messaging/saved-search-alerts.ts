import type { Logger } from 'pino';
import type {
  AccountRegistered,
  RoleGranted,
  RoleRevoked,
} from '@linkcoin/domain/accounts/account.ts';
import type { DirectoryFilters } from '@linkcoin/domain/directory/search.ts';
import {
  digestDay,
  savedSearchMatcher,
  digestDueAt,
  savedSearchesDecider,
  savedSearchesStreamId,
  type SavedSearchCreated,
  type SavedSearchEvent,
} from '@linkcoin/domain/directory/saved-searches.ts';
import {
  candidateEntry,
  evolveCandidate,
  mayMatch,
  registeredCandidate,
  sameCandidate,
  SEARCH_PROFILE_EVENT_TYPES,
  type CandidateEvent,
  type SearchCandidate,
} from '@linkcoin/domain/directory/search-candidate.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import { maskAddress, type Mailer } from '@linkcoin/infra/mail/port.ts';
import { CONSOLE_ROLES } from '../platform/http/endpoint.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';
import type { MessagingHandlers } from './handlers.ts';
import type { PushNotifier } from './push.ts';
import { savedSearchDigestMail, type UnsubscribeTokens } from './saved-search-mail.ts';

/** A creator as far as a search's match reads them (domain/directory/search-candidate.ts). */
const CREATORS = 'pm_saved_search_creators';
/** Each live saved search's filters. */
const FILTERS = 'pm_saved_search_filters';
/** Brands with matches waiting for their digest, and when it is due. */
const DIGESTS = 'pm_saved_search_digests';
/** Accounts holding a console role (admin, auditor), with those roles. */
const CONSOLE = 'pm_saved_search_console_roles';
/**
 * One document: the id of the last event that changed the saved searches' filters (a search
 * saved or deleted), so the process knows whether the filters it read last are still theirs.
 */
const FILTERS_CHANGE = 'pm_saved_search_filters_change';
const LAST_CHANGE = 'last';

type SearchFilters = { id: string; brandId: string; filters: DirectoryFilters };
type DigestDue = { id: string; dueAt: string };
type ConsoleRoles = { id: string; roles: string[] };
type FiltersChange = { id: typeof LAST_CHANGE; eventId: string };

const isConsoleRole = (role: string): boolean =>
  (CONSOLE_ROLES as readonly string[]).includes(role);

/**
 * The directory's events that can change what a search finds: presence, rank, pictures, links,
 * prices and past posts do not (`SEARCH_PROFILE_EVENT_TYPES`), so they are not read at all.
 */
const CREATOR_EVENTS = ['AccountRegistered', ...SEARCH_PROFILE_EVENT_TYPES, 'ReplyTimeChanged'];

/** `profile-42`, `listing-42` -> `42`. */
const userOf = (event: RecordedEvent): string =>
  event.streamId.slice(event.streamId.indexOf('-') + 1);

/**
 * Saved searches' alerts (issue 24, item 4). It follows the directory's listing events that can
 * change a match, folding only what a match reads (`evolveCandidate`, the profile's own fold),
 * and each saved search's filters: when a creator's entry comes into a search's results as a
 * verified creator (`matchesSavedSearch` on the directory's entry, `candidateEntry`: verified
 * and found by the filters; it did not match before the event, it does after), it records
 * the match on the brand's stream (RecordSearchMatch, keyed by search and creator, so a replay
 * records nothing twice) and pushes it to the brand's browsers. Searches saved later see only
 * later changes, since the process reads them in the log's order. Its tick mails each brand
 * one digest a day of the matches not mailed yet (ClaimDigest decides the day once per brand;
 * only the call that claimed it mails).
 *
 * A save is cheap here (every profile save passes through): an event that leaves the candidate
 * as it was is neither stored nor tested, and the searches are read, and the entries made, only
 * for a verified creator, since nobody else can match, and kept from one to the next until a
 * search is saved or deleted (`liveSearches`).
 *
 * A brand's account that also holds a console role (admin, auditor: granted and revoked on the
 * account's stream, which it follows too) is no brand to the saved-search endpoints (they answer
 * 403), so while it holds one the process records no match for it, pushes nothing and mails no
 * digest (one waiting when the role came is dropped; the matches recorded before it are mailed
 * with the next digest once the role is taken back).
 */
export const savedSearchAlerts = (deps: {
  commands: CommandHandler;
  handlers: MessagingHandlers;
  push: PushNotifier;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  logger: Logger;
  tickMs: number;
  /** India's hour (0-23) the day's digest goes out at (SAVED_SEARCH_DIGEST_HOUR). */
  digestHour: number;
  publicUrl: () => string;
}): ProcessManager => {
  /**
   * The live searches as last read, and the change they were read after. A verified creator's
   * change tests every search: reading them all from the store at each one cost a save time in
   * proportion to the searches saved. They are read again only when the last change is another
   * one: a search saved or deleted since (here, or by another process holding this one's lease),
   * or a batch rolled back (its change is gone with it). A change is an event id, so a log
   * replayed from the start meets each change again with the same filters. Until a first change
   * is recorded (a store written before this document existed), they are read every time.
   */
  let lastRead: { eventId: string; searches: readonly SearchFilters[] } | null = null;
  const liveSearches = async (tx: ProjectionTransaction): Promise<readonly SearchFilters[]> => {
    const change = await tx.get<FiltersChange>(FILTERS_CHANGE, LAST_CHANGE);
    if (!change) return tx.find<SearchFilters>(FILTERS);
    if (lastRead?.eventId !== change.eventId) {
      lastRead = { eventId: change.eventId, searches: await tx.find<SearchFilters>(FILTERS) };
    }
    return lastRead.searches;
  };
  const filtersChanged = (tx: ProjectionTransaction, recorded: RecordedEvent) =>
    tx.put<FiltersChange>(FILTERS_CHANGE, LAST_CHANGE, { id: LAST_CHANGE, eventId: recorded.id });

  const recordMatches = async (
    recorded: RecordedEvent,
    beforeCandidate: SearchCandidate | null,
    afterCandidate: SearchCandidate,
    searches: readonly SearchFilters[],
    holdsConsoleRole: (brandId: string) => Promise<boolean>,
  ) => {
    const after = candidateEntry(afterCandidate);
    const matchesAfter = savedSearchMatcher(after);
    let matchedBefore: ((filters: DirectoryFilters) => boolean) | undefined;
    for (const search of searches) {
      // The entry before the event only once it matters: the creator matches now. A match is
      // new when the creator did not match before (`becameMatch`).
      if (!matchesAfter(search.filters)) continue;
      matchedBefore ??= beforeCandidate
        ? savedSearchMatcher(candidateEntry(beforeCandidate))
        : () => false;
      if (matchedBefore(search.filters)) continue;
      if (await holdsConsoleRole(search.brandId)) continue;
      const key = `saved-search-match-${search.id}-${after.id}`;
      const result = await deps.commands.handle(
        savedSearchesDecider,
        savedSearchesStreamId(search.brandId),
        {
          type: 'RecordSearchMatch',
          data: { brandId: search.brandId, searchId: search.id, creatorId: after.id },
          metadata: {
            now: new Date(recorded.metadata.timestamp),
            actorUserId: null,
            correlationId: recorded.metadata.correlationId,
            causationId: recorded.id,
            idempotencyKey: key,
          },
        },
      );
      if (result.alreadyHandled || !result.events.some((e) => e.type === 'SavedSearchMatched')) {
        continue;
      }
      await deps.push.notifyMatch({
        brandId: search.brandId,
        searchId: search.id,
        searchName: result.state.searches.get(search.id)?.name ?? 'your search',
        creatorName: after.ownerName || after.handle || 'A creator',
      });
    }
  };

  const mailDigest = async (brandId: string, now: Date) => {
    const key = `saved-search-digest-${brandId}-${digestDay(now)}`;
    const result = await deps.commands.handle(
      savedSearchesDecider,
      savedSearchesStreamId(brandId),
      {
        type: 'ClaimDigest',
        data: { brandId },
        metadata: { now, actorUserId: null, correlationId: key, causationId: null },
      },
    );
    const sent = result.events.find((e) => e.type === 'SavedSearchDigestSent');
    if (result.alreadyHandled || !sent || sent.type !== 'SavedSearchDigestSent') return;
    if (sent.data.searches.length === 0) return; // nothing new to tell: no mail
    const brand = await deps.handlers.personOf(brandId);
    if (!brand) return;
    const base = deps.publicUrl();
    const searches = await Promise.all(
      sent.data.searches.map(async (search) => ({
        name: search.name,
        openUrl: `${base}/influencers${search.query ? `?${search.query}` : ''}`,
        unsubscribeUrl: `${base}/unsubscribe/saved-searches?t=${deps.tokens.sign({ brandId, searchId: search.searchId })}`,
        creators: await Promise.all(
          search.creatorIds.map(async (creatorId) => ({
            creatorId,
            name: (await deps.handlers.personOf(creatorId))?.name ?? 'A creator',
            profileUrl: `${base}/Profile/${encodeURIComponent(creatorId)}`,
          })),
        ),
      })),
    );
    try {
      await deps.mailer.send(
        savedSearchDigestMail(brand.email, {
          brandName: brand.name,
          searches,
          savedSearchesUrl: `${base}/saved-searches`,
          unsubscribeAllUrl: `${base}/unsubscribe/saved-searches?t=${deps.tokens.sign({ brandId, searchId: null })}`,
        }),
      );
    } catch (error) {
      // The day is claimed either way: a failed mail is not retried into a flood.
      deps.logger.error(
        { err: error, to: maskAddress(brand.email) },
        'the saved searches digest could not be sent',
      );
    }
  };

  return {
    projection: {
      name: 'pm-saved-search-alerts',
      // 2: follows the accounts' console roles (brands holding one hear nothing). 3: keeps of a
      // creator only what a match reads (search-candidate.ts), and only the events that change it.
      version: 3,
      collections: [
        { name: CREATORS, indexes: [] },
        { name: FILTERS, indexes: [] },
        { name: DIGESTS, indexes: [{ fields: ['dueAt'] }] },
        { name: CONSOLE, indexes: [] },
        { name: FILTERS_CHANGE, indexes: [] },
      ],
      eventTypes: [
        ...CREATOR_EVENTS,
        'RoleGranted',
        'RoleRevoked',
        'SavedSearchCreated',
        'SavedSearchDeleted',
        'SavedSearchMatched',
        'SavedSearchDigestSent',
      ],
      apply: async (recorded, tx) => {
        const holdsConsoleRole = async (brandId: string) =>
          (await tx.get<ConsoleRoles>(CONSOLE, brandId)) !== null;
        switch (recorded.type) {
          case 'RoleGranted': {
            const { userId, role } = (recorded as RecordedEvent<RoleGranted>).data;
            if (!isConsoleRole(role)) return;
            const held = (await tx.get<ConsoleRoles>(CONSOLE, userId))?.roles ?? [];
            if (!held.includes(role)) {
              await tx.put<ConsoleRoles>(CONSOLE, userId, { id: userId, roles: [...held, role] });
            }
            await tx.delete(DIGESTS, userId);
            return;
          }
          case 'RoleRevoked': {
            const { userId, role } = (recorded as RecordedEvent<RoleRevoked>).data;
            const held = (await tx.get<ConsoleRoles>(CONSOLE, userId))?.roles ?? [];
            const roles = held.filter((r) => r !== role);
            if (roles.length > 0)
              await tx.put<ConsoleRoles>(CONSOLE, userId, { id: userId, roles });
            else if (held.length > 0) await tx.delete(CONSOLE, userId);
            return;
          }
          case 'SavedSearchCreated': {
            const { searchId, brandId, filters } = (recorded as RecordedEvent<SavedSearchCreated>)
              .data;
            await tx.put<SearchFilters>(FILTERS, searchId, { id: searchId, brandId, filters });
            await filtersChanged(tx, recorded);
            return;
          }
          case 'SavedSearchDeleted':
          case 'SavedSearchMatched':
          case 'SavedSearchDigestSent': {
            const event = recorded as RecordedEvent<SavedSearchEvent>;
            if (event.type === 'SavedSearchDeleted') {
              await tx.delete(FILTERS, event.data.searchId);
              await filtersChanged(tx, recorded);
            } else if (event.type === 'SavedSearchDigestSent') {
              await tx.delete(DIGESTS, event.data.brandId);
            } else if (event.type === 'SavedSearchMatched') {
              const { brandId, at } = event.data;
              if (await holdsConsoleRole(brandId)) return;
              if (!(await tx.get<DigestDue>(DIGESTS, brandId))) {
                await tx.put<DigestDue>(DIGESTS, brandId, {
                  id: brandId,
                  dueAt: digestDueAt(at, deps.digestHour),
                });
              }
            }
            return;
          }
          case 'AccountRegistered': {
            const candidate = registeredCandidate(
              (recorded as RecordedEvent<AccountRegistered>).data,
            );
            if (!candidate) return; // not a creator
            await tx.put<SearchCandidate>(CREATORS, candidate.id, candidate);
            return; // nobody is verified at sign-up: no match yet
          }
          default: {
            const before = await tx.get<SearchCandidate>(CREATORS, userOf(recorded));
            if (!before) return; // not a creator
            const after = evolveCandidate(before, recorded as RecordedEvent<CandidateEvent>);
            // Unchanged for every search: nothing to store, no match to test.
            if (sameCandidate(before, after)) return;
            // Only a verified creator can match: the searches are read for them alone (and
            // before this write, so the batch's writes stay in memory).
            const searches = mayMatch(after) ? await liveSearches(tx) : [];
            await tx.put<SearchCandidate>(CREATORS, after.id, after);
            if (searches.length > 0) {
              await recordMatches(recorded, before, after, searches, holdsConsoleRole);
            }
          }
        }
      },
    },
    tick: {
      intervalMs: deps.tickMs,
      run: async (now, state) => {
        const due = await state.collection<DigestDue>(DIGESTS).find({
          where: { dueAt: { $lte: now.toISOString() } },
          sort: [['dueAt', 1]],
          limit: 100,
        });
        const consoleRoles = state.collection<ConsoleRoles>(CONSOLE);
        for (const { id } of due) {
          // A console role granted since the list was read (its entry went with it): no mail.
          if (await consoleRoles.get(id)) continue;
          try {
            await mailDigest(id, now);
          } catch (error) {
            deps.logger.warn(
              { err: error, process: 'pm-saved-search-alerts' },
              'a saved searches digest could not be claimed yet; the next tick tries again',
            );
          }
        }
      },
    },
  };
};
