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

// The routes' lazy parts: each screen's code loads when its page opens.
export const paymentPage = () =>
  import('./routes/PaymentPage').then((m) => ({ Component: m.PaymentPage }));
export const paymentSuccessPage = () =>
  import('./routes/PaymentSuccessPage').then((m) => ({ Component: m.PaymentSuccessPage }));
export const paymentFailurePage = () =>
  import('./routes/PaymentFailurePage').then((m) => ({ Component: m.PaymentFailurePage }));
export const walletPage = () =>
  import('./routes/WalletPage').then((m) => ({ Component: m.WalletPage }));
