import type { ClaimLine, DisputeLine, HandleClaim } from './types';

export const PLATFORM_LABELS: Readonly<Record<HandleClaim['platform'], string>> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
};

export const PLATFORM_CHOICES = [
  { id: 'instagram', name: 'Instagram' },
  { id: 'youtube', name: 'YouTube' },
];

export const VIA_LABELS: Readonly<Record<ClaimLine['via'], string>> = {
  instagram_otp: 'Instagram code',
  youtube_oauth: 'Google sign-in',
  desk: 'Given by the desk',
};

export const DISPUTE_STATUS_LABELS: Readonly<Record<DisputeLine['status'], string>> = {
  open: 'Waiting for the desk',
  resolved: 'Account given to them',
  dismissed: 'Dismissed',
};
