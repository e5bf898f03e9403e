import type { NextPage } from 'next';

export type LayoutName = 'main' | 'dashboard' | 'login';
/** `adaptive` (the 404 page): the main layout with the user's header and menus when signed in, else the login layout. */
export type PageLayout = LayoutName | 'adaptive';

/** A page picks its layout by name (spec §2 "Page layouts: main, dashboard, login"). */
export type PortalPage<P = object> = NextPage<P> & { layout?: PageLayout };
