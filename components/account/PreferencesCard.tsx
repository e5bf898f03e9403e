import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AccountProfile } from '@/lib/account/schemas';
import { settle, useEndpointMutation } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { LOCALES } from '@/lib/i18n/locales';
import { applyFontSize, currentFontSize } from '@/lib/theme/applyPreferences';
import { writePreferenceCookie } from '@/lib/theme/cookieStorage';
import { FONT_SIZE_ATTRIBUTE, FONT_SIZES, LOCALE_COOKIE, type FontSize } from '@/lib/theme/preferences';
import { CardDone, CardError, CardReadOnly, CardSubmit, SectionCard } from './SectionCard';

const preferencesSchema = z.object({ fontSize: z.enum(['S', 'M', 'L']), preferredLanguage: z.enum(LOCALES) });
type PreferenceValues = z.infer<typeof preferencesSchema>;

/**
 * One preference bound to the form: its choices as a row of radio buttons named by `label` (the FormLabel `id`).
 * `onPick` runs once the form holds the chosen value (the font size's preview).
 */
function ChoiceRow<N extends keyof PreferenceValues>({
  control,
  name,
  id,
  label,
  disabled,
  options,
  onPick,
}: {
  control: Control<PreferenceValues>;
  name: N;
  id: string;
  label: string;
  disabled: boolean;
  options: readonly { value: PreferenceValues[N]; label: ReactNode }[];
  onPick?: (value: PreferenceValues[N]) => void;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl disabled={disabled}>
          <FormLabel id={id}>{label}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={id}
            name={field.name}
            value={field.value}
            onChange={(e) => {
              const picked = options.find((o) => o.value === e.target.value);
              if (!picked) return;
              field.onChange(picked.value);
              onPick?.(picked.value);
            }}
          >
            {options.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/**
 * Font size (previewed at once, as the header control does) and preferred language, saved together. After saving, the
 * UI switches to the saved language. A preview that is not saved is undone when the user leaves the page.
 */
export function PreferencesCard({
  profile,
  canWrite,
  onSaved,
}: {
  profile: AccountProfile;
  canWrite: boolean;
  onSaved: (saved: Pick<AccountProfile, 'fontSize' | 'preferredLanguage'>) => void;
}) {
  const { t } = useTranslation(['account', 'common', 'error']);
  const router = useRouter();
  const saveMutation = useEndpointMutation(loginContract.endpoints.savePreferenceInfo);
  const [status, setStatus] = useState<{ kind: 'saved' } | { kind: 'error'; code: string } | null>(null);
  const { control, handleSubmit, formState, reset, getValues, setValue } = useForm<PreferenceValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: { fontSize: profile.fontSize, preferredLanguage: profile.preferredLanguage },
  });

  // The font size the server holds: what an unsaved preview goes back to.
  const savedFontSize = useRef<FontSize>(profile.fontSize);
  useEffect(
    () => () => {
      if (currentFontSize() !== savedFontSize.current) applyFontSize(savedFontSize.current);
    },
    [],
  );

  // The header's font size control also saves: follow it, so the radio never shows a stale size.
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const size = currentFontSize();
      if (size === getValues('fontSize')) return;
      savedFontSize.current = size;
      setValue('fontSize', size);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [FONT_SIZE_ATTRIBUTE] });
    return () => observer.disconnect();
  }, [getValues, setValue]);

  const save = async (values: PreferenceValues) => {
    setStatus(null);
    const result = await settle(saveMutation.mutateAsync(values));
    if (!result.ok) {
      setStatus({ kind: 'error', code: result.error.code });
      return;
    }
    const saved = result.data;
    savedFontSize.current = saved.fontSize;
    applyFontSize(saved.fontSize);
    reset(saved);
    onSaved(saved);
    setStatus({ kind: 'saved' });
    if (saved.preferredLanguage !== router.locale) {
      writePreferenceCookie(LOCALE_COOKIE, saved.preferredLanguage);
      await router.push(router.asPath, undefined, { locale: saved.preferredLanguage });
    }
  };

  const disabled = !canWrite || formState.isSubmitting;

  return (
    <SectionCard id="preferences" title={t('account.preferences.title')} subtitle={t('account.preferences.intro')}>
      {!canWrite ? <CardReadOnly testId="preferences-read-only" /> : null}
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(save)(e)} sx={{ display: 'grid', gap: 2 }} aria-labelledby="preferences-title">
        <ChoiceRow
          control={control}
          name="fontSize"
          id="pref-font-size-label"
          label={t('account.preferences.fontSize')}
          disabled={disabled}
          options={FONT_SIZES.map((s) => ({ value: s, label: t(`account.preferences.fontSizes.${s}`) }))}
          // Preview at once (root attribute and cookie); saved on the server with the form.
          onPick={applyFontSize}
        />
        <ChoiceRow
          control={control}
          name="preferredLanguage"
          id="pref-language-label"
          label={t('account.preferences.language')}
          disabled={disabled}
          options={LOCALES.map((l) => ({ value: l, label: <span lang={l === 'tc' ? 'zh-Hant-HK' : 'en'}>{t(`common:language.${l}`)}</span> }))}
        />
        {status?.kind === 'saved' ? (
          <CardDone testId="preferences-saved">{t('account.preferences.saved')}</CardDone>
        ) : null}
        {status?.kind === 'error' ? (
          <CardError code={status.code} testId="preferences-error" />
        ) : null}
        <CardSubmit label={t('account.preferences.save')} saving={formState.isSubmitting} disabled={disabled || !formState.isDirty} testId="preferences-save" />
      </Box>
    </SectionCard>
  );
}
