import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, numberFormat } from '@/lib/i18n/locales';
import type { RowIssue } from '@/lib/meter/schemas';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An issue's values as the page writes them: dates "1 Nov 2026" / "2026年11月1日", counters with separators. */
export function issueValues(values: RowIssue['values'], locale: string | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? numberFormat(locale).format(v) : ISO_DATE.test(v) ? formatDate(v, locale) : v]),
  );
}

/** A checked row's errors and warnings, translated with their values. */
export function ReadingIssues({ issues, testId, id }: { issues: readonly RowIssue[]; testId?: string; id?: string }) {
  const { t, i18n } = useTranslation(['meter']);
  if (issues.length === 0) return null;
  return (
    <Box component="ul" id={id} sx={{ m: 0, pl: 2 }} data-testid={testId}>
      {issues.map((i) => (
        <Typography key={i.code} component="li" variant="body2" color={i.severity === 'error' ? 'error' : 'warning.main'}>
          {t(`meter:issues.${i.code}`, issueValues(i.values, i18n.language))}
        </Typography>
      ))}
    </Box>
  );
}
