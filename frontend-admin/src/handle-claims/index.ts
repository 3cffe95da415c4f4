import GppMaybeRoundedIcon from '@mui/icons-material/GppMaybeRounded';
import { HandleClaimList } from './HandleClaimList';
import { HandleClaimShow } from './HandleClaimShow';

/**
 * The verification desk's claimed accounts (admins only): one verified owner per Instagram
 * handle and YouTube channel, duplicates and requests listed, decisions after a confirmation.
 */
export default {
  list: HandleClaimList,
  show: HandleClaimShow,
  icon: GppMaybeRoundedIcon,
  recordRepresentation: 'label',
  options: { label: 'Verification claims' },
};
