import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import { PaymentList } from './PaymentList';
import { PaymentShow } from './PaymentShow';

/** The payments resource (admins and auditors, read-only): status, reference, amount, coins. */
export default {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsRoundedIcon,
  recordRepresentation: 'providerReference',
  options: { label: 'Payments' },
};
