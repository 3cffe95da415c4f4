import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  changeSearchRequest,
  saveSearchRequest,
  savedSearchParams,
  type SavedSearchAnswer,
  type SavedSearchesAnswer,
  type SavedSearchView,
} from '@linkcoin/domain/directory/saved-search-contracts.ts';
import {
  MAX_SAVED_SEARCHES,
  savedSearchesDecider,
  savedSearchesStreamId,
  type SavedSearchCommand,
} from '@linkcoin/domain/directory/saved-searches.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Clock } from '../platform/clock.ts';
import { brandsOnly, callerOf, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams } from '../platform/http/validate.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import type { MessagingHandlers } from './handlers.ts';
import { unsubscribePage, type PageButton, type UnsubscribeTokens } from './saved-search-mail.ts';
import { SAVED_SEARCHES, type SavedSearchDocument } from './saved-searches-projection.ts';

export const SAVED_SEARCH_ANSWERS = {
  saved: 'Search saved. We will tell you when new creators match it.',
  renamed: 'Search renamed.',
  digestOn: 'You will get a daily e-mail when new creators match this search.',
  digestOff: 'You will no longer get e-mails for this search.',
  deleted: 'Saved search deleted.',
  seen: 'New matches marked as seen.',
} as const;
const A = SAVED_SEARCH_ANSWERS;

const viewOf = (doc: SavedSearchDocument): SavedSearchView => ({
  searchId: doc.id,
  name: doc.name,
  query: doc.query,
  digest: doc.digest,
  createdAt: doc.createdAt,
  newMatchCount: doc.newMatchCount,
  matchCount: doc.matchCount,
});

export type SavedSearchHandlers = ReturnType<typeof savedSearchHandlers>;

/** The saved searches' use cases, on the brand's own stream and the saved searches read model. */
export const savedSearchHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
  messaging: MessagingHandlers;
}) => {
  const docs = () => deps.readStore.collection<SavedSearchDocument>(SAVED_SEARCHES);

  const run = async (brandId: string, command: SavedSearchCommand) => {
    const result = await deps.commands.handle(
      savedSearchesDecider,
      savedSearchesStreamId(brandId),
      command,
    );
    await deps.progress.waitFor(result.position);
    return result;
  };

  const searchOf = async (brandId: string, searchId: string): Promise<SavedSearchView | null> => {
    const doc = await docs().get(searchId);
    return doc && doc.brandId === brandId ? viewOf(doc) : null;
  };

  const list = async (brandId: string): Promise<SavedSearchesAnswer> => {
    const found = await docs().find({ where: { brandId }, sort: [['createdAt', 1]] });
    const matches = found
      .flatMap((doc) => doc.newMatches.map((match) => ({ ...match, doc })))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, 50);
    const names = new Map<string, string>();
    await Promise.all(
      [...new Set(matches.map((m) => m.creatorId))].map(async (creatorId) => {
        names.set(creatorId, (await deps.messaging.personOf(creatorId))?.name ?? 'A creator');
      }),
    );
    return {
      success: true,
      searches: found.map(viewOf),
      newMatches: matches.map(({ creatorId, at, doc }) => ({
        searchId: doc.id,
        searchName: doc.name,
        creatorId,
        creatorName: names.get(creatorId) ?? 'A creator',
        at,
      })),
      // Distinct creators: one found by three searches is one new match for the brand.
      newMatchCount: new Set(found.flatMap((doc) => doc.newCreatorIds)).size,
      limit: MAX_SAVED_SEARCHES,
    };
  };

  const save = async (brandId: string, name: string, query: string, meta: CommandMetadata) => {
    const searchId = randomUUID();
    await run(brandId, {
      type: 'SaveSearch',
      data: { brandId, searchId, name, query },
      metadata: meta,
    });
    return searchOf(brandId, searchId);
  };

  const change = async (
    brandId: string,
    searchId: string,
    changes: { name?: string | undefined; digest?: boolean | undefined },
    meta: CommandMetadata,
  ) => {
    if (changes.name !== undefined) {
      await run(brandId, {
        type: 'RenameSearch',
        data: { brandId, searchId, name: changes.name },
        metadata: meta,
      });
    }
    if (changes.digest !== undefined) {
      await run(brandId, {
        type: 'SetSearchDigest',
        data: { brandId, searchId, digest: changes.digest, via: 'app' },
        metadata: meta,
      });
    }
    return searchOf(brandId, searchId);
  };

  const remove = (brandId: string, searchId: string, meta: CommandMetadata) =>
    run(brandId, { type: 'DeleteSearch', data: { brandId, searchId }, metadata: meta });

  const markSeen = (brandId: string, meta: CommandMetadata) =>
    run(brandId, { type: 'MarkMatchesSeen', data: { brandId }, metadata: meta });

  /** What an unsubscribe link points at now, changing nothing: a search's name, or gone. */
  const unsubscribeTarget = async (
    brandId: string,
    searchId: string | null,
  ): Promise<{ gone: boolean; name: string | null }> => {
    if (searchId === null) return { gone: false, name: null };
    const { state } = await deps.commands.load(
      savedSearchesDecider,
      savedSearchesStreamId(brandId),
    );
    const search = state.searches.get(searchId);
    return search ? { gone: false, name: search.name } : { gone: true, name: null };
  };

  /**
   * The mail's link, confirmed: turns a digest off without signing in (again: nothing more).
   * Answers the search's name, if any; a search deleted before or meanwhile is gone, not an error.
   */
  const unsubscribe = async (
    brandId: string,
    searchId: string | null,
    meta: CommandMetadata,
  ): Promise<{ gone: boolean; name: string | null }> => {
    try {
      const result = await run(brandId, {
        type: 'SetSearchDigest',
        data: { brandId, searchId, digest: false, via: 'mail' },
        metadata: meta,
      });
      return {
        gone: false,
        name: searchId === null ? null : (result.state.searches.get(searchId)?.name ?? null),
      };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') {
        return { gone: true, name: null };
      }
      throw error;
    }
  };

  return { list, save, change, remove, markSeen, unsubscribeTarget, unsubscribe };
};

/** `/api/saved-searches`: a brand's own saved searches, nobody else's (not even an admin's). */
export const savedSearchEndpoints = (deps: {
  savedSearches: SavedSearchHandlers;
  clock: Clock;
}): Endpoint[] => {
  const { savedSearches, clock } = deps;
  return [
    {
      method: 'get',
      path: '/saved-searches',
      summary:
        "The signed-in brand's saved directory searches and the creators newly matching them",
      access: brandsOnly,
      input: {},
      handler: async (req, res) => {
        res.json(await savedSearches.list(callerOf(req).userId));
      },
    },
    {
      method: 'post',
      path: '/saved-searches',
      summary: 'The signed-in brand saves a directory search (its query string) with a name',
      access: brandsOnly,
      input: { body: saveSearchRequest },
      handler: async (req, res) => {
        const { name, query } = parseBody(saveSearchRequest, req);
        const search = await savedSearches.save(
          callerOf(req).userId,
          name,
          query,
          commandMetadata(req, clock),
        );
        res
          .status(201)
          .json({ success: true, message: A.saved, search } satisfies SavedSearchAnswer);
      },
    },
    {
      method: 'patch',
      path: '/saved-searches/:searchId',
      summary: "Renames one of the brand's saved searches or turns its daily e-mail on or off",
      access: brandsOnly,
      input: { params: savedSearchParams, body: changeSearchRequest },
      handler: async (req, res) => {
        const { searchId } = parseParams(savedSearchParams, req);
        const changes = parseBody(changeSearchRequest, req);
        const search = await savedSearches.change(
          callerOf(req).userId,
          searchId,
          changes,
          commandMetadata(req, clock),
        );
        const message =
          changes.digest === undefined ? A.renamed : changes.digest ? A.digestOn : A.digestOff;
        res.json({ success: true, message, search } satisfies SavedSearchAnswer);
      },
    },
    {
      method: 'delete',
      path: '/saved-searches/:searchId',
      summary: "Deletes one of the brand's saved searches",
      access: brandsOnly,
      input: { params: savedSearchParams },
      handler: async (req, res) => {
        const { searchId } = parseParams(savedSearchParams, req);
        await savedSearches.remove(callerOf(req).userId, searchId, commandMetadata(req, clock));
        res.json({ success: true, message: A.deleted, search: null } satisfies SavedSearchAnswer);
      },
    },
    {
      method: 'post',
      path: '/saved-searches/seen',
      summary: "The brand has seen its saved searches' new matches",
      access: brandsOnly,
      input: {},
      handler: async (req, res) => {
        await savedSearches.markSeen(callerOf(req).userId, commandMetadata(req, clock));
        res.json({ success: true, message: A.seen, search: null } satisfies SavedSearchAnswer);
      },
    },
  ];
};

export const UNSUBSCRIBE_PATH = '/unsubscribe/saved-searches';

export const UNSUBSCRIBE_TEXTS = {
  confirmTitle: 'Stop these e-mails?',
  confirmOne: (name: string) =>
    `Stop the daily e-mail of new matches for your saved search “${name}”? The search stays saved.`,
  confirmAll:
    'Stop the daily e-mail of new matches for all your saved searches? Your searches stay saved.',
  confirmButton: 'Stop the e-mails',
  doneTitle: 'You are unsubscribed',
  doneOne: (name: string) =>
    `You will no longer get the daily e-mail for your saved search “${name}”. You can turn it on again in your saved searches.`,
  doneAll:
    'You will no longer get the daily e-mail for any of your saved searches. You can turn it on again in your saved searches.',
  goneTitle: 'Nothing to turn off',
  gone: 'This saved search was deleted, so it sends no more e-mails.',
  badTitle: 'This link does not work',
  bad: 'This unsubscribe link is not valid: it may have been cut or changed. Use the link from the e-mail as it is, or turn the e-mails off in your saved searches.',
  failedTitle: 'Something went wrong',
  failed: 'We could not turn the e-mails off just now. Please try the link again in a minute.',
} as const;
const U = UNSUBSCRIBE_TEXTS;

/**
 * The digest's unsubscribe link, without signing in. GET (the link opened, or pre-opened by a
 * mail scanner) changes nothing: it asks, with a button that POSTs to the same signed link.
 * POST turns the digest off and says so: the button, or a mail client's own one-click button
 * (RFC 8058: a POST with the body `List-Unsubscribe=One-Click`, which is not read, since the
 * signed link says everything). Both answer the same page when repeated; a search deleted
 * meanwhile is "Nothing to turn off"; a link whose signature does not hold changes nothing.
 */
export const unsubscribeHandler = (deps: {
  tokens: UnsubscribeTokens;
  savedSearches: SavedSearchHandlers;
  clock: Clock;
  logger: Logger;
  appUrl: () => string;
}): RequestHandler => {
  const page = (
    res: Parameters<RequestHandler>[1],
    status: number,
    title: string,
    text: string,
    button?: PageButton,
  ) => {
    res
      .status(status)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Referrer-Policy', 'no-referrer')
      .send(unsubscribePage(title, text, deps.appUrl(), button));
  };
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'POST') || (req.path !== '/' && req.path !== '')) {
      next();
      return;
    }
    const target = deps.tokens.read(req.query.t);
    if (!target) {
      page(res, 400, U.badTitle, U.bad);
      return;
    }
    try {
      if (req.method === 'GET') {
        const found = await deps.savedSearches.unsubscribeTarget(target.brandId, target.searchId);
        if (found.gone) page(res, 200, U.goneTitle, U.gone);
        else
          page(
            res,
            200,
            U.confirmTitle,
            found.name === null ? U.confirmAll : U.confirmOne(found.name),
            { action: `${UNSUBSCRIBE_PATH}?t=${deps.tokens.sign(target)}`, label: U.confirmButton },
          );
        return;
      }
      const outcome = await deps.savedSearches.unsubscribe(target.brandId, target.searchId, {
        now: deps.clock.now(),
        actorUserId: target.brandId,
        correlationId: randomUUID(),
        causationId: null,
      });
      if (outcome.gone) page(res, 200, U.goneTitle, U.gone);
      else page(res, 200, U.doneTitle, outcome.name === null ? U.doneAll : U.doneOne(outcome.name));
    } catch (error) {
      deps.logger.error({ err: error }, 'a saved-search unsubscribe link could not be applied');
      page(res, 500, U.failedTitle, U.failed);
    }
  };
};
