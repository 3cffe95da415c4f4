import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import { Link as RouterLink } from 'react-router-dom';
import { PlatformIcon } from '../../profiles/components/PlatformIcon';
import { ProfileAvatar } from '../../profiles/components/ProfileAvatar';
import type { DirectoryItem } from '../api/directory';
import { cardCategories, followersText, startingPriceText } from '../utils/card-display';

type InfluencerCardProps = {
  item: DirectoryItem;
  /** Opens the detail modal (spec section 2: a click on a card). */
  onOpen: (item: DirectoryItem) => void;
  /** The directory's chat icon to /MessagingApp/{userId}. */
  chatIcon?: boolean;
  /** Buttons under the card (the discovery grid's Add to List and Chat Now). */
  actions?: ReactNode;
};

/** One creator in the directory or the discovery grid. */
export function InfluencerCard({ item, onOpen, chatIcon = false, actions }: InfluencerCardProps) {
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
              <Typography
                variant="h6"
                component="h3"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 0.5,
                  maxWidth: '100%',
                  overflowWrap: 'anywhere',
                }}
              >
                {item.ownerName}
                {item.verified && (
                  <VerifiedRoundedIcon
                    color="primary"
                    fontSize="small"
                    titleAccess="Verified creator"
                  />
                )}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <GroupsRoundedIcon fontSize="small" aria-hidden="true" />
                {followersText(item)}
              </Typography>
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
          </Stack>
        </CardContent>
      </CardActionArea>
      {(chatIcon || actions) && (
        <CardActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {actions}
          {chatIcon && (
            // The browser's own tooltip: a card in a long list need not load a tooltip library.
            <IconButton
              component={RouterLink}
              to={`/MessagingApp/${encodeURIComponent(item._id)}`}
              aria-label={`Chat with ${item.ownerName}`}
              title="Chat"
              color="primary"
            >
              <ChatRoundedIcon />
            </IconButton>
          )}
        </CardActions>
      )}
    </Card>
  );
}
