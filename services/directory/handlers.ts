import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import type { DirectoryAnswer, VisibilityAnswer } from '@linkcoin/domain/directory/contracts.ts';
import { profileStateOf, type DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { listingDecider, listingStreamId } from '@linkcoin/domain/directory/listing.ts';
import { DIRECTORY_MESSAGES as M } from '@linkcoin/domain/directory/messages.ts';
import {
  allowedDepth,
  checkListingDepth,
  discoveryPager,
  DISCOVERY_PAGE_SIZE,
  type DiscoveryViewer,
} from '@linkcoin/domain/directory/pager.ts';
import { boostEndsAt, NEW_CREATOR_BOOST_DAYS } from '@linkcoin/domain/directory/ranking.ts';
import { DIRECTORY_PAGE_SIZE, type DirectoryRequest } from '@linkcoin/domain/directory/search.ts';
import { visibilityAnswer, visibilityOf } from '@linkcoin/domain/directory/visibility.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Principal } from '../platform/http/endpoint.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import type { BrandProfile } from '@linkcoin/domain/recommendations/profile.ts';
import { RECOMMENDATION_MESSAGES } from '@linkcoin/domain/recommendations/messages.ts';
import type { RecommendationsAnswer } from '@linkcoin/domain/recommendations/contracts.ts';
import { orderByMatch, scoreCreator } from '@linkcoin/domain/recommendations/score.ts';
import {
  brandSignalsDecider,
  brandSignalsStreamId,
  INTEREST_CHOICES,
} from '@linkcoin/domain/recommendations/signals.ts';
import { DIRECTORY } from './projection.ts';
import { matchPage, searchPage } from './query.ts';
import {
  profileOf,
  RECOMMENDATION_PROFILES,
  recommendationsFor,
  scoringContextOf,
  traitsOf,
} from './recommendations.ts';
import { directoryItem } from './view.ts';

export type DirectoryHandlers = ReturnType<typeof directoryHandlers>;

export const directoryHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  eventStore: EventStore;
  progress: ProjectionProgress;
  isOurImage: ImageUrlRule;
  /** DISCOVERY_MAX_PAGES: the cap on the discovery grid's pages. */
  discoveryMaxPages: number;
  /** Counts a visitor's listing request against their address; refuses past the limit. */
  visitorLimit: (address: string) => Promise<void>;
  /** Counts a member's listing request against their account; refuses past the limit. */
  memberLimit: (userId: string) => Promise<void>;
}) => {
  const { commands, readStore, isOurImage, discoveryMaxPages } = deps;
  const directory = () => readStore.collection<DirectoryEntry>(DIRECTORY);
  const profiles = () => readStore.collection<BrandProfile>(RECOMMENDATION_PROFILES);

  /** Best match for you (`sort=match`) is a brand's own order: anyone else is told so. */
  const matchBrandOf = (caller: Principal | null): string => {
    if (!caller) throw new DomainError('unauthorized', RECOMMENDATION_MESSAGES.matchBrandsOnly);
    // Brands only, and not an account with a console role (as `brandsOnly` endpoints).
    if (
      caller.role !== 'user' ||
      caller.roles.includes('admin') ||
      caller.roles.includes('auditor')
    ) {
      throw new DomainError('forbidden', RECOMMENDATION_MESSAGES.matchBrandsOnly);
    }
    return caller.userId;
  };

  /** The balance now, from the wallet's stream. */
  const coinsOf = async (userId: string): Promise<number> =>
    (await commands.load(walletDecider, walletStreamId(userId))).state.balance;

  /** Who reads a listing: visitors, members with their balance, admins whole. */
  const viewerOf = async (caller: Principal | null): Promise<DiscoveryViewer> => {
    if (!caller) return { signedIn: false };
    if (caller.roles.includes('admin')) return { signedIn: true, coins: 0, staff: true };
    return { signedIn: true, coins: await coinsOf(caller.userId) };
  };

  /**
   * `GET /api/pageowners/users`: the directory, or (view=discovery) the home page's grid. One
   * coin gate for both: the page allowance counted as depth into the results
   * (`checkListingDepth`), whatever the sort, filters or limit; visitors' requests are limited
   * per address (`visitorAddress`: their client address).
   */
  const search = async (
    request: DirectoryRequest,
    caller: Principal | null,
    visitorAddress: string,
  ): Promise<DirectoryAnswer> => {
    const { page } = request;
    const matchFor = request.match ? matchBrandOf(caller) : null;
    if (!caller) await deps.visitorLimit(visitorAddress);
    else await deps.memberLimit(caller.userId);
    if (
      request.view === 'discovery' &&
      request.limit !== null &&
      request.limit !== DISCOVERY_PAGE_SIZE
    ) {
      throw new DomainError(
        'validation',
        `The discovery grid shows ${DISCOVERY_PAGE_SIZE} creators a page.`,
      );
    }
    const limit =
      request.view === 'discovery' ? DISCOVERY_PAGE_SIZE : (request.limit ?? DIRECTORY_PAGE_SIZE);
    const viewer = await viewerOf(caller);
    checkListingDepth({ page, limit }, viewer, discoveryMaxPages);
    // Best match for you: the brand's own scoring context, read once for the order and the
    // reasons each card shows (past the scored window too, so every card says why).
    const context =
      matchFor !== null
        ? await scoringContextOf(directory(), await profileOf(profiles(), matchFor))
        : null;
    const { total, entries } =
      context !== null
        ? await matchPage(
            directory(),
            request,
            async (candidates) => orderByMatch(context, candidates.map(traitsOf)).map((m) => m.id),
            (page - 1) * limit,
            limit,
          )
        : await searchPage(directory(), request, request.sort, (page - 1) * limit, limit);
    const pager = discoveryPager({ page, viewer, maxPages: discoveryMaxPages, results: total });
    const depth = allowedDepth(viewer, discoveryMaxPages);
    return {
      success: true,
      data: entries.map((entry) =>
        context === null
          ? directoryItem(entry, isOurImage)
          : {
              ...directoryItem(entry, isOurImage),
              reasons: scoreCreator(context, traitsOf(entry)).reasons.map((r) => r.text),
            },
      ),
      // The pages of this size the viewer may open that have results.
      totalPages:
        request.view === 'discovery'
          ? pager.totalPages
          : Math.ceil(Math.min(total, depth ?? total) / limit),
      page,
      limit,
      total,
      view: request.view,
      pager,
    };
  };

  /** Where a creator stands on the visibility bar, and what would raise it. */
  const visibility = async (userId: string, now: Date): Promise<VisibilityAnswer> => {
    const entry = await directory().get(userId);
    if (!entry) {
      const { state } = await commands.load(accountDecider, accountStreamId(userId));
      throw new DomainError(
        'not_found',
        state.status === 'active' ? M.notACreator : ACCOUNT_MESSAGES.accountNotFound,
      );
    }
    const standing = visibilityOf(profileStateOf(entry));
    const endsAt = boostEndsAt(entry.registeredAt);
    return {
      success: true,
      userId,
      ...visibilityAnswer(standing),
      boost: {
        active: entry.boosted && now.getTime() < Date.parse(endsAt),
        days: NEW_CREATOR_BOOST_DAYS,
        endsAt,
      },
    };
  };

  /** Ends a creator's new-creator boost (the boost process, at the deadline). */
  const endBoost = async (userId: string, registeredAt: string, meta: CommandMetadata) => {
    await commands.handle(listingDecider, listingStreamId(userId), {
      type: 'EndNewCreatorBoost',
      data: { userId, registeredAt },
      metadata: { ...meta, idempotencyKey: `boost-ended-${userId}` },
    });
  };

  /** How many creators are listed (for the start-up banner). */
  const listed = () => directory().count();

  /** `GET /api/recommendations`: the signed-in brand's own, scored now. */
  const recommendations = async (
    brandId: string,
    limit: number,
  ): Promise<RecommendationsAnswer> => {
    // Up to seven indexed reads and a scoring: counted like a listing request.
    await deps.memberLimit(brandId);
    const found = await recommendationsFor(
      { directory: directory(), profiles: profiles() },
      brandId,
      limit,
    );
    return {
      success: true,
      mode: found.mode,
      needsInterests: found.needsInterests,
      interests: [...found.interests],
      interestChoices: INTEREST_CHOICES,
      data: found.matches.map((match) => ({
        ...directoryItem(match.entry, isOurImage),
        matchScore: match.score,
        reasons: match.reasons.map((reason) => reason.text),
      })),
    };
  };

  /** `PUT /api/recommendations/interests`: the interests a brand picked on its first visit. */
  const chooseInterests = async (
    brandId: string,
    interests: readonly string[],
    meta: CommandMetadata,
  ) => {
    await deps.memberLimit(brandId);
    const result = await commands.handle(brandSignalsDecider, brandSignalsStreamId(brandId), {
      type: 'ChooseInterests',
      data: { brandId, interests },
      metadata: meta,
    });
    if (result.position !== null) await deps.progress.waitFor(result.position);
  };

  return { search, visibility, endBoost, listed, recommendations, chooseInterests };
};
