export { MESSAGES_PATH, messagesLabel } from './messages-entry';
export { RealtimeProvider } from './realtime/RealtimeProvider';
