import { Menu as RaMenu } from 'react-admin';

/** The console's side menu; each resource adds its item here as it arrives. */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
    </RaMenu>
  );
}
