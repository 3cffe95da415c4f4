import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import { WalletList } from './WalletList';
import { WalletShow } from './WalletShow';

/** The wallets resource: balances and coin history (admins and auditors), grants (admins). */
export default {
  list: WalletList,
  show: WalletShow,
  icon: AccountBalanceWalletRoundedIcon,
  recordRepresentation: 'userId',
  options: { label: 'Wallets' },
};
