import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { Controller, useForm } from 'react-hook-form';
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
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { applyFontSize, currentFontSize } from '@/lib/theme/applyPreferences';
import { writePreferenceCookie } from '@/lib/theme/cookieStorage';
import { FONT_SIZE_ATTRIBUTE, FONT_SIZES, LOCALE_COOKIE, isFontSize, type FontSize } from '@/lib/theme/preferences';
import { CardDone, CardError, CardReadOnly, CardSubmit, SectionCard } from './SectionCard';

const preferencesSchema = z.object({ fontSize: z.enum(['S', 'M', 'L']), preferredLanguage: z.enum(LOCALES) });
type PreferenceValues = z.infer<typeof preferencesSchema>;

/** One preference: its choices as a row of radio buttons named by `label` (the FormLabel `id`). */
function ChoiceRow({
  id,
  label,
  name,
  value,
  disabled,
  options,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  disabled: boolean;
  options: readonly { value: string; label: ReactNode }[];
  onChange: (value: string) => void;
}) {
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
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
        <Controller
          name="fontSize"
          control={control}
          render={({ field }) => (
            <ChoiceRow
              id="pref-font-size-label"
              label={t('account.preferences.fontSize')}
              name={field.name}
              value={field.value}
              disabled={disabled}
              options={FONT_SIZES.map((s) => ({ value: s, label: t(`account.preferences.fontSizes.${s}`) }))}
              onChange={(size) => {
                if (!isFontSize(size)) return;
                field.onChange(size);
                // Preview at once (root attribute and cookie); saved on the server with the form.
                applyFontSize(size);
              }}
            />
          )}
        />
        <Controller
          name="preferredLanguage"
          control={control}
          render={({ field }) => (
            <ChoiceRow
              id="pref-language-label"
              label={t('account.preferences.language')}
              name={field.name}
              value={field.value}
              disabled={disabled}
              options={LOCALES.map((l) => ({ value: l, label: <span lang={l === 'tc' ? 'zh-Hant-HK' : 'en'}>{t(`common:language.${l}`)}</span> }))}
              onChange={(l) => field.onChange(l as Locale)}
            />
          )}
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
