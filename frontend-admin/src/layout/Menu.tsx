import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import { Menu as RaMenu } from 'react-admin';

/**
 * The console's side menu: the dashboard page, the resources the user may open (admins: OTP
 * verification, Users, Wallets, Payments, Connections; auditors all but the first), then the
 * auditor pages, which admins see too.
 */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardRoundedIcon />} />
      <RaMenu.ResourceItems />
      <RaMenu.Item to="/audit" primaryText="User history" leftIcon={<ManageSearchRoundedIcon />} />
      <RaMenu.Item
        to="/replay-check"
        primaryText="Replay check"
        leftIcon={<FactCheckRoundedIcon />}
      />
      <RaMenu.Item
        to="/ledger-invariants"
        primaryText="Ledger invariants"
        leftIcon={<RuleRoundedIcon />}
      />
    </RaMenu>
  );
}
