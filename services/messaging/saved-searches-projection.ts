import {
  MAX_LISTED_MATCHES,
  SAVED_SEARCH_EVENT_TYPES,
  type SavedSearchEvent,
} from '@linkcoin/domain/directory/saved-searches.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const SAVED_SEARCHES = 'saved_searches';

/** One saved search as its brand's list shows it. */
export type SavedSearchDocument = {
  id: string;
  brandId: string;
  name: string;
  /** The directory's query string (/influencers?<query>). */
  query: string;
  digest: boolean;
  createdAt: string;
  /** Matches the brand has not seen yet, newest last (the first MAX_LISTED_MATCHES). */
  newMatches: { creatorId: string; at: string }[];
  /** Unseen matches, those not listed included. */
  newMatchCount: number;
  /**
   * The creators of every unseen match, each once: a brand's new matches are counted as the
   * distinct creators over its searches (one creator found by three searches is one).
   */
  newCreatorIds: string[];
  /** Every match recorded for this search. */
  matchCount: number;
};

/**
 * The brands' saved searches (`GET /api/saved-searches`): one document per live search, with
 * the matches its brand has not seen yet. Folded from the `savedsearches-{brandId}` streams only,
 * so it is rebuilt from zero like every read model.
 */
export const savedSearchesProjection: Projection = {
  name: 'saved-searches',
  // 2: each search keeps its unseen matches' creators (newCreatorIds).
  version: 2,
  collections: [{ name: SAVED_SEARCHES, indexes: [{ fields: ['brandId', 'createdAt'] }] }],
  eventTypes: SAVED_SEARCH_EVENT_TYPES,
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<SavedSearchEvent>;
    const update = async (
      searchId: string,
      change: (doc: SavedSearchDocument) => SavedSearchDocument,
    ) => {
      const doc = await tx.get<SavedSearchDocument>(SAVED_SEARCHES, searchId);
      if (doc) await tx.put<SavedSearchDocument>(SAVED_SEARCHES, searchId, change(doc));
    };
    switch (event.type) {
      case 'SavedSearchCreated': {
        const { searchId, brandId, name, query, at } = event.data;
        await tx.put<SavedSearchDocument>(SAVED_SEARCHES, searchId, {
          id: searchId,
          brandId,
          name,
          query,
          digest: true,
          createdAt: at,
          newMatches: [],
          newMatchCount: 0,
          newCreatorIds: [],
          matchCount: 0,
        });
        return;
      }
      case 'SavedSearchRenamed':
        return update(event.data.searchId, (doc) => ({ ...doc, name: event.data.name }));
      case 'SavedSearchDeleted':
        return tx.delete(SAVED_SEARCHES, event.data.searchId);
      case 'SavedSearchDigestChanged':
        return update(event.data.searchId, (doc) => ({ ...doc, digest: event.data.digest }));
      case 'SavedSearchMatched': {
        const { creatorId, at } = event.data;
        return update(event.data.searchId, (doc) => ({
          ...doc,
          newMatches:
            doc.newMatches.length < MAX_LISTED_MATCHES
              ? [...doc.newMatches, { creatorId, at }]
              : doc.newMatches,
          newMatchCount: doc.newMatchCount + 1,
          newCreatorIds: doc.newCreatorIds.includes(creatorId)
            ? doc.newCreatorIds
            : [...doc.newCreatorIds, creatorId],
          matchCount: doc.matchCount + 1,
        }));
      }
      case 'SavedSearchMatchesSeen': {
        const docs = await tx.find<SavedSearchDocument>(SAVED_SEARCHES, {
          where: { brandId: event.data.brandId },
        });
        for (const doc of docs) {
          if (doc.newMatchCount > 0) {
            await tx.put<SavedSearchDocument>(SAVED_SEARCHES, doc.id, {
              ...doc,
              newMatches: [],
              newMatchCount: 0,
              newCreatorIds: [],
            });
          }
        }
        return;
      }
      case 'SavedSearchDigestSent':
        return;
    }
  },
};
