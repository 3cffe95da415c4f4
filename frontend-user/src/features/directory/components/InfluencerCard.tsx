import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import { EarlyAdopterBadge, NameLine, ReplyTime } from '../../profiles';
import { PlatformIcon } from '../../profiles';
import { ProfileAvatar } from '../../profiles';
import type { DirectoryItem } from '../api/directory';
import { cardCategories, followersText, startingPriceText } from '../utils/card-display';

type InfluencerCardProps = {
  item: DirectoryItem;
  /** Opens the detail modal (docs/product-spec.md section 2: a click on a card). */
  onOpen: (item: DirectoryItem) => void;
  /** Buttons under the card: Add to List (or In your list) and Chat Now or the chat icon. */
  actions?: ReactNode;
  /** Why it is recommended ("Matches your searches for Fashion · audience in Mumbai"). */
  reasons?: string;
};

/** One creator in the directory or the discovery grid. */
export function InfluencerCard({ item, onOpen, actions, reasons }: InfluencerCardProps) {
  const { labels, more } = cardCategories(item);
  const platforms = [
    ...new Set([...item.socialMediaPlatforms, ...item.profileDetails.map((a) => a.platform)]),
  ];
  return (
    <Card
      component="article"
      aria-label={item.ownerName}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}
    >
      <CardActionArea
        onClick={() => onOpen(item)}
        sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}
      >
        <CardContent sx={{ width: '100%' }}>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <ProfileAvatar name={item.ownerName} src={item.profilePicUrl} size={88} alt="" />
            <Stack spacing={0.5} sx={{ minWidth: 0, maxWidth: '100%', alignItems: 'center' }}>
              <NameLine
                name={item.ownerName}
                handle={item.handle}
                verified={item.verified}
                component="h3"
                align="center"
              />
              {item.earlyAdopter && <EarlyAdopterBadge />}
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <GroupsRoundedIcon fontSize="small" aria-hidden="true" />
                {followersText(item)}
              </Typography>
              <ReplyTime hours={item.replyHours} align="center" />
            </Stack>
            {platforms.length > 0 && (
              <Stack direction="row" spacing={0.5} aria-label="Platforms" role="list">
                {platforms.slice(0, 5).map((platform) => (
                  <Box key={platform} role="listitem" sx={{ display: 'inline-flex' }}>
                    <PlatformIcon platform={platform} fontSize="small" />
                  </Box>
                ))}
              </Stack>
            )}
            {labels.length > 0 && (
              <Stack
                direction="row"
                spacing={0.5}
                useFlexGap
                sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
                aria-label="Categories"
                role="list"
              >
                {labels.map((label) => (
                  <Chip key={label} label={label} size="small" role="listitem" />
                ))}
                {more > 0 && (
                  <Chip label={`+${more}`} size="small" variant="outlined" role="listitem" />
                )}
              </Stack>
            )}
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {startingPriceText(item.pricing)}
            </Typography>
            {reasons && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {reasons}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
      {actions && (
        <CardActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {actions}
        </CardActions>
      )}
    </Card>
  );
}
