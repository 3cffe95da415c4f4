import type { ReactNode } from 'react';
import { Layout as RaLayout, LayoutClasses } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { SessionExpiryWatch } from './SessionExpiryWatch';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      // A wide table scrolls in its card instead of widening the whole page past the window (and
      // the menu out of sight), e.g. while a side panel takes the right of the screen.
      sx={{ minWidth: 0, [`& .${LayoutClasses.content}`]: { minWidth: 0 } }}
    >
      <SessionExpiryWatch />
      {children}
    </RaLayout>
  );
}
