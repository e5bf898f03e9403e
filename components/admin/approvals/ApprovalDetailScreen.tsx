import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'next-i18next/pages';
import { Attachments, BeforeAfter, History, RequestFacts } from '@/components/accountChanges/ValuesView';
import { useDownload } from '@/components/common/useDownload';
import { Can } from '@/components/common/Can';
import { DetailSection } from '@/components/common/DetailParts';
import { PageHeader } from '@/components/common/PageHeader';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { ReviewActions, ReviewFailure } from '@/components/common/ReviewActions';
import { settle, useEndpointMutation } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { approvalWriteCode, type ChangeStatus } from '@/lib/accountChanges/constants';
import { LIMITS, type ReviewDetail } from '@/lib/accountChanges/schemas';
import { errorKey } from '@/lib/errors';
import { pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';

const QUEUE = pathTo('/admin-controls/approve-account-info-update');

/** `/admin-controls/approve-account-info-update/[id]`: old and new side by side, attachments, history, the steps. */
export function ApprovalDetailScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const query = useRouteRecord(C.endpoints.getForReview);
  return (
    <DetailScreen
      query={query}
      title={query.data ? t('detail.title', { requestNo: query.data.requestNo }) : t('review.title')}
      back={{ href: QUEUE, label: t('review.backToList') }}
      notFoundTitle={t('detail.notFoundTitle')}
      notFoundBody={t('detail.notFoundBody')}
    >
      {(r) => (
        <>
          {/* With data the scaffold leaves the header to the screen: the request's number is the title. */}
          <PageHeader title={t('detail.title', { requestNo: r.requestNo })} back={{ href: QUEUE, label: t('review.backToList') }} />
          <ReviewView request={r} />
        </>
      )}
    </DetailScreen>
  );
}

function ReviewView({ request: r }: { request: ReviewDetail }) {
  const { t } = useTranslation(['accountChanges', 'common', 'error']);
  const { locale } = useRouter();
  const download = useDownload();
  const [notice, setNotice] = useState<ChangeStatus | null>(null);
  // Kept here, not in the step's button: after a 409 the request is fetched again, the step is no longer offered and
  // its button (with any message of its own) is gone; the user was left thinking their own click did it (QA).
  const [stepError, setStepError] = useState<ApiError | null>(null);
  const stepDone = (s: ChangeStatus) => {
    setStepError(null);
    setNotice(s);
  };
  const writeCodes = [approvalWriteCode(r.type)];
  // The step's confirmation takes focus: its button (or the dialog's opener, to which the dialog gave focus back) is
  // gone from the refreshed request, and a keyboard user was left on the page's body.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <Stack spacing={2}>
      {notice ? (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} closeText={t('common:close')} ref={noticeRef} tabIndex={-1} sx={NOTICE_FOCUS}>
          {t(`review.done.${notice}`)}
        </Alert>
      ) : null}
      <DetailSection title={t('detail.facts.type')}>
        <RequestFacts request={r} extra={[[t('detail.facts.customer'), `${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`]]} />
      </DetailSection>
      <BeforeAfter values={r} />
      <Attachments
        items={r.attachments}
        onDownload={(a) => void download.run(a.fileId, C.endpoints.getReviewAttachment, { id: r.id, fileId: a.fileId }, a.fileName)}
      />
      {download.error ? <Alert severity="error">{t(errorKey(download.error.code))}</Alert> : null}
      {r.actions.length === 0 && r.status !== 'reject' && r.status !== 'completed' ? <Alert severity="info">{t('review.readOnly')}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {r.actions.includes('start') ? <StepButton id={r.id} action="start" label={t('review.start')} codes={writeCodes} onDone={stepDone} onError={setStepError} /> : null}
        <ReviewActions
          subject={r.requestNo}
          writeCodes={writeCodes}
          disabled={!r.actions.includes('approve')}
          maxReason={LIMITS.comment}
          approve={{
            endpoint: C.endpoints.transition,
            toBody: (v) => ({ id: r.id, action: 'approve' as const, comment: v.comment }),
            help: r.type === 'trans_agree' ? t('review.transferHelp') : t('review.approveHelp'),
          }}
          reject={{ endpoint: C.endpoints.transition, toBody: (reason) => ({ id: r.id, action: 'reject' as const, comment: reason }), reasonField: 'comment' }}
          onDone={(decision) => setNotice(decision === 'approved' ? 'approved' : 'reject')}
        />
        {r.actions.includes('complete') ? <StepButton id={r.id} action="complete" label={t('review.complete')} codes={writeCodes} onDone={stepDone} onError={setStepError} /> : null}
      </Stack>
      {stepError ? <ReviewFailure error={stepError} testId="step-error" onClose={() => setStepError(null)} /> : null}
      <History events={r.history} />
    </Stack>
  );
}

/** A step without a form (start, complete): one click; its failure (a 409: someone else acted first) goes to the page. */
function StepButton({
  id,
  action,
  label,
  codes,
  onDone,
  onError,
}: {
  id: string;
  action: 'start' | 'complete';
  label: string;
  codes: Parameters<typeof Can>[0]['anyOf'];
  onDone: (s: ChangeStatus) => void;
  onError: (e: ApiError) => void;
}) {
  const mutation = useEndpointMutation(C.endpoints.transition);
  return (
    <Can anyOf={codes}>
      <Button
        variant="outlined"
        disabled={mutation.isPending}
        onClick={() =>
          // The promise, not mutate's callbacks: those are skipped once the button has unmounted (the request was
          // fetched again meanwhile and the step is no longer offered).
          void settle(mutation.mutateAsync({ id, action })).then((res) => (res.ok ? onDone(res.data.status) : onError(res.error)))
        }
      >
        {label}
      </Button>
    </Can>
  );
}
