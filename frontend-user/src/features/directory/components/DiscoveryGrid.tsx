import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { useQuery } from '@tanstack/react-query';
import { DIRECTORY_MESSAGES } from '@linkcoin/domain/directory/messages.ts';
import { useNavigate } from 'react-router-dom';
import { errorStatus } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { discoveryQueryOptions } from '../api/directory';
import { useFetchFailedToast } from '../hooks/useFetchFailedToast';
import { CARD_GRID_SX } from '../utils/card-display';
import {
  nextAction,
  pageOfText,
  type DiscoveryPagerState,
  type DiscoveryViewer,
} from '../utils/discovery-pager';
import { CollectionActions } from '../../collections';
import { InfluencerCard } from './InfluencerCard';
import { PagerLock } from './PagerLock';
import { InfluencerDetailModal } from '../../profiles';

/** The grid's page in the home page's address (`/?discover=2`), so it is a link and survives a reload. */
export const DISCOVERY_PAGE_PARAM = 'discover';

const pageFrom = (params: URLSearchParams): number => {
  const raw = params.get(DISCOVERY_PAGE_PARAM) ?? '';
  return /^\d{1,4}$/.test(raw) ? Math.max(1, Number.parseInt(raw, 10)) : 1;
};

/**
 * The home page's discovery grid (docs/product-spec.md section 2, "Discovery listing"): cards with Add to List
 * and Chat Now, the pager (Previous, Page X of Y, Next; Next sends a visitor to /login), and the
 * locked overlay over the pages LinkCoins unlock. The server decides which pages open. The page
 * lives in the address (`?discover=2`).
 */
export function DiscoveryGrid() {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const setPage = (target: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target <= 1) next.delete(DISCOVERY_PAGE_PARAM);
        else next.set(DISCOVERY_PAGE_PARAM, String(target));
        return next;
      },
      { preventScrollReset: true },
    );
  const [selected, setSelected] = useState<string | null>(null);
  const top = useRef<HTMLElement>(null);
  const signedIn = isAuthenticated && user !== null;
  const query = useQuery(
    discoveryQueryOptions(page, signedIn ? { userId: user._id, coins: user.linkCoins } : null),
  );
  useFetchFailedToast(query.errorUpdatedAt, query.isError);

  // The cards render in a deferred pass React can interrupt: an answer's arrival never holds
  // the page (a phone's main thread) for the whole list at once.
  const answer = useDeferredValue(query.data);
  const loading = query.isPending || (answer === undefined && query.data !== undefined);
  // A page the balance no longer opens (coins spent elsewhere): back to the first.
  const refused = query.isError && [401, 403].includes(errorStatus(query.error) ?? 0);
  // A shared link past page 1 for a visitor: the first page too (paging needs an account).
  const backToFirst = (refused || !signedIn) && page > 1;
  useEffect(() => {
    if (!backToFirst) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DISCOVERY_PAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [backToFirst, setParams]);

  const viewer: DiscoveryViewer = signedIn
    ? { signedIn: true, coins: answer?.pager?.coins ?? user.linkCoins }
    : { signedIn: false };
  const pager: DiscoveryPagerState = {
    page: answer?.page ?? page,
    totalPages: Math.max(1, answer?.pager?.totalPages ?? answer?.totalPages ?? 1),
    lockedPages: answer?.pager?.lockedPages ?? 0,
  };
  const next = nextAction(viewer, pager);

  const go = (target: number) => {
    setPage(target);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Box
      component="section"
      ref={top}
      aria-labelledby="discover-heading"
      sx={{ py: { xs: 6, md: 8 }, scrollMarginTop: 72 }}
    >
      <Container maxWidth="lg">
        <Stack spacing={1} sx={{ mb: 3, textAlign: { xs: 'left', md: 'center' } }}>
          <Typography variant="h3" component="h2" id="discover-heading">
            Discover creators
          </Typography>
          <Typography color="text.secondary">
            A first look at the creators on LinkCoin. Add one to your list or start a chat.
          </Typography>
        </Stack>
        {loading ? (
          // About the cards' height while they load: the sections below stay out of view (and
          // unloaded) instead of jumping up for a moment.
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: { xs: 960, md: 720 } }}>
            <CircularProgress aria-label="Loading creators" />
          </Box>
        ) : !answer ? null : answer.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            {DIRECTORY_MESSAGES.noResults}
          </Typography>
        ) : (
          <Stack spacing={3}>
            <Box
              role="list"
              aria-label="Discover creators"
              aria-busy={query.isFetching || answer !== query.data}
              sx={{ ...CARD_GRID_SX, opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              {answer.data.map((item) => (
                <Box role="listitem" key={item._id} sx={{ minWidth: 0 }}>
                  <InfluencerCard
                    item={item}
                    onOpen={(it) => setSelected(it._id)}
                    actions={
                      user?._id === item._id ? undefined : (
                        <CollectionActions
                          targetUserId={item._id}
                          name={item.ownerName}
                          variant="card"
                        />
                      )
                    }
                  />
                </Box>
              ))}
            </Box>
            <PagerLock
              viewer={viewer}
              pager={pager}
              coinsForNextPage={answer.pager?.coinsForNextPage ?? null}
            />
            <Stack
              component="nav"
              aria-label="Discovery pages"
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'center' }}
            >
              <Button
                variant="outlined"
                startIcon={<ChevronLeftRoundedIcon />}
                onClick={() => go(pager.page - 1)}
                disabled={pager.page <= 1 || query.isFetching}
              >
                Previous
              </Button>
              <Typography sx={{ fontWeight: 600 }} aria-live="polite">
                {pageOfText(pager)}
              </Typography>
              <Button
                variant="outlined"
                endIcon={<ChevronRightRoundedIcon />}
                onClick={() => (next === 'login' ? void navigate('/login') : go(pager.page + 1))}
                disabled={next === 'none' || query.isFetching}
              >
                Next
              </Button>
            </Stack>
          </Stack>
        )}
      </Container>
      {selected && (
        <Suspense fallback={null}>
          <InfluencerDetailModal open userId={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </Box>
  );
}
