import { lazy } from 'react';
export { MESSAGES_PATH, messagesLabel } from './messages-entry';
export { RealtimeProvider } from './realtime/RealtimeProvider';

/** The top bar's Messages button with the unread count; visitors never load its code. */
export const MessagesNavButton = lazy(() =>
  import('./components/MessagesNavButton').then((m) => ({ default: m.MessagesNavButton })),
);

/** The messaging page, a route's lazy part. */
export const messagingPage = () =>
  import('./routes/MessagingPage').then((m) => ({ Component: m.MessagingPage }));
