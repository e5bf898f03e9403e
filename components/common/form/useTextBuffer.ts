import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useBoundField } from './useBoundField';

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

/**
 * The binding of a text field whose form value is a number (amounts, counts): the typed text is buffered
 * (`useTextBuffer`) and every change reports its parse to the form (null when empty, NaN when not a number, for the
 * schema to report). Returns the MUI `TextField` props, the buffer and the controller's field.
 */
export function useNumberTextField<T extends FieldValues>(base: BaseFieldProps<T>, format: (v: number | null) => string, parse: (text: string) => number | null) {
  const { field, textFieldProps } = useBoundField(base);
  const value = typeof field.value === 'number' ? field.value : null;
  const [text, setText] = useTextBuffer(value, format, parse);
  const props = {
    ...textFieldProps,
    value: text,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      field.onChange(parse(e.target.value));
    },
  };
  return { field, text, setText, props };
}
