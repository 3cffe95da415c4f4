export { walletQueryKey } from './api/wallet';
export { LinkCoinBalanceButton } from './components/LinkCoinBalanceButton';
export { PurchaseDialogProvider } from './components/PurchaseDialogProvider';
export { useRefreshBalance } from './hooks/useRefreshBalance';
export { usePurchaseDialog } from './purchase-dialog-context';
export {
  CHAT_DAYS_PER_COIN,
  HOW_LINKCOINS_WORK,
  REFUND_REPLY_WINDOW_HOURS,
  type LinkCoinRule,
} from './linkcoin-rules';
