import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';

/**
 * The ids typed, in their plain forms: a Chinese input method's full-width letters, digits and commas (ＵＣＰ１００００２,
 * '，', '；') count as typed in half-width, and 、 separates too (QA: "“QAB-001，” is not a UCP ID").
 */
export const splitUcpIds = (text: string) => [
  ...new Set(
    text
      .normalize('NFKC')
      .split(/[\s,;、]+/)
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/** The target customers as typed UCP ids ("UCP100001, UCP100002"); the form value is the list. */
export function UcpIdsField({ control, label, helperText }: { control: Control<{ customerIds: string[] }>; label: string; helperText: string }) {
  const { field, fieldState } = useController({ control, name: 'customerIds' });
  const message = useFieldMessage();
  const error = message(fieldErrorMessage(fieldState.error));
  const [text, setText] = useState(() => (field.value ?? []).join(', '));
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(splitUcpIds(e.target.value));
      }}
      onBlur={() => {
        setText(splitUcpIds(text).join(', '));
        field.onBlur();
      }}
      error={Boolean(error)}
      helperText={error ?? helperText}
      required
      fullWidth
      multiline
      minRows={1}
    />
  );
}
