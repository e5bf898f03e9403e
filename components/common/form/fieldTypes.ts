import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** Props every `*Element` shares. Inside `<Form>` `control` is optional (taken from the form's context). */
export type BaseFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  /** Already translated. */
  label: string;
  /**
   * The form's `control` (from `<Form>{(form) => …}`) for type-checked names. Its context and transformed-value
   * types differ per form, and a field only reads and writes by name, so it accepts any.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control?: Control<T, any, any>;
  helperText?: string;
  /** Marks the label (the schema decides what is really required). */
  required?: boolean;
  disabled?: boolean;
};

export type Option<V extends string | number = string> = { value: V; label: string; disabled?: boolean };

/**
 * A form's starting values: every field (server field errors are matched against these names), with null for a choice
 * not made yet: a topic, a district, a file. The schema refuses that null where a value is required ("Choose one",
 * "Required"), so the user sees it on the field. react-hook-form's own `DefaultValues` has no room for the null, which
 * made each form write `null as unknown as File`; `<Form>` hands these to react-hook-form as they are.
 */
export type FormDefaults<T> = { [K in keyof T]?: Blankable<T[K]> };
type Blankable<V> = V extends Blob | Date ? V | null : V extends readonly unknown[] ? V : V extends object ? FormDefaults<V> | null : V | null;
