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

/**
 * The CSS declarations of the style sheets (MUI's `sx`, through emotion) that apply to `el` at a viewport `width`:
 * plain rules, then `@media` rules whose (min-width) / (max-width) hold, in sheet order. jsdom's getComputedStyle
 * skips @media rules, so responsive `sx` values ({ xs, sm }) cannot be read there. Only class selectors the element
 * matches are considered (`el.matches`); later rules win, as in the cascade for equal specificity.
 */
export function declaredStyleAt(el: Element, width: number): Record<string, string> {
  const out: Record<string, string> = {};
  const holds = (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  const apply = (rule: CSSStyleRule) => {
    let matches = false;
    try {
      matches = el.matches(rule.selectorText);
    } catch {
      matches = false;
    }
    if (!matches) return;
    for (let i = 0; i < rule.style.length; i += 1) {
      const name = rule.style[i]!;
      out[name] = rule.style.getPropertyValue(name);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule instanceof CSSMediaRule) {
        if (holds(rule.media.mediaText)) Array.from(rule.cssRules).forEach((r) => r instanceof CSSStyleRule && apply(r));
      } else if (rule instanceof CSSStyleRule) apply(rule);
    }
  }
  return out;
}

/**
 * What would clip or shift a link under an alert's text: a left margin or padding on the link or on any box between it
 * and the alert's message (a negative margin pulled a text button's label into line with the text, and the message
 * box clipped its first letter on a phone), and a message box that clips what overflows it (MUI's overflow: auto, which
 * also cut the left side of the link's focus ring). Empty when the label starts where the text does, whole.
 */
export function alertLinkClipping(link: HTMLElement): string[] {
  const message = link.closest<HTMLElement>('.MuiAlert-message');
  if (!message) throw new Error('not inside an alert message');
  const out: string[] = [];
  const overflow = getComputedStyle(message).overflow;
  if (overflow && overflow !== 'visible') out.push(`message overflow: ${overflow}`);
  for (let el: HTMLElement | null = link; el && el !== message; el = el.parentElement) {
    const s = getComputedStyle(el);
    for (const [name, v] of [
      ['margin-left', s.marginLeft],
      ['padding-left', s.paddingLeft],
    ] as const) {
      if (v && !/^0(px)?$/.test(v)) out.push(`${el.tagName.toLowerCase()}.${el.className.split(' ')[0] ?? ''} ${name}: ${v}`);
    }
  }
  return out;
}
