import { Box, Chip, Stack, Typography } from '@mui/material';
import InstagramIcon from '@mui/icons-material/Instagram';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { categoryValues, instagramFollowers } from '../utils/profile-display';
import { EarlyAdopterBadge } from './EarlyAdopterBadge';
import { NameLine } from './NameLine';
import { ReplyTime } from './ReplyTime';
import { ProfileAvatar } from './ProfileAvatar';

type ProfileHeaderProps = {
  profile: ProfileView;
  /** h1 on the profile page, h2 in the modal. */
  nameComponent: 'h1' | 'h2';
  nameId?: string | undefined;
};

/**
 * Photo, the name with a Verified badge by it and the handle (or a brand's company) beside it,
 * Promotions: N, the Instagram follower count, the category chips, and who the audience is and
 * where it lives.
 */
export function ProfileHeader({ profile, nameComponent, nameId }: ProfileHeaderProps) {
  const categories = categoryValues(profile);
  const creator = profile.role === 'influencer';
  const verified = profile.profileDetails.some((account) => account.verified);
  const audience = profile.averageAudienceType.map((value) => labelOf(value));
  const places = profile.averageLocationOfAudience;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
    >
      <ProfileAvatar name={profile.ownerName} src={profile.profilePicUrl} size={120} />
      <Stack
        spacing={1.5}
        sx={{
          minWidth: 0,
          flex: 1,
          textAlign: { xs: 'center', sm: 'left' },
          alignItems: { xs: 'center', sm: 'flex-start' },
        }}
      >
        <NameLine
          name={profile.ownerName}
          handle={profile.handle}
          companyName={profile.companyName}
          verified={verified}
          variant="h3"
          component={nameComponent}
          id={nameId}
        />
        {creator && profile.earlyAdopter && <EarlyAdopterBadge />}
        {creator && <ReplyTime hours={profile.replyHours} />}
        {creator && (
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
        )}
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
        {creator && (audience.length > 0 || places.length > 0) && (
          <Box
            component="dl"
            aria-label="Audience"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              textAlign: 'left',
              '& dt': { color: 'text.secondary', fontWeight: 600 },
              '& dd': { m: 0 },
            }}
          >
            {audience.length > 0 && (
              <>
                <Typography component="dt">Audience</Typography>
                <Typography component="dd">{audience.join(', ')}</Typography>
              </>
            )}
            {places.length > 0 && (
              <>
                <Typography component="dt">Audience location</Typography>
                <Typography component="dd">{places.join(', ')}</Typography>
              </>
            )}
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
