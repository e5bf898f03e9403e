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
