import { lazy } from 'react';
export { profileQueryOptions } from './api/profile';
export { EarlyAdopterBadge } from './components/EarlyAdopterBadge';
export { NameLine } from './components/NameLine';
export { PlatformIcon } from './components/PlatformIcon';
export { ProfileAvatar } from './components/ProfileAvatar';
export { ReplyTime } from './components/ReplyTime';

/** A creator's profile in a dialog; its code loads when a card first opens one. */
export const InfluencerDetailModal = lazy(() =>
  import('./components/InfluencerDetailModal').then((m) => ({ default: m.InfluencerDetailModal })),
);
