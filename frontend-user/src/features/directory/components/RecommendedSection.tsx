import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { CollectionActions } from '../../collections';
import { recommendationsQueryOptions, useChooseInterests } from '../api/recommendations';
import { CARD_GRID_SX } from '../utils/card-display';
import { InfluencerCard } from './InfluencerCard';
import { reasonLine } from '@linkcoin/domain/recommendations/reason-line.ts';

/** Recommended creators a phone shows (under 600 px). */
const PHONE_CARDS = 3;

type Props = Readonly<{ brandId: string; onOpen: (userId: string) => void }>;

const INTRO = {
  personal: 'Picked from what you have searched and added.',
  interests: 'Popular verified creators in the interests you picked.',
  popular: 'Popular verified creators. Search and add creators, and these follow what you do.',
} as const;

/**
 * "Recommended for you" (issue 24, item 3), at the top of the directory for a signed-in brand:
 * creators picked by the brand's own searches and list, each card saying why. A new brand with
 * no signal first picks a few interests (a small chooser), or skips to popular creators.
 */
export function RecommendedSection({ brandId, onOpen }: Props) {
  const query = useQuery(recommendationsQueryOptions(brandId));
  const choose = useChooseInterests(brandId);
  const [picked, setPicked] = useState<string[]>([]);
  const answer = query.data;

  return (
    <Box component="section" aria-labelledby="recommended-heading" aria-busy={query.isFetching}>
      <Typography variant="h4" component="h2" id="recommended-heading" sx={{ mb: 1 }}>
        Recommended for you
      </Typography>
      {query.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
          <CircularProgress aria-label="Loading recommendations" />
        </Box>
      ) : !answer ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            {errorMessage(query.error, 'Recommendations could not be loaded.')}
          </Typography>
          <Button variant="outlined" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {answer.needsInterests ? (
            <Box
              component="form"
              aria-labelledby="interests-heading"
              onSubmit={(event) => {
                event.preventDefault();
                choose.mutate(picked);
              }}
            >
              <Typography component="h3" variant="h6" id="interests-heading">
                What does your brand sell?
              </Typography>
              <Typography color="text.secondary" id="interests-help" sx={{ mb: 1 }}>
                Pick a few and we will show creators in them first.
              </Typography>
              <FormGroup
                aria-describedby="interests-help"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: {
                    xs: '1fr',
                    sm: 'repeat(2, minmax(0, 1fr))',
                    md: 'repeat(3, minmax(0, 1fr))',
                  },
                }}
              >
                {answer.interestChoices.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    sx={{ minWidth: 0, mr: 0 }}
                    control={
                      <Checkbox
                        checked={picked.includes(choice)}
                        onChange={(event) =>
                          setPicked((now) =>
                            event.target.checked
                              ? [...now, choice]
                              : now.filter((value) => value !== choice),
                          )
                        }
                      />
                    }
                    label={choice}
                  />
                ))}
              </FormGroup>
              {choose.isError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {errorMessage(choose.error, 'Your interests could not be saved. Try again.')}
                </Alert>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" disabled={choose.isPending}>
                  {picked.length === 0 ? 'Show popular creators' : 'Show creators'}
                </Button>
              </Stack>
            </Box>
          ) : (
            <Typography color="text.secondary">{INTRO[answer.mode]}</Typography>
          )}
          {answer.data.length === 0 ? (
            <Typography color="text.secondary">
              No recommendations yet. Search the directory below to find creators.
            </Typography>
          ) : (
            <Box role="list" aria-label="Recommended creators" sx={CARD_GRID_SX}>
              {answer.data.map((item, index) => (
                <Box
                  role="listitem"
                  key={item._id}
                  // A phone shows the first few: the search and its results stay near the top.
                  sx={{
                    minWidth: 0,
                    display: index >= PHONE_CARDS ? { xs: 'none', sm: 'block' } : undefined,
                  }}
                >
                  <InfluencerCard
                    item={item}
                    reasons={reasonLine(item.reasons)}
                    onOpen={(it) => onOpen(it._id)}
                    actions={
                      <CollectionActions
                        targetUserId={item._id}
                        name={item.ownerName}
                        variant="directory"
                      />
                    }
                  />
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      )}
    </Box>
  );
}
