import type { EmotionCache } from '@emotion/cache';
import { createEmotionCache } from '@mui/material-nextjs/v16-pagesRouter';
import { pageNonce } from '@/lib/security/cspNonce';

let clientCache: EmotionCache | undefined;

/**
 * The browser's emotion cache: MUI's (key `mui`, inserted at the `emotion-insertion-point` meta), plus the page's CSP
 * nonce so every <style> emotion inserts at run time (theme changes, components loaded later) is allowed by the
 * policy. Created once, on first use in the browser; the server render gets its cache from `_document`.
 */
export function browserEmotionCache(): EmotionCache {
  clientCache ??= createEmotionCache({ key: 'mui', nonce: pageNonce() });
  return clientCache;
}
