import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { ConnectionList } from './ConnectionList';
import { ConnectionShow } from './ConnectionShow';

/** The connections resource (admins and auditors, read-only): payer, creator, dates, refund. */
export default {
  list: ConnectionList,
  show: ConnectionShow,
  icon: LinkRoundedIcon,
  options: { label: 'Connections' },
};
