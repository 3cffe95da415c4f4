import { createContext, useContext } from 'react';
import type { PurchaseChoice } from './purchase';

export type PurchaseDialogApi = {
  /** Opens the purchase dialog, on a package or (by default) on the custom quantity. */
  openPurchase: (choice?: PurchaseChoice) => void;
};

export const PurchaseDialogContext = createContext<PurchaseDialogApi | null>(null);

/** The purchase dialog, from the top bar, the home page's packages and the payment screens. */
export function usePurchaseDialog(): PurchaseDialogApi {
  const value = useContext(PurchaseDialogContext);
  if (!value) throw new Error('usePurchaseDialog must be used inside <PurchaseDialogProvider>.');
  return value;
}
