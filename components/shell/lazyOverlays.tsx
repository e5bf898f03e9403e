import dynamic from 'next/dynamic';
import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import { useOpenedOnce } from '@/components/common/lazyParts';

/**
 * The header's menus and phone drawer load their code (Menu, Popover, Drawer, Modal, transitions) on the first
 * opening, not with the layout every signed-in page hydrates before anything shows (docs/performance.md "Shared
 * bundle, fourth pass"). Closed, MUI renders nothing for them anyway; once opened they stay mounted so their closing
 * transition plays.
 */
const MenuImpl = dynamic(() => import('@mui/material/Menu'), { ssr: false });
const DrawerImpl = dynamic(() => import('@mui/material/Drawer'), { ssr: false });

export function LazyMenu(props: MenuProps) {
  return useOpenedOnce(props.open) ? <MenuImpl {...props} /> : null;
}

export function LazyDrawer(props: DrawerProps) {
  return useOpenedOnce(props.open) ? <DrawerImpl {...props} /> : null;
}
