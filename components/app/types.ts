import type { NextPage } from 'next';

export type LayoutName = 'main' | 'dashboard' | 'login';

/** A page picks its layout by name (spec §2 "Page layouts: main, dashboard, login"). */
export type PortalPage<P = object> = NextPage<P> & { layout?: LayoutName };
