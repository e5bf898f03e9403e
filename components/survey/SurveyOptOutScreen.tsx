import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouterReady } from '@/components/common/useRouterReady';
import { settle, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { surveyContract, type SurveyOptOutState } from '@/lib/survey/contract';
import { errorKey } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/locales';

type View = { kind: 'loading' } | { kind: 'error'; code: string } | { kind: 'ready'; state: SurveyOptOutState; justChanged: boolean };

/**
 * The token is the only input: a damaged one fails the body schema (VALIDATION), which on this page means "the link
 * is invalid", not "check the highlighted fields" (there are none).
 */
const linkCode = (code: string) => (code === 'VALIDATION' ? 'SURVEY_LINK_INVALID' : code);

/** Public page behind the opt-out link of a satisfaction-survey e-mail (docs/survey.md). */
export function SurveyOptOutScreen() {
  const { t } = useTranslation(['survey', 'error']);
  const router = useRouter();
  // Not router.isReady: the first render must be the server's (a static page), or "link not valid" breaks hydration.
  const ready = useRouterReady();
  const token = ready && typeof router.query.token === 'string' ? router.query.token : '';
  // The link is the proof: these calls carry no session and must not raise the session-expired dialog.
  const request = { disableErrorHandler: true } as const;
  const current = useEndpointQuery(surveyContract.endpoints.getOptOut, ready && token ? { token } : null, { request });
  const optOut = useEndpointMutation(surveyContract.endpoints.optOut, { request });
  const optIn = useEndpointMutation(surveyContract.endpoints.optIn, { request });
  // What the last opt-out / opt-in answered: shown instead of the first read from then on.
  const [changed, setChanged] = useState<View | null>(null);
  const busy = optOut.isPending || optIn.isPending;
  const failure = current.apiError ?? current.retrying;
  const view: View =
    changed ??
    (current.data ? { kind: 'ready', state: current.data, justChanged: false } : failure ? { kind: 'error', code: linkCode(failure.code) } : { kind: 'loading' });

  const act = async (mutation: typeof optOut) => {
    const r = await settle(mutation.mutateAsync({ token }));
    setChanged(r.ok ? { kind: 'ready', state: r.data, justChanged: true } : { kind: 'error', code: linkCode(r.error.code) });
  };

  // A link without a token is broken before any request is made.
  const shown: View = ready && !token ? { kind: 'error', code: 'SURVEY_LINK_INVALID' } : view;

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('survey:survey.title')}
      </Typography>
      {shown.kind === 'loading' ? <CircularProgress aria-label={t('survey:survey.loading')} /> : null}
      {shown.kind === 'error' ? (
        <Alert severity="error" role="alert">
          {t(shown.code === 'SURVEY_LINK_INVALID' ? 'error:SURVEY_LINK_INVALID' : errorKey(shown.code))}
        </Alert>
      ) : null}
      {shown.kind === 'ready' && shown.state.optedOut ? (
        <>
          <Alert severity="success" role="status" data-testid="survey-opted-out">
            {t('survey:survey.optedOut', { email: shown.state.email, time: formatDateTime(shown.state.optedOutAt, router.locale) })}
          </Alert>
          <Typography color="text.secondary">{t('survey:survey.optInHelp')}</Typography>
          <Button variant="outlined" disabled={busy} onClick={() => act(optIn)} sx={{ alignSelf: 'flex-start' }}>
            {t('survey:survey.optIn')}
          </Button>
        </>
      ) : null}
      {shown.kind === 'ready' && !shown.state.optedOut ? (
        <>
          {shown.justChanged ? <Alert severity="info" role="status">{t('survey:survey.optedIn')}</Alert> : null}
          <Typography>{t('survey:survey.explain', { email: shown.state.email })}</Typography>
          <Typography color="text.secondary">{t('survey:survey.serviceMessages')}</Typography>
          <Button variant="contained" disabled={busy} onClick={() => act(optOut)} sx={{ alignSelf: 'flex-start' }} data-testid="survey-opt-out">
            {t('survey:survey.confirm')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
