import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/useToast';
import { usePurchaseDialog } from '../../wallet';
import {
  UNLOCK_TEXTS,
  showsLockedOverlay,
  unlockAction,
  unlockHint,
  unlockLabel,
  type DiscoveryPagerState,
  type DiscoveryViewer,
} from '../utils/discovery-pager';
import { LockedOverlay } from './LockedOverlay';

type PagerLockProps = {
  viewer: DiscoveryViewer;
  pager: DiscoveryPagerState;
  /** The balance that opens the next locked page (the server's pager), when there is one. */
  coinsForNextPage: number | null;
};

/**
 * The lock under the last page a viewer may open of a listing (the discovery grid and the
 * directory alike: one coin gate on the server), with what unlocks the next page: a visitor
 * signs in, a user under 5 coins is told they need 5, anyone else opens the purchase dialog.
 */
export function PagerLock({ viewer, pager, coinsForNextPage }: PagerLockProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { openPurchase } = usePurchaseDialog();
  if (!showsLockedOverlay(pager)) return null;

  const unlock = () => {
    switch (unlockAction(viewer)) {
      case 'login':
        void navigate('/login');
        return;
      case 'needCoins':
        toast.error(UNLOCK_TEXTS.unlockNeedsCoins);
        return;
      case 'unlock':
        // More coins open more pages (docs/product-spec.md section 9).
        openPurchase();
        return;
    }
  };

  return (
    <LockedOverlay
      label={unlockLabel(viewer)}
      onUnlock={unlock}
      hint={unlockHint(viewer, pager, coinsForNextPage)}
    />
  );
}
