import { useState } from 'react';

/**
 * The text a user is typing in a field whose form value is a number ("1." or "12.5" on the way to "12.50"):
 * kept locally, and replaced by the formatted form value only when that value changes from outside (reset, a
 * server default), never while it is the value of what is being typed.
 */
export function useTextBuffer(value: number | null, format: (v: number | null) => string, parse: (text: string) => number | null) {
  const [text, setText] = useState(() => format(value));
  const [lastValue, setLastValue] = useState(value);
  if (!Object.is(value, lastValue)) {
    setLastValue(value);
    const typed = parse(text);
    if (!Object.is(typed, value)) setText(format(value));
  }
  return [text, setText] as const;
}
