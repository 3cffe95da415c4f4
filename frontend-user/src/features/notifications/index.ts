import { lazy } from 'react';

/** Web Push for a signed-in user; visitors never load its code. */
export const PushRegistration = lazy(() =>
  import('./components/PushRegistration').then((m) => ({ default: m.PushRegistration })),
);
