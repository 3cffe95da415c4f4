import type { ReactNode } from 'react';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { SafeLink } from '@linkcoin/frontend-shared/links/SafeLink.tsx';
import type { AccountDraft } from '../../utils/profile-form';
import { normaliseLink } from '../../utils/links';
import { PlatformIcon } from '../PlatformIcon';

/** The frame of one account's verification card: platform, name, link, then the controls. */
export function VerificationCard({
  account,
  children,
}: {
  account: AccountDraft;
  children: ReactNode;
}) {
  const link = normaliseLink(account.profileLink);
  return (
    <Card
      component="section"
      aria-label={`${labelOf(account.platform)} verification for ${account.profileName}`}
    >
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PlatformIcon platform={account.platform} fontSize="large" />
            <Stack sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {account.profileName}
              </Typography>
              {link && <SafeLink href={link} variant="body2" sx={{ overflowWrap: 'anywhere' }} />}
            </Stack>
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
