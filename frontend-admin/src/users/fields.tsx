import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ROLE_LABELS, type Role } from '@linkcoin/domain/accounts/roles.ts';
import { INSTAGRAM_STATUS_LABELS } from '../audit/labels';
import { SIGN_IN_METHOD_LABELS } from './labels';
import type { ConsoleUser } from './types';

/**
 * The person's name with, beside it, a brand's company or the creator's handle (the profile's
 * shown one, else an Instagram one verified or sent for verification), as the marketplace shows
 * people.
 */
export function NameField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  const handle = record.handle ?? record.instagramVerified[0] ?? record.instagram?.handle ?? null;
  const beside = record.companyName ?? (handle ? `@${handle.replace(/^@/, '')}` : null);
  return (
    <Stack spacing={0.25}>
      <span>{record.ownerName}</span>
      {beside && (
        <Typography variant="caption" color="text.secondary" component="span">
          {beside}
        </Typography>
      )}
    </Stack>
  );
}

/** Every role the user holds, as chips (Brand, Creator, Admin, Auditor). */
export function RolesField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.roles.map((role: Role) => (
        <Chip
          key={role}
          label={ROLE_LABELS[role]}
          size="small"
          color={role === 'admin' || role === 'auditor' ? 'primary' : 'default'}
          variant={role === record.role ? 'filled' : 'outlined'}
        />
      ))}
    </Stack>
  );
}

/** How the user can sign in: password, Google or both. */
export function SignInMethodsField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <>{record.signInMethods.map((method) => SIGN_IN_METHOD_LABELS[method] ?? method).join(', ')}</>
  );
}

/** The platforms verified (Instagram handles, YouTube channels), or "Not verified". */
export function VerifiedField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  const verified = [
    ...record.instagramVerified.map((handle) => `Instagram @${handle}`),
    ...record.youtubeVerified.map((channel) => `YouTube ${channel}`),
  ];
  if (verified.length === 0) return <>Not verified</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {verified.map((label) => (
        <Chip key={label} label={label} size="small" color="success" variant="outlined" />
      ))}
    </Stack>
  );
}

/** The newest Instagram request's status as of now, and its handle. */
export function InstagramStatusField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record?.instagram) return null;
  const { status, handle } = record.instagram;
  return <>{`${INSTAGRAM_STATUS_LABELS[status]} (@${handle})`}</>;
}
