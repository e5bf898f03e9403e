import { useEffect, useRef, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DownloadIcon from '@mui/icons-material/Download';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import type { BodyOf, Endpoint } from '@/lib/contract';
import { useApiErrorText } from './form/useFieldMessage';
import type { DownloadState } from './useDownload';

type Props = {
  label: string;
  /** Visible label while busy ("Preparing… 40%"). */
  busyLabel: string;
  busy: boolean;
  /** 0–1, or null while unknown (spinner without a value). */
  progress: number | null;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
  /** An icon-only button (table rows); the label becomes its accessible name and tooltip. */
  compact?: boolean;
  variant?: ButtonProps['variant'];
  testId?: string;
};

/** A download button that shows it is working (spinner with the share received) and cannot be clicked twice. */
export function DownloadButton({ label, busyLabel, busy, progress, disabled, onClick, icon, compact, variant = 'outlined', testId }: Props) {
  const spinner = (
    <CircularProgress
      size={18}
      variant={progress === null ? 'indeterminate' : 'determinate'}
      value={progress === null ? undefined : Math.round(progress * 100)}
      aria-label={busyLabel}
    />
  );
  if (compact) {
    return (
      <Tooltip title={busy ? busyLabel : label}>
        <span>
          <IconButton onClick={onClick} disabled={disabled || busy} aria-label={label} aria-busy={busy || undefined} data-testid={testId} size="small">
            {busy ? spinner : icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant} onClick={onClick} disabled={disabled || busy} startIcon={busy ? spinner : icon} aria-busy={busy || undefined} data-testid={testId}>
      {busy ? busyLabel : label}
    </Button>
  );
}

type EndpointProps<E extends Endpoint<'download'>> = Omit<Props, 'busy' | 'progress' | 'disabled' | 'onClick' | 'busyLabel'> & {
  /** Default: "Preparing…" (`common:ui.download.preparing`), with the progress on the spinner. */
  busyLabel?: string;
  /** The screen's `useDownload()`: busy while this button's run goes, disabled while any run of it does. */
  download: DownloadState;
  /** The run's key in `download.busyKey` ('csv', `pdf:${id}`): unique among the buttons sharing `download`. */
  runKey: string;
  endpoint: E;
  body: BodyOf<E>;
  fileName: string;
};

/** A `DownloadButton` that runs one contract download through the screen's `useDownload()` state. */
export function EndpointDownloadButton<E extends Endpoint<'download'>>({ download, runKey, endpoint, body, fileName, busyLabel, ...button }: EndpointProps<E>) {
  const { t } = useTranslation('common');
  return (
    <DownloadButton
      {...button}
      busyLabel={busyLabel ?? t('ui.download.preparing')}
      busy={download.busyKey === runKey}
      progress={download.progress}
      disabled={download.busyKey !== null}
      onClick={() => void download.run(runKey, endpoint, body, fileName)}
    />
  );
}

/**
 * A list's CSV export (an endpoint whose body is `{ filter, lang }`) as the user filtered it, in the page's language,
 * the file named in that language too (`fileName: { en: 'renewal-report.csv', tc: '續約報告.csv' }`).
 */
export function CsvExportButton<E extends Endpoint<'download'>>({
  filter,
  fileName,
  ...button
}: Omit<EndpointProps<E>, 'runKey' | 'body' | 'fileName' | 'icon'> & { filter: BodyOf<E> extends { filter?: infer F } ? F : never; fileName: { en: string; tc: string } }) {
  const lang = useRouter().locale === 'tc' ? 'tc' : 'en';
  return <EndpointDownloadButton<E> {...button} runKey="csv" body={{ filter, lang } as BodyOf<E>} fileName={fileName[lang]} icon={<DownloadIcon aria-hidden />} />;
}

/**
 * The last failed run of a screen's `useDownload()`: its translated error, which the user closes (clearing it); nothing
 * while there is none. A new error takes focus, which scrolls it into view: the bill list shows it above the table, so
 * a PDF that failed from a row further down (or from a card on a phone) seemed to do nothing (QA walk).
 */
export function DownloadError({ download, sx, testId }: { download: DownloadState; sx?: SxProps<Theme>; testId?: string }) {
  const errorText = useApiErrorText();
  const { t } = useTranslation('common');
  const alert = useRef<HTMLDivElement>(null);
  const { error } = download;
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    <Alert
      severity="error"
      onClose={download.clearError}
      closeText={t('close')}
      sx={[{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineColor: 'error.main', outlineOffset: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={testId}
      ref={alert}
      tabIndex={-1}
    >
      {/* A download has no form to highlight a field on: the user export's "too many users (N)" on `filter` is the text. */}
      {errorText(error)}
    </Alert>
  );
}
