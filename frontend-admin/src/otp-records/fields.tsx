import { Chip, Typography, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';
import { instagramHandle } from './dm-message';
import { OTP_STATUS_LABELS } from './labels';
import type { OtpRecord } from './types';

const STATUS_COLORS: Readonly<Record<InstagramOtpStatus, ChipProps['color']>> = {
  pending: 'warning',
  send: 'info',
  verified: 'success',
  expired: 'default',
};

/** The record's status as a chip: Pending, Sent, Verified or Expired. */
export function OtpStatusField(_props: { label?: string }) {
  const record = useRecordContext<OtpRecord>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      label={OTP_STATUS_LABELS[record.status] ?? record.status}
      color={STATUS_COLORS[record.status] ?? 'default'}
      sx={{ width: 'fit-content' }}
    />
  );
}

/** The Instagram handle, shown as @name. */
export function ProfileField(_props: { label?: string }) {
  const record = useRecordContext<OtpRecord>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {instagramHandle(record.profileName)}
    </Typography>
  );
}
