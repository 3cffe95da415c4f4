import { useRealtime } from '../lib/realtime/realtime-context';
import { titleWithUnread } from '../lib/realtime/unread-title';

/**
 * Sets the document title, with the signed-in user's unread count in front ("(2) Home ·
 * LinkCoin"); React 19 hoists <title> into <head>.
 */
export function PageTitle({ title }: { title: string }) {
  const { unread } = useRealtime();
  return <title>{titleWithUnread(`${title} · LinkCoin`, unread)}</title>;
}
