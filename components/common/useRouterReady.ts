import { useSyncExternalStore } from 'react';
import { useRouter } from 'next/router';

const noSubscribe = () => () => {};

/**
 * `router.isReady` as a render may read it: false on the server and while the page hydrates, then the router's own
 * value. A statically generated page is rendered on the server with the router not ready, but in the browser the router
 * is ready at once when the URL has no query string: a render that branches on `router.isReady` then draws something
 * else than the server's HTML (React error #418; QA: /login/reset-password without a token). Use it instead of
 * `router.isReady` wherever the rendered output depends on it.
 */
export function useRouterReady(): boolean {
  const router = useRouter();
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  return hydrated && router.isReady;
}
