import type { ReactNode } from 'react';
import { MainLayout } from './MainLayout';

/**
 * The dashboard layout (spec §2: home and the account page) is the main layout: one navigation model on every page,
 * the header's menu (the drawer on phones) with one set of labels (issue 10 item 12). It used to add a side
 * navigation on these two pages only, with the section names in capitals next to the menu's words.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return <MainLayout>{children}</MainLayout>;
}
