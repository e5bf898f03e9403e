import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { writePreferenceCookie } from '@/lib/theme/cookieStorage';
import { LOCALE_COOKIE } from '@/lib/theme/preferences';

/** en ↔ tc, staying on the same page with the same query (spec §1: no auto-detection, the user chooses). */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const router = useRouter();
  const { t } = useTranslation('common');
  const next = router.locale === 'tc' ? 'en' : 'tc';
  return (
    <Button
      color={color}
      startIcon={<TranslateIcon />}
      lang={next === 'tc' ? 'zh-Hant-HK' : 'en'}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      aria-label={t('language.switchTo', { language: t(`language.${next}`) })}
      onClick={() => {
        writePreferenceCookie(LOCALE_COOKIE, next);
        void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale: next });
      }}
    >
      {t(`language.${next}`)}
    </Button>
  );
}
