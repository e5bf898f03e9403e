import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { RowIssue } from '@/lib/meter/schemas';

/** A checked row's errors and warnings, translated with their values. */
export function ReadingIssues({ issues, testId }: { issues: readonly RowIssue[]; testId?: string }) {
  const { t } = useTranslation(['meter']);
  if (issues.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid={testId}>
      {issues.map((i) => (
        <Typography key={i.code} component="li" variant="body2" color={i.severity === 'error' ? 'error' : 'warning.main'}>
          {t(`meter:issues.${i.code}`, i.values ?? {})}
        </Typography>
      ))}
    </Box>
  );
}
