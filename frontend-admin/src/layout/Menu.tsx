import { Menu as RaMenu } from 'react-admin';

/** The console's side menu: the dashboard, then one item per resource. */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItem name="users" />
    </RaMenu>
  );
}
