import { useEffect, useRef } from 'react';
import { useColorScheme } from '@mui/material/styles';
import { pageNonce } from '@/lib/security/cspNonce';

const NO_TRANSITIONS = '*{-webkit-transition:none!important;transition:none!important}';

/**
 * MUI's `disableTransitionOnChange`, with the page's CSP nonce: switching light ↔ dark changes every colour at once
 * instead of animating each component. MUI's own version appends a <style> without a nonce, which the
 * Content-Security-Policy refuses (and reports) on every switch, so the ThemeProvider in _app leaves it off and
 * calls this hook instead. Same technique: a style that stops transitions, a forced style recalculation, removed a
 * moment later.
 */
export function useInstantColorSchemeChange(): void {
  const { colorScheme } = useColorScheme();
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const style = document.createElement('style');
    const nonce = pageNonce();
    if (nonce) style.nonce = nonce;
    style.appendChild(document.createTextNode(NO_TRANSITIONS));
    document.head.appendChild(style);
    window.getComputedStyle(document.body);
    const timer = setTimeout(() => style.remove(), 1);
    return () => {
      clearTimeout(timer);
      style.remove();
    };
  }, [colorScheme]);
}

/** Renders nothing; lives inside the ThemeProvider so it sees the colour scheme. */
export function InstantColorSchemeChange(): null {
  useInstantColorSchemeChange();
  return null;
}
