import { useNotify } from 'react-admin';

/** The server's reason when it gave one, the action's own words otherwise. */
export const failureText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * A mutation's `onError`: tells the admin why it failed, in the server's words or the fallback.
 * `useNotifyFailure()('Could not export')` is the handler for an export.
 */
export function useNotifyFailure() {
  const notify = useNotify();
  return (fallback: string) => (error: unknown) =>
    notify(failureText(error, fallback), { type: 'error' });
}
