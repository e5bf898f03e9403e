import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { errorKey } from '@/lib/errors';

/** One section of the account page: a card with a heading that names the region for screen readers. */
export function SectionCard({ id, title, subtitle, children }: { id: string; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={`${id}-title`} data-testid={`account-${id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <div>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** A card's action done (saved, changed): a success message that screen readers announce. */
export function CardDone({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert severity="success" role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}

/** A card's failure: the error code's translated message, the code itself on `data-code` for support. */
export function CardError({ code, testId }: { code: string; testId: string }) {
  const { t } = useTranslation(['account', 'error']);
  return (
    <Alert severity="error" role="alert" data-testid={testId} data-code={code}>
      {t(errorKey(code))}
    </Alert>
  );
}

/** A card the user may only look at (no write code): says so above the card's disabled form. */
export function CardReadOnly({ testId }: { testId: string }) {
  const { t } = useTranslation(['account', 'error']);
  return (
    <Alert severity="info" data-testid={testId}>
      {t('account.readOnly')}
    </Alert>
  );
}

/** A card form's submit button, saying "saving" while the form is being submitted. */
export function CardSubmit({ label, saving, disabled, testId }: { label: string; saving: boolean; disabled: boolean; testId: string }) {
  const { t } = useTranslation(['account', 'error']);
  return (
    <Box>
      <Button type="submit" variant="contained" disabled={disabled} data-testid={testId}>
        {saving ? t('account.saving') : label}
      </Button>
    </Box>
  );
}
