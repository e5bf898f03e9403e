import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';

const split = (text: string) => [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean))];

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
        field.onChange(split(e.target.value));
      }}
      onBlur={() => {
        setText(split(text).join(', '));
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
