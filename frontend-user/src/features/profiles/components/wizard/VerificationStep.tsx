import { Stack, Typography } from '@mui/material';
import { PROFILE_MESSAGES } from '@linkcoin/domain/profiles/contracts.ts';
import type { AccountDraft } from '../../utils/profile-form';
import { InstagramVerificationCard } from './InstagramVerificationCard';
import { YouTubeVerificationCard } from './YouTubeVerificationCard';

type VerificationStepProps = {
  userId: string;
  accounts: readonly AccountDraft[];
  onVerified: () => Promise<void>;
};

/** docs/product-spec.md section 2: one card per Instagram or YouTube account; other platforms show nothing. */
export function VerificationStep({ userId, accounts, onVerified }: VerificationStepProps) {
  const verifiable = accounts.filter(
    (account) => account.platform === 'instagram' || account.platform === 'youtube',
  );
  if (verifiable.length === 0) {
    return <Typography color="text.secondary">{PROFILE_MESSAGES.noAccounts}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {verifiable.map((account) =>
        account.platform === 'instagram' ? (
          <InstagramVerificationCard
            key={account.key}
            userId={userId}
            account={account}
            onVerified={onVerified}
          />
        ) : (
          <YouTubeVerificationCard
            key={account.key}
            userId={userId}
            account={account}
            onVerified={onVerified}
          />
        ),
      )}
    </Stack>
  );
}
