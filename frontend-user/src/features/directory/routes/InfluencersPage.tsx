import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Container,
  LinearProgress,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DIRECTORY_MESSAGES } from '@linkcoin/domain/directory/messages.ts';
import { Navigate, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { getSessionUser, hasBrowserSession } from '@linkcoin/frontend-shared/session/session.ts';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { queryClient } from '../../../lib/react-query';
import { useSecondPass } from '../../../lib/second-pass';
import { useAuth } from '../../../lib/auth/auth-context';
import { CollectionActions } from '../../collections';
import { SaveSearchButton } from '../../saved-searches';
import { directoryQueryOptions } from '../api/directory';
import { DirectoryBanner } from '../components/DirectoryBanner';
import { DirectoryFilterBar } from '../components/DirectoryFilterBar';
import { PagerLock } from '../components/PagerLock';
import { InfluencerCard } from '../components/InfluencerCard';
import { useFetchFailedToast } from '../hooks/useFetchFailedToast';
import { CARD_GRID_SX } from '../utils/card-display';
import type { DiscoveryViewer } from '../utils/discovery-pager';
import {
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  forViewer,
  isFiltered,
  sortsFor,
  withChanges,
  type DirectoryFilters,
} from '../utils/directory-params';
import { InfluencerDetailModal } from '../../profiles';
import { reasonLine } from '@linkcoin/domain/recommendations/reason-line.ts';

/** "Recommended for you", for a signed-in brand only: its code loads with it. */
const RecommendedSection = lazy(() =>
  import('../components/RecommendedSection').then((m) => ({ default: m.RecommendedSection })),
);

/** The cards of the first pass: what a first screen shows (none to three, by the width). */
const FIRST_PASS_CARDS = 3;

/** docs/product-spec.md section 2: the empty directory. */
export const NO_RESULTS = DIRECTORY_MESSAGES.noResults;

/**
 * The route's loader: a visitor's page (the first: paging needs an account) is asked for as the
 * route starts, before the page renders (an answer the page came with is there at once). Nothing
 * waits for it; a signed-in user's page is asked for with the balance, by the page.
 */
export const prefetchVisitorsPage = ({ request }: LoaderFunctionArgs) => {
  const filters = forViewer(filtersFromParams(new URL(request.url).searchParams), false);
  if (getSessionUser() === null && !hasBrowserSession() && filters.page === 1) {
    void queryClient.prefetchQuery(directoryQueryOptions(filters, null));
  }
  return null;
};

/**
 * /influencers, the creator directory (docs/product-spec.md section 2, "Influencer directory"): the search and
 * filters live in the address, so a search can be shared and the back button returns to the
 * previous one. 10 a page (docs/product-spec.md section 9); a visitor sees the first page and signs in for more.
 */
export function InfluencersPage() {
  const [params, setParams] = useSearchParams();
  const { user, isAuthenticated } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  // A signed-in brand (not the admin) has its own order too: Best match for you.
  const isBrand = signedIn && user.role === 'user' && !user.roles.includes('admin');
  const filters = forViewer(filtersFromParams(params), isBrand);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | null>(null);
  const listTop = useRef<HTMLHeadingElement>(null);
  const query = useQuery({
    ...directoryQueryOptions(
      filters,
      signedIn ? { userId: user._id, coins: user.linkCoins } : null,
    ),
    enabled: isAuthenticated || filters.page === 1,
  });
  // A page the balance does not open (a shared link, coins spent): the first page and its lock.
  const refused = query.isError && [401, 403].includes(errorStatus(query.error) ?? 0);
  useFetchFailedToast(query.errorUpdatedAt, query.isError && !refused);

  const show = (next: DirectoryFilters, replace = false) => {
    setParams(filtersToParams(next), { replace });
  };

  const goToPage = (page: number) => {
    if (!isAuthenticated && page > 1) {
      void navigate('/login');
      return;
    }
    show({ ...filters, page });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  // The cards render in a deferred pass React can interrupt: an answer's arrival never holds
  // the page (a phone's main thread) for the whole list at once.
  const answer = useDeferredValue(query.data);
  const loading = query.isPending || (answer === undefined && query.data !== undefined);
  // The page's first render shows the first cards; the rest follow in a second pass.
  const allCards = useSecondPass();
  const items = answer?.data ?? [];
  const shownItems = allCards ? items : items.slice(0, FIRST_PASS_CARDS);
  const totalPages = Math.max(1, answer?.totalPages ?? 1);
  const viewer: DiscoveryViewer = signedIn
    ? { signedIn: true, coins: answer?.pager.coins ?? user.linkCoins }
    : { signedIn: false };
  const refreshing = query.isFetching && query.isPlaceholderData;
  // A page past the last (a shared `?page=2` when fewer creators match now): the last page, so
  // the count above and the cards below always agree.
  const pastTheEnd = answer !== undefined && !query.isPlaceholderData && filters.page > totalPages;
  useEffect(() => {
    if (pastTheEnd) setParams(filtersToParams({ ...filters, page: totalPages }), { replace: true });
  }, [pastTheEnd, filters, totalPages, setParams]);

  // Paging needs an account (docs/product-spec.md section 6): a visitor's shared link past page 1 signs in first.
  if (!isAuthenticated && filters.page > 1) return <Navigate to="/login" replace />;
  if (refused && filters.page > 1) {
    return (
      <Navigate to={{ search: filtersToParams({ ...filters, page: 1 }).toString() }} replace />
    );
  }

  return (
    <>
      <PageTitle title="Influencers" />
      <DirectoryBanner />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Stack spacing={3}>
          {isBrand && (
            <Suspense fallback={null}>
              <RecommendedSection brandId={user._id} onOpen={setSelected} />
            </Suspense>
          )}
          <DirectoryFilterBar
            filters={filters}
            sorts={sortsFor(isBrand)}
            onChange={(changes, options) => show(withChanges(filters, changes), options?.replace)}
          />
          {signedIn && user.role === 'user' && (
            // A brand saves the search in the address bar and hears of new matches (issue 24).
            <Box>
              <Suspense fallback={null}>
                <SaveSearchButton query={filtersToParams({ ...filters, page: 1 }).toString()} />
              </Suspense>
            </Box>
          )}
          <Box
            component="section"
            aria-labelledby="influencers-heading"
            // Busy until the list is whole: the answer in, its cards all rendered.
            aria-busy={query.isFetching || answer !== query.data || !allCards}
            sx={{ scrollMarginTop: 96 }}
          >
            <Stack
              direction="row"
              sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}
            >
              <Typography variant="h4" component="h2" id="influencers-heading" ref={listTop}>
                Influencers
              </Typography>
              {answer && !pastTheEnd && (
                <Typography color="text.secondary" role="status">
                  {answer.total === 1
                    ? '1 creator'
                    : `${answer.total.toLocaleString('en-IN')} creators`}
                </Typography>
              )}
            </Stack>
            <Box sx={{ height: 4, mb: 1 }}>
              {refreshing && <LinearProgress aria-hidden="true" />}
            </Box>
            {loading ? (
              <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
                <CircularProgress aria-label="Loading influencers" />
              </Box>
            ) : !answer ? (
              <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }}>
                {refused && (
                  // The server's refusal in its words (Best match for you is a brand's own).
                  <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                    {errorMessage(query.error, 'This list could not be shown.')}
                  </Typography>
                )}
                <Button variant="outlined" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </Stack>
            ) : pastTheEnd ? null : items.length === 0 ? (
              <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }}>
                <Typography color="text.secondary" sx={{ fontSize: '1.125rem' }}>
                  {NO_RESULTS}
                </Typography>
                {isFiltered(filters) && (
                  <Button variant="contained" onClick={() => show(EMPTY_FILTERS)}>
                    Clear search and filters
                  </Button>
                )}
              </Stack>
            ) : (
              <Box
                role="list"
                aria-label="Influencers"
                sx={{ ...CARD_GRID_SX, opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
              >
                {shownItems.map((item) => (
                  <Box role="listitem" key={item._id} sx={{ minWidth: 0 }}>
                    <InfluencerCard
                      item={item}
                      // Best match for you: each card says why, as Recommended for you does.
                      reasons={
                        filters.sort === 'match' && item.reasons
                          ? reasonLine(item.reasons)
                          : undefined
                      }
                      onOpen={(it) => setSelected(it._id)}
                      actions={
                        user?._id === item._id ? undefined : (
                          <CollectionActions
                            targetUserId={item._id}
                            name={item.ownerName}
                            variant="directory"
                          />
                        )
                      }
                    />
                  </Box>
                ))}
              </Box>
            )}
            {answer && items.length > 0 && (
              <Box sx={{ mt: 3 }}>
                <PagerLock
                  viewer={viewer}
                  pager={{
                    page: answer.page,
                    totalPages: answer.pager.totalPages,
                    lockedPages: answer.pager.lockedPages,
                  }}
                  coinsForNextPage={answer.pager.coinsForNextPage}
                />
              </Box>
            )}
            {answer && totalPages > 1 && (
              <Stack sx={{ alignItems: 'center', mt: 4 }}>
                <Pagination
                  count={totalPages}
                  page={Math.min(filters.page, totalPages)}
                  onChange={(_event, page) => goToPage(page)}
                  color="primary"
                  shape="rounded"
                  siblingCount={1}
                  getItemAriaLabel={(type, page, isSelected) =>
                    type === 'page'
                      ? `${isSelected ? 'Page' : 'Go to page'} ${page}`
                      : `Go to ${type} page`
                  }
                />
              </Stack>
            )}
          </Box>
        </Stack>
      </Container>
      {selected && (
        <Suspense fallback={null}>
          <InfluencerDetailModal open userId={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}
