import { Divider, Stack } from '@mui/material';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { useAuth } from '../../../lib/auth/auth-context';
import { useSecondPass } from '../../../lib/second-pass';
import { CollectionActions } from '../../collections';
import { AccountsList } from './AccountsList';
import { ContactDetails } from './ContactDetails';
import { PopularPosts } from './PopularPosts';
import { PriceCards } from './PriceCards';
import { ProfileHeader } from './ProfileHeader';

type ProfileDetailsProps = {
  profile: ProfileView;
  variant: 'page' | 'modal';
  nameId?: string;
};

/**
 * What the profile page and the influencer detail modal both show (docs/product-spec.md section 2). Add to List
 * and Chat Now are hidden from the page owner; a visitor who presses one is sent to /login. A
 * brand's profile is a brand's: its name, company and description, no prices, accounts, posts
 * or list buttons (only creators are listed and added).
 */
export function ProfileDetails({ profile, variant, nameId }: ProfileDetailsProps) {
  const { user } = useAuth();
  const isOwner = user !== null && user._id === profile._id;
  // Prices, accounts and posts (below the first screen) come in a second pass.
  const lowerSections = useSecondPass();
  if (profile.role !== 'influencer') {
    return (
      <Stack spacing={4} sx={{ minWidth: 0 }}>
        <ProfileHeader
          profile={profile}
          nameComponent={variant === 'page' ? 'h1' : 'h2'}
          nameId={nameId}
        />
        <ContactDetails profile={profile} />
      </Stack>
    );
  }
  return (
    <Stack spacing={4} sx={{ minWidth: 0 }}>
      <ProfileHeader
        profile={profile}
        nameComponent={variant === 'page' ? 'h1' : 'h2'}
        nameId={nameId}
      />
      {!isOwner && <CollectionActions targetUserId={profile._id} name={profile.ownerName} />}
      <ContactDetails profile={profile} />
      {lowerSections && (
        <>
          <PriceCards pricing={profile.pricing} />
          <Divider />
          <AccountsList accounts={profile.profileDetails} />
          <Divider />
          <PopularPosts
            heading={variant === 'page' ? 'Popular Posts' : 'Poppular Posts'}
            posts={profile.pastPosts}
          />
        </>
      )}
    </Stack>
  );
}
