import { Fragment, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { actionsStackedOnPhone } from '@/components/common/dialogActions';
import { DownloadError } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { useFieldMessage } from '@/components/common/form/useFieldMessage';
import { PlainTable } from '@/components/common/PlainTable';
import { settle, useEndpointUpload } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { usersContract } from '@/lib/users/contract';
import type { ImportUsersResult, UserFilter } from '@/lib/users/schemas';

const IMPEXP = ['user_ac_main_impexp'] as const;

/** `email:ui.validation.email` → the column's name and the translated message. */
function useRowError() {
  const { t } = useTranslation('users');
  const message = useFieldMessage();
  return (e: string) => {
    const at = e.indexOf(':');
    const field = at === -1 ? 'row' : e.slice(0, at);
    const text = message(at === -1 ? e : e.slice(at + 1)) ?? e;
    // "column: message" with the page language's colon (tc: full-width).
    return t('import.rowError', { column: t(`import.columns.${field}`, { defaultValue: field }), message: text });
  };
}

/**
 * A login id that breaks only where an address may: after its "@" and before a dot of the domain ("chan.taiman@" /
 * "harbourview" / ".example.hk"). The name before the "@", and an id without one ("new.person"), stay whole.
 */
function LoginId({ id }: { id: string }) {
  const at = id.indexOf('@');
  if (at < 0) return <>{id}</>;
  const parts = [id.slice(0, at + 1), ...id.slice(at + 1).split(/(?=\.)/)];
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The import check's cells: on a phone the dialog leaves the table 278 px, and 8 px beside each cell's text instead of
 * 16 leave the results room beside an e-mail login id, where the table had to scroll.
 */
const CELL_SX = (theme: Theme) => ({ px: 1, [theme.breakpoints.up('sm')]: { px: 2 } });

function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common', 'error']);
  const rowError = useRowError();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportUsersResult | null>(null);
  const [result, setResult] = useState<ImportUsersResult | null>(null);
  const [error, setError] = useState<{ code: string; file?: string } | null>(null);
  const upload = useEndpointUpload(usersContract.endpoints.importUsers);
  const fieldMessage = useFieldMessage();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setError(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    const r = await settle(upload.mutateAsync({ fields: { dryRun: dryRun ? 'true' : 'false' }, file }));
    if (!r.ok) {
      // The import checks every row again: a row refused now (a login id taken since the check) comes back as
      // `rows.N`. The message says "correct the rows listed below", so those rows are marked in the checked table
      // (and "Import" turns off) instead of the table still reading "OK" on every row.
      const refused = new Map(
        Object.entries(r.error.fields ?? {}).flatMap(([key, errors]) => {
          const row = /^rows\.(\d+)$/.exec(key);
          return row && errors.length ? [[Number(row[1]), errors] as const] : [];
        }),
      );
      if (!dryRun && refused.size) {
        setPreview((p) => (p ? { ...p, rows: p.rows.map((row) => (refused.has(row.row) ? { ...row, errors: [...new Set([...row.errors, ...refused.get(row.row)!])] } : row)) } : p));
      }
      setError({ code: r.error.code, ...(r.error.fields?.file?.[0] ? { file: r.error.fields.file[0] } : {}) });
      return;
    }
    if (dryRun) setPreview(r.data);
    else {
      setResult(r.data);
      setPreview(null);
    }
  };
  const failed = preview?.rows.filter((r) => r.errors.length) ?? [];

  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      aria-labelledby="import-users-title"
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id="import-users-title">{t('import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('import.help')}</DialogContentText>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon aria-hidden />}>
            {t('import.choose')}
            <input
              type="file"
              hidden
              accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(e) => {
                reset();
                setFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" data-testid="import-file-name">
            {file ? file.name : t('import.noFile')}
          </Typography>
        </Box>
        {error ? (
          <Alert severity="error" role="alert" data-testid="import-error">
            {error.file ? fieldMessage(error.file) : t(errorKey(error.code))}
          </Alert>
        ) : null}
        {result ? (
          <Alert severity="success" role="status" data-testid="import-done">
            {t('import.done', { count: result.imported })}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <Alert severity={failed.length ? 'error' : 'success'} role="status" data-testid="import-preview-summary">
              {failed.length ? t('import.previewErrors', { count: failed.length, total: preview.total }) : t('import.previewOk', { count: preview.total })}
            </Alert>
            <PlainTable
              label={t('import.previewTitle')}
              testId="import-preview"
              head={[t('import.row'), t('fields.loginId'), t('import.result')].map((label) => ({ label, sx: CELL_SX }))}
            >
              {preview.rows.map((r) => (
                <TableRow key={r.row} data-testid={`import-row-${r.row}`} data-ok={r.errors.length ? 'false' : 'true'}>
                  <TableCell sx={CELL_SX}>{r.row}</TableCell>
                  {/* A login id breaks only where an address may (LoginId), so the table gives its column at least its
                      longest piece. It broke anywhere ("new.pers / on" on a 390 px phone): overflow-wrap: anywhere let
                      the table shrink the column to its minimum, and the 12ch minimum (86 px at 13 px Noto Sans)
                      included the cell's 2 × 16 px padding (border-box), which left about 8 characters. An id longer
                      than the screen widens the table, which scrolls sideways. */}
                  <TableCell sx={[CELL_SX, { overflowWrap: 'normal', wordBreak: 'normal' }]} data-testid={`import-row-${r.row}-login`}>
                    {r.loginId ? <LoginId id={r.loginId} /> : '—'}
                  </TableCell>
                  <TableCell sx={CELL_SX}>
                    {r.errors.length ? (
                      <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                        {r.errors.map((e) => (
                          <li key={e}>{rowError(e)}</li>
                        ))}
                      </Box>
                    ) : (
                      t('import.rowOk')
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </PlainTable>
          </>
        ) : null}
      </DialogContent>
      <DialogActions disableSpacing sx={actionsStackedOnPhone}>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
        >
          {t('common:close')}
        </Button>
        <Button variant="outlined" disabled={!file || upload.isPending} onClick={() => void send(true)} data-testid="import-check">
          {t('import.check')}
        </Button>
        <Button variant="contained" disabled={!preview || failed.length > 0 || upload.isPending} onClick={() => void send(false)} data-testid="import-submit">
          {t('import.submit', { count: preview?.total ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Export the filtered users (CSV or XLSX) and import a file of new users: `user_ac_main_impexp` only. */
export function UserFileTools({ filter }: { filter: UserFilter }) {
  const { t } = useTranslation(['users', 'error']);
  const download = useDownload();
  const [importing, setImporting] = useState(false);
  return (
    <Can anyOf={IMPEXP}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadIcon aria-hidden />}
            disabled={download.busyKey !== null}
            onClick={() => void download.run(format, usersContract.endpoints.exportUsers, { format, filter }, `users.${format}`)}
            data-testid={`export-${format}`}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
        <Button variant="outlined" startIcon={<UploadFileIcon aria-hidden />} onClick={() => setImporting(true)} data-testid="import-open">
          {t('import.open')}
        </Button>
      </Box>
      <DownloadError download={download} sx={{ mb: 2 }} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Can>
  );
}
