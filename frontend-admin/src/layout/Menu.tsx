import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import { Menu as RaMenu } from 'react-admin';

/**
 * The console's side menu: the dashboard and figures pages, the resources the user may open (admins: OTP
 * verification, Users, Wallets, Payments, Connections; auditors all but the first), then the
 * auditor pages, which admins see too.
 */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardRoundedIcon />} />
      <RaMenu.Item to="/figures" primaryText="Figures" leftIcon={<InsightsRoundedIcon />} />
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
