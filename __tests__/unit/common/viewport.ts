/**
 * A window.matchMedia for a given viewport width (jsdom has none, so MUI's useMediaQuery would always say "no").
 * Understands the (min-width) / (max-width) queries MUI's breakpoints produce. Returns a restore function.
 */
export function mockViewportWidth(width: number): () => void {
  const original = window.matchMedia;
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
