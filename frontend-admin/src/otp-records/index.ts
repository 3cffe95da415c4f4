import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import { OtpRecordList } from './OtpRecordList';

/**
 * The Instagram OTP dashboard as a resource (admins only; the API refuses auditors). The list
 * route also serves /otp-records/:id, where the selected record opens in the side panel.
 */
export default {
  list: OtpRecordList,
  icon: VerifiedUserRoundedIcon,
  recordRepresentation: 'profileName',
  options: { label: 'OTP verification' },
};
