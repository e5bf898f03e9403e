import { useCallback } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { afterPointerRelease, trackPointer } from './pointerBlur';
import type { BaseFieldProps } from './fieldTypes';
import { useFieldMessage } from './useFieldMessage';

/**
 * The binding every `*Element` starts from: the react-hook-form controller, the field's translated error, and the
 * props a MUI `TextField` takes unchanged from them (name, blur, ref, label, required, disabled, error state and the
 * helper text, which the error replaces). The blur's check waits until a pointer press that caused it ends
 * (pointerBlur.ts).
 */
export function useBoundField<T extends FieldValues>({ name, control, label, helperText, required, disabled }: BaseFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name, control });
  const message = useFieldMessage();
  const error = message(fieldState.error?.message);
  trackPointer();
  const { onBlur } = field;
  // Validated once a press that moved focus away ends: an error appearing mid-press moved the pressed button away.
  const onBlurAfterPress = useCallback(() => afterPointerRelease(onBlur), [onBlur]);
  const textFieldProps = {
    name: field.name,
    onBlur: onBlurAfterPress,
    inputRef: field.ref,
    label,
    required,
    disabled: disabled || field.disabled,
    error: Boolean(error),
    helperText: error ?? helperText,
  };
  return { field, error, textFieldProps };
}
