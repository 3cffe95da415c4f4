import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../../lib/auth/auth-context';
import { pushPublicKeyQueryOptions, storePushToken } from '../api/push';
import {
  appPath,
  PUSH_TEXTS,
  pushSupported,
  registerPush,
  SERVICE_WORKER_URL,
  tellBlockedOnce,
} from '../push-registration';

const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Users registered in this page's life: once per app start, not once per render. */
const started = new Set<string>();

/**
 * Runs the push registration once per app start when a user is present (docs/product-spec.md section 4), and
 * follows the service worker when a notification is clicked (it asks the open app to show the
 * chat instead of loading a second copy).
 */
export function PushRegistration() {
  const { user } = useAuth();
  const userId = user?._id ?? null;
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (userId === null || started.has(userId) || !pushSupported()) return;
    started.add(userId);
    registerPush({
      permission: () => Notification.permission,
      requestPermission: () => Notification.requestPermission(),
      pushManager: async () => {
        await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
        return (await navigator.serviceWorker.ready).pushManager;
      },
      publicKey: () => queryClient.fetchQuery(pushPublicKeyQueryOptions()),
      store: (token) => storePushToken({ userId, token }),
    }).then(
      (outcome) => {
        if (outcome === 'blocked' && tellBlockedOnce(browserStorage())) {
          toast.warning(PUSH_TEXTS.blocked);
        }
      },
      // No push here (no push service, a refused subscription): the chat works without it.
      (error: unknown) => console.warn('Push notifications could not be set up', error),
    );
  }, [userId, queryClient, toast]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('kind' in data) || data.kind !== 'open')
        return;
      const path = appPath('url' in data ? data.url : null);
      if (path !== null) void navigate(path);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);

  return null;
}
