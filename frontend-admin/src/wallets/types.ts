/** The wallets resource's rows and history lines: the API's contract, shared through the domain. */
export type {
  WalletView as ConsoleWallet,
  WalletEntry as ConsoleWalletEntry,
} from '@linkcoin/domain/wallet/contracts.ts';
