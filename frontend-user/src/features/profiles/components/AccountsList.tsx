import { useId } from 'react';
import { Chip, List, ListItem, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { SocialAccountView } from '@linkcoin/domain/profiles/contracts.ts';
import { formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { SafeLink } from '@linkcoin/frontend-shared/links/SafeLink.tsx';
import { PlatformIcon } from './PlatformIcon';

/**
 * The accounts list: platform icon, profile name, followers and a Visit Profile link (only for an
 * absolute http(s) address, through the safe-link helper).
 */
export function AccountsList({ accounts }: { accounts: readonly SocialAccountView[] }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography variant="h5" component="h2" id={headingId}>
        Social Accounts
      </Typography>
      {accounts.length === 0 ? (
        <Typography color="text.secondary">No profile details available</Typography>
      ) : (
        <List disablePadding>
          {accounts.map((account) => (
            <ListItem
              key={account.id}
              divider
              aria-label={`${labelOf(account.platform)} account ${account.profileName}`}
              sx={{ gap: 2, flexWrap: 'wrap', px: 0 }}
            >
              <PlatformIcon platform={account.platform} />
              <Stack sx={{ flex: 1, minWidth: 140 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {account.profileName}
                  </Typography>
                  {account.verified && (
                    <Chip
                      icon={<VerifiedIcon />}
                      label="Verified"
                      color="success"
                      size="small"
                      variant="outlined"
                    />
                  )}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {formatFollowers(account.followers)} followers
                </Typography>
              </Stack>
              <SafeLink
                href={account.profilePicUrl}
                whenUnsafe="nothing"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
              >
                Visit Profile
                <OpenInNewIcon fontSize="inherit" aria-hidden="true" />
              </SafeLink>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
