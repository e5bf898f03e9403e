import { useEffect, type ComponentType, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { initTelemetry } from '@/lib/telemetry';
import { rehydratePortalStore } from '@/store/portalStore';
import { RouteGuard } from '@/components/auth/RouteGuard';
import { SessionBootstrap } from '@/components/auth/SessionBootstrap';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingOverlay } from './LoadingOverlay';
import { useSession } from '@/lib/api/query';
import type { LayoutName, PageLayout } from './types';
import { useRouteProgress } from './useRouteProgress';

/**
 * The main and dashboard layouts (header, menus, drawer, footer) are their own chunks: protected pages show only a
 * spinner until the session arrives, and these load alongside it, so the sign-in pages and the shared bundle never
 * carry them (docs/performance.md). The sign-in layout (its language, colour and font-size toggles) is its own chunk
 * too: the prerendered sign-in pages render it on the server and Next loads its chunk before hydrating them, and the
 * signed-in pages never load it.
 */
const MainLayout = dynamic(() => import('@/layouts/MainLayout').then((m) => m.MainLayout));
const DashboardLayout = dynamic(() => import('@/layouts/DashboardLayout').then((m) => m.DashboardLayout));
const LoginLayout = dynamic(() => import('@/layouts/LoginLayout').then((m) => m.LoginLayout));

const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  main: MainLayout,
  dashboard: DashboardLayout,
  login: LoginLayout,
};

/** `adaptive`: a signed-in user (with a customer chosen) keeps the header and menus; anyone else gets the login layout. */
function useLayoutName(layout: PageLayout): LayoutName {
  const { data: session, status } = useSession();
  if (layout !== 'adaptive') return layout;
  return status === 'authenticated' && session?.currentUser.ucpId && !session.profile.needsDisclaimer ? 'main' : 'login';
}

export function AppShell({ layout: requested, children }: { layout: PageLayout; children: ReactNode }) {
  const router = useRouter();
  const layout = useLayoutName(requested);
  useRouteProgress();
  // Loads App Insights only when a connection string is configured at run time (a dynamic import). The deferred
  // /runtime-config.js has surely run by DOMContentLoaded; hydration may come before it.
  // The persisted part of the store is read after the first render so it matches the prerendered HTML.
  useEffect(() => {
    void rehydratePortalStore();
  }, []);
  useEffect(() => {
    const start = () => void initTelemetry();
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start, { once: true });
      return () => document.removeEventListener('DOMContentLoaded', start);
    }
    start();
  }, []);
  const Layout = LAYOUTS[layout];
  const body = <RouteGuard wrap={(node) => <Layout>{node}</Layout>}>{children}</RouteGuard>;
  return (
    <ErrorBoundary resetKey={router.asPath}>
      <SessionBootstrap />
      <LoadingOverlay />
      {body}
    </ErrorBoundary>
  );
}
