import { Box, Chip, Stack, Typography } from '@mui/material';
import InstagramIcon from '@mui/icons-material/Instagram';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { categoryValues, instagramFollowers } from '../utils/profile-display';
import { ProfileAvatar } from './ProfileAvatar';

type ProfileHeaderProps = {
  profile: ProfileView;
  /** h1 on the profile page, h2 in the modal. */
  nameComponent: 'h1' | 'h2';
  nameId?: string;
};

/** Photo, name, Promotions: N, the Instagram follower count and the category chips. */
export function ProfileHeader({ profile, nameComponent, nameId }: ProfileHeaderProps) {
  const categories = categoryValues(profile);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
    >
      <ProfileAvatar name={profile.ownerName} src={profile.profilePicUrl} size={120} />
      <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1, textAlign: { xs: 'center', sm: 'left' } }}>
        <Typography
          variant="h3"
          component={nameComponent}
          id={nameId}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {profile.ownerName}
        </Typography>
        <Stack
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}
        >
          <Typography sx={{ fontWeight: 600 }}>Promotions: {profile.promotions}</Typography>
          <Box
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
            aria-label={`Instagram followers: ${formatFollowers(instagramFollowers(profile.profileDetails))}`}
          >
            <InstagramIcon fontSize="small" sx={{ color: '#c13584' }} aria-hidden="true" />
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {formatFollowers(instagramFollowers(profile.profileDetails))}
            </Typography>
          </Box>
        </Stack>
        {profile.description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {profile.description}
          </Typography>
        )}
        {categories.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}
            aria-label="Categories"
            role="list"
          >
            {categories.map((value) => (
              <Chip key={value} label={labelOf(value)} size="small" role="listitem" />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
