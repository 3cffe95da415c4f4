import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import { Menu as RaMenu } from 'react-admin';

/**
 * The console's side menu: the dashboard page, then the resources the user may open (admins: OTP
 * verification, Users and Wallets; auditors: Users and Wallets).
 */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardRoundedIcon />} />
      <RaMenu.ResourceItems />
    </RaMenu>
  );
}
