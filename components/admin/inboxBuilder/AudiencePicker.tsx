import { useDeferredValue, useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { useController, type Control, type FieldValues, type FieldPath } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';
import { useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { pickLocalized } from '@/lib/i18n/locales';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderTarget } from '@/lib/inboxBuilder/schemas';

/**
 * Chooses customers or user groups for a message: searches the server as the user types (audienceOptions: a customer
 * by its UCP id or either name, a group by its code or either name; the provider's own party is never offered) and
 * keeps the ids in the form field. `initial` names the targets already chosen (editing a draft).
 *
 * The chosen value keeps its identity until the choice changes: MUI's Autocomplete empties the text typed whenever
 * it gets a new `value`, so a value rebuilt on every render (each keystroke, each answer) wiped the search at once.
 */
export function AudiencePicker<T extends FieldValues>({
  name,
  control,
  kind,
  label,
  helperText,
  initial,
}: {
  name: FieldPath<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  kind: 'customers' | 'groups';
  label: string;
  helperText: string;
  initial: readonly BuilderTarget[];
}) {
  const { t } = useTranslation(['inbox-builder', 'error']);
  const { locale } = useRouter();
  const { field, fieldState } = useController<T>({ name, control });
  const message = useFieldMessage();
  const error = message(fieldErrorMessage(fieldState.error));
  const [input, setInput] = useState('');
  const q = useDeferredValue(input.trim());
  const options = useEndpointQuery(inboxBuilderContract.endpoints.audienceOptions, q ? { q } : {});
  const [known, setKnown] = useState<Map<string, BuilderTarget>>(() => new Map(initial.map((x) => [x.id, x])));
  const list = useMemo(() => options.data?.[kind] ?? [], [options.data, kind]);
  // A search that failed said "No match", as if no customer or group fitted: it says what went wrong instead.
  const failure = options.apiError ?? options.retrying;
  // Every chosen target is in `known` (the draft's own, or added when picked), so the value depends on nothing else.
  const idsKey = ((field.value as string[] | undefined) ?? []).join('\n');
  const value = useMemo(() => (idsKey ? idsKey.split('\n') : []).map((id) => known.get(id) ?? { id, nameEn: id, nameZh: id }), [idsKey, known]);
  const labelOf = (o: BuilderTarget) => (kind === 'customers' ? `${o.id} · ${pickLocalized(locale, o.nameEn, o.nameZh)}` : pickLocalized(locale, o.nameEn, o.nameZh));

  return (
    <Autocomplete
      multiple
      options={list}
      value={value}
      loading={options.isFetching && !failure}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={labelOf}
      noOptionsText={failure ? t(errorKey(failure.code)) : t('form.noOptions')}
      // MUI's own texts are English: the open / close / clear buttons' names (read out, shown as tooltips) and the
      // loading line were English on /tc pages.
      openText={t('form.pickerOpen')}
      closeText={t('form.pickerClose')}
      clearText={t('form.pickerClear')}
      loadingText={t('form.pickerLoading')}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, next) => {
        setKnown((m) => new Map([...m, ...next.map((o) => [o.id, o] as const)]));
        field.onChange(next.map((o) => o.id));
      }}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField {...params} inputRef={field.ref} label={label} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
