import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import type { DataTableColumn } from '@/components/common/DataTable';
import { DetailSection, FactsSection } from '@/components/common/DetailParts';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { ListScreen } from '@/components/common/ListScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import type { BuilderStatus } from '@/lib/inboxBuilder/constants';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderListItem, BuilderMessage, BuilderSortField } from '@/lib/inboxBuilder/schemas';
import { pathTo } from '@/lib/paths';
import { BUILDER_BASE, MessageForm, type DraftForm } from './MessageForm';
import { SendPanel } from './SendPanel';

const STATUS_COLOR: Record<BuilderStatus, ChipProps['color']> = { draft: 'default', scheduled: 'info', sent: 'success' };

function BuilderStatusChip({ status }: { status: BuilderStatus }) {
  const { t } = useTranslation('inbox-builder');
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

const rowPath = (r: Pick<BuilderListItem, 'id' | 'status'>) =>
  r.status === 'draft' ? pathTo(`${BUILDER_BASE}/edit/[id]`, { id: r.id }) : pathTo(`${BUILDER_BASE}/view/[id]`, { id: r.id });

/**
 * While a message is scheduled and due (sent now, or its time has come), look again every 3 s until the delivery job
 * has made it `sent`, so the status notice below moves from "being delivered" to "sent to N recipients" by itself.
 */
function pollWhileDelivering(query: { state: { data?: BuilderMessage } }): number | false {
  const m = query.state.data;
  if (!m || m.status !== 'scheduled') return false;
  return !m.sendTime || Date.parse(m.sendTime) <= Date.now() + 1000 ? 3000 : false;
}

/**
 * The message's state as a notice that stays: it is derived from the message itself, not from the send panel's
 * state, so it survives the panel unmounting when a quick delivery turns the message `sent` (the bug this replaced:
 * "Send now" showed "scheduled", then the notice vanished with the panel and the user saw no confirmation).
 */
/** The clock, read once a second (render stays pure). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function StatusNotice({ message: m }: { message: BuilderMessage }) {
  const { t } = useTranslation('inbox-builder');
  const { locale } = useRouter();
  const now = useNow();
  if (m.status === 'sent') {
    const time = m.deliveredAt ?? m.sendTime;
    return (
      <Alert severity="success" role="status">
        {t('notice.sent', { count: m.recipients ?? 0, time: time ? formatDateTime(time, locale) : '—' })}
      </Alert>
    );
  }
  if (m.status === 'scheduled') {
    const due = !m.sendTime || Date.parse(m.sendTime) <= now;
    return (
      <Alert severity="info" role="status">
        {due ? t('notice.delivering') : t('notice.scheduled', { time: formatDateTime(m.sendTime!, locale) })}
      </Alert>
    );
  }
  return null;
}

/** `/admin-controls/build-inbox-message`: composed messages, newest change first. Drafts open for editing. */
export function BuilderListScreen() {
  const { t } = useTranslation(['inbox-builder', 'common']);
  const { locale } = useRouter();
  const columns: DataTableColumn<BuilderListItem, BuilderSortField>[] = useMemo(
    () => [
      { key: 'title', header: t('columns.title'), wrap: true, render: (r) => pickLocalized(locale, r.titleEn, r.titleZh) },
      { key: 'category', header: t('columns.category'), hideOnMobile: true, render: (r) => t(`category.${r.category}`) },
      { key: 'audience', header: t('columns.audience'), hideOnMobile: true, render: (r) => t(`audience.${r.audience}`) },
      { key: 'sendTime', header: t('columns.sendTime'), sortable: true, render: (r) => (r.sendTime ? formatDateTime(r.sendTime, locale) : '—') },
      { key: 'read', header: t('columns.read'), hideOnMobile: true, render: (r) => (r.recipients === null ? '—' : t('readCount', { read: r.readCount, recipients: r.recipients })) },
      { key: 'status', header: t('columns.status'), sortable: true, render: (r) => <BuilderStatusChip status={r.status} /> },
    ],
    [t, locale],
  );
  return (
    <ListScreen<BuilderListItem, BuilderSortField>
      endpoint={inboxBuilderContract.endpoints.listMessages}
      header={{
        title: t('title'),
        subtitle: t('subtitle'),
        breadcrumbs: [{ label: t('common:nav.admin') }, { label: t('title') }],
        actions: (
          <Can anyOf={['build_inbox_message_write']}>
            <Button variant="contained" component={NextLink} href={pathTo(`${BUILDER_BASE}/add`)}>
              {t('add')}
            </Button>
          </Can>
        ),
      }}
      columns={columns}
      rowHref={rowPath}
      label={t('listLabel')}
      filterConfig={{ q: { label: t('filters.search') }, status: { label: t('filters.status'), single: true, optionLabel: (s: string) => t(`status.${s}`) } }}
      emptyMessage={t('empty')}
      emptyFilteredMessage={t('emptyFiltered')}
    />
  );
}

/** `/add`: a new draft. */
export function BuilderAddScreen() {
  const { t } = useTranslation(['inbox-builder', 'common']);
  return (
    <>
      <PageHeader title={t('add')} back={{ href: BUILDER_BASE, label: t('title') }} />
      <MessageForm />
    </>
  );
}

/**
 * `/edit/[id]`: a draft (a message that is no longer a draft is shown read-only instead, with its status). Its send
 * panel sends the form as it stands ("Save and send"): edits not saved yet are never left behind.
 */
export function BuilderEditScreen() {
  const { t } = useTranslation(['inbox-builder', 'common']);
  const message = useRouteRecord(inboxBuilderContract.endpoints.getMessage, { refetchInterval: pollWhileDelivering });
  // The form as it stands and the version its values came from: "Save and send" sends both, so a colleague's save
  // since the form was filled is refused (409) instead of overwritten and sent.
  const draftForm = useRef<{ form: DraftForm; version?: string } | null>(null);
  const onForm = useCallback((form: DraftForm, version?: string) => {
    draftForm.current = { form, ...(version ? { version } : {}) };
  }, []);
  const currentDraftForm = useCallback(() => draftForm.current, []);
  const sendHeading = useId();
  return (
    <DetailScreen query={message} title={t('edit')} back={{ href: BUILDER_BASE, label: t('title') }} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(m) =>
        m.status === 'draft' ? (
          <>
            <PageHeader title={t('edit')} back={{ href: BUILDER_BASE, label: t('title') }} />
            <Box sx={{ display: 'grid', gap: 3 }}>
              <MessageForm record={m} onForm={onForm} />
              <Can anyOf={['build_inbox_message_write']}>
                <DetailSection title={t('send.title')} headingId={sendHeading}>
                  <SendPanel message={m} draftForm={currentDraftForm} labelledBy={sendHeading} />
                </DetailSection>
              </Can>
            </Box>
          </>
        ) : (
          <MessageView message={m} />
        )
      }
    </DetailScreen>
  );
}

/** `/view/[id]`: any composed message read-only, with recipients and read count; send or take back as its state allows. */
export function BuilderViewScreen() {
  const { t } = useTranslation(['inbox-builder', 'common']);
  const message = useRouteRecord(inboxBuilderContract.endpoints.getMessage, { refetchInterval: pollWhileDelivering });
  return (
    <DetailScreen query={message} title={t('view')} back={{ href: BUILDER_BASE, label: t('title') }} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(m) => <MessageView message={m} />}
    </DetailScreen>
  );
}

function MessageView({ message: m }: { message: BuilderMessage }) {
  const { t } = useTranslation(['inbox-builder', 'common']);
  const { locale } = useRouter();
  const title = pickLocalized(locale, m.titleEn, m.titleZh);
  const sendHeading = useId();
  const targets = m.audience === 'customers' ? m.customers.map((c) => `${c.id} · ${pickLocalized(locale, c.nameEn, c.nameZh)}`) : m.groups.map((g) => pickLocalized(locale, g.nameEn, g.nameZh));
  return (
    <>
      <PageHeader
        title={title}
        back={{ href: BUILDER_BASE, label: t('title') }}
        actions={
          m.status === 'draft' ? (
            <Can anyOf={['build_inbox_message_write']}>
              <Button variant="outlined" component={NextLink} href={pathTo(`${BUILDER_BASE}/edit/[id]`, { id: m.id })}>
                {t('edit')}
              </Button>
            </Can>
          ) : null
        }
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <StatusNotice message={m} />
        <FactsSection
          title={t('view')}
          rows={[
            [t('columns.status'), <BuilderStatusChip key="s" status={m.status} />],
            [t('columns.sendTime'), m.sendTime ? formatDateTime(m.sendTime, locale) : '—'],
            [t('columns.category'), t(`category.${m.category}`)],
            [t('columns.audience'), [t(`audience.${m.audience}`), ...targets].join('\n')],
            [t('detail.recipients'), m.recipients === null ? t('detail.notDelivered') : String(m.recipients)],
            [t('detail.read'), m.recipients === null ? '—' : t('readCount', { read: m.readCount, recipients: m.recipients })],
            [t('detail.link'), m.linkPath || t('detail.noLink')],
            [t('detail.email'), m.notifyByEmail ? t('detail.emailOn') : t('detail.emailOff')],
            [t('detail.createdBy'), m.createdByName ?? '—'],
          ]}
        />
        {m.status !== 'sent' ? (
          <Can anyOf={['build_inbox_message_write']}>
            <DetailSection title={t('send.title')} headingId={sendHeading}>
              <SendPanel message={m} labelledBy={sendHeading} />
            </DetailSection>
          </Can>
        ) : null}
        {(['en', 'tc'] as const).map((lang) => (
          <DetailSection key={lang} title={lang === 'en' ? t('detail.bodyEn') : t('detail.bodyZh')}>
            {/* A long word (a URL, a reference without spaces) breaks like the body below: unbroken, it made the card
                wider than a phone and cut the title and the body off at the card's edge (QA). */}
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={`preview-title-${lang}`}>
              {lang === 'en' ? m.titleEn || '—' : m.titleZh || '—'}
            </Typography>
            {/* Sanitized by the server on write and again on read (lib/server/sanitize.ts), as in the inbox. */}
            <Box sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: lang === 'en' ? m.bodyEn : m.bodyZh }} />
          </DetailSection>
        ))}
      </Box>
    </>
  );
}
