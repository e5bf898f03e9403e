import { useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'next-i18next/pages';
import { EndpointDownloadButton } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { useCanAccess } from '@/components/common/Can';
import { PageHeader } from '@/components/common/PageHeader';
import { apiErrorOf, useEndpointMutation, useEndpointQuery, useEndpointUpload } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { hkToday } from '@/lib/dates/hongKong';
import { errorKey } from '@/lib/errors';
import { formatDate, numberFormat, pickLocalized } from '@/lib/i18n/locales';
import { MAX_COUNTER, MAX_CSV_CHARS } from '@/lib/meter/constants';
import { meterContract } from '@/lib/meter/contract';
import type { CheckResult, CsvRowError, MeterMachine, ReadingRowInput, SubmitReadingsResult } from '@/lib/meter/schemas';
import { pathTo } from '@/lib/paths';
import { translateMessage } from '@/lib/zodMessages';
import { ReadingIssues } from './ReadingIssues';
import { DueFlag } from './parts';
import { DateInput } from '@/components/common/form/DateInput';

const E = meterContract.endpoints;
const newKey = () => crypto.randomUUID();
const toCounter = (s: string): number | null => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : null);

type Entry = { date: string; mono: string; colour: string; photoFileId?: string; photoName?: string };

/** Check, then submit (all or nothing, idempotent); warnings are confirmed before saving. Shared by the form and the CSV. */
function useSubmission(channel: 'form' | 'csv') {
  const check = useEndpointMutation(E.checkReadings);
  const submit = useEndpointMutation(E.submitReadings);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [saved, setSaved] = useState<SubmitReadingsResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [confirm, setConfirm] = useState(false);

  const run = async (rows: ReadingRowInput[]) => {
    setError(null);
    setSaved(null);
    try {
      const checked = await check.mutateAsync({ rows });
      setResult(checked);
      if (checked.errorCount > 0 || (checked.warningCount > 0 && !confirm)) return;
      const done = await submit.mutateAsync({ idempotencyKey: key, channel, rows, confirmWarnings: confirm });
      setSaved(done);
      setResult(null);
      setConfirm(false);
      setKey(newKey());
    } catch (err) {
      setError(apiErrorOf(err));
    }
  };
  const reset = () => {
    setResult(null);
    setConfirm(false);
  };
  return { run, reset, result, saved, error, confirm, setConfirm, busy: check.isPending || submit.isPending, setResult };
}

function Outcome({ s }: { s: ReturnType<typeof useSubmission> }) {
  const { t } = useTranslation(['meter', 'common']);
  return (
    <>
      {s.saved ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="upload-saved">
          {t('meter:upload.saved', { count: s.saved.count })}
        </Alert>
      ) : null}
      {s.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(errorKey(s.error.code))}
        </Alert>
      ) : null}
      {s.result && s.result.errorCount > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="upload-errors">
          {t('meter:upload.hasErrors', { count: s.result.errorCount })}
        </Alert>
      ) : null}
      {s.result && s.result.errorCount === 0 && s.result.warningCount > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('meter:upload.hasWarnings', { count: s.result.warningCount })}
          <Box>
            <FormControlLabel control={<Checkbox checked={s.confirm} onChange={(e) => s.setConfirm(e.target.checked)} />} label={t('meter:upload.confirmWarnings')} />
          </Box>
        </Alert>
      ) : null}
    </>
  );
}

/**
 * A button that opens the browser's file chooser (the input itself is hidden); the chosen file goes to `onFile`, and
 * the input is emptied so that choosing the same file again reports it again.
 */
function FilePickButton({ accept, testId, onFile, children, ...button }: Omit<ButtonProps, 'onClick'> & { accept: string; testId: string; onFile: (file: File) => void; children: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(ev) => {
          const file = ev.target.files?.[0];
          ev.target.value = '';
          if (file) onFile(file);
        }}
        data-testid={testId}
      />
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}

function PhotoInput({ machine, entry, onChange }: { machine: MeterMachine; entry: Entry; onChange: (e: Partial<Entry>) => void }) {
  const { t } = useTranslation(['meter', 'common']);
  const upload = useEndpointUpload(E.uploadPhoto);
  const [error, setError] = useState<ApiError | null>(null);
  const choose = async (file: File) => {
    setError(null);
    try {
      const res = await upload.mutateAsync({ fields: { serialNo: machine.serialNo }, file });
      onChange({ photoFileId: res.fileId, photoName: file.name });
    } catch (err) {
      setError(apiErrorOf(err));
    }
  };
  return (
    <Box>
      <FilePickButton accept="image/jpeg,image/png" onFile={(file) => void choose(file)} testId={`photo-${machine.serialNo}`} size="small" variant="text" disabled={upload.isPending} aria-label={t('meter:upload.photoFor', { serial: machine.serialNo })}>
        {upload.isPending ? t('meter:upload.photoUploading') : entry.photoName ? t('meter:upload.photoReplace') : t('meter:upload.photo')}
      </FilePickButton>
      {entry.photoName ? (
        <Typography variant="caption" sx={{ display: 'block' }}>
          {entry.photoName}
        </Typography>
      ) : null}
      {error ? (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          {t(errorKey(error.code))}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The reading form's table as one card per machine below 600 px: each cell a block under its column's name. */
const stackOnPhone: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, mb: 2, px: 1.5, py: 1 },
    '& tbody td': { display: 'block', border: 0, px: 0, py: 0.75 },
    '& tbody td::before': { content: 'attr(data-label)', display: 'block', typography: 'caption', color: 'text.secondary' },
    '& tbody td:first-of-type::before': { display: 'none' },
    '& .MuiTextField-root': { width: '100%' },
  },
});

function ReadingForm({ machines }: { machines: MeterMachine[] }) {
  const { t } = useTranslation(['meter', 'common']);
  const { locale, query } = useRouter();
  // `?machineId=` (from a machine's page): that machine's row is marked and its counter field takes the focus.
  const focusId = typeof query.machineId === 'string' ? query.machineId : null;
  const today = hkToday();
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [localError, setLocalError] = useState<string | null>(null);
  const s = useSubmission('form');
  const entryOf = (id: string): Entry => entries[id] ?? { date: today, mono: '', colour: '' };
  const update = (id: string, patch: Partial<Entry>) => {
    s.reset();
    setEntries((e) => ({ ...e, [id]: { ...entryOf(id), ...patch } }));
  };
  // A row counts as entered when either counter is: a colour counter alone asks for the B/W one, not for "a reading".
  const filled = machines.filter((m) => entryOf(m.id).mono.trim() !== '' || (m.isColour && entryOf(m.id).colour.trim() !== ''));
  const submit = () => {
    setLocalError(null);
    const rows: ReadingRowInput[] = [];
    for (const m of filled) {
      const e = entryOf(m.id);
      if (e.mono.trim() === '') {
        setLocalError(t('meter:errors.monoMissing', { serial: m.serialNo }));
        return;
      }
      const mono = toCounter(e.mono);
      const colour = m.isColour ? toCounter(e.colour || '0') : 0;
      if (mono === null || colour === null) {
        // Which machine, and why: too large (a whole number over the limit) or not a whole number of pages at all.
        const tooLarge = [e.mono, m.isColour ? e.colour : ''].some((v) => /^\d{10,}$/.test(v.trim()));
        const message = tooLarge ? t('meter:errors.counterMax', { max: numberFormat(locale).format(MAX_COUNTER) }) : t('meter:errors.counterNumber');
        setLocalError(t('meter:errors.counterFor', { serial: m.serialNo, message }));
        return;
      }
      rows.push({ serialNo: m.serialNo, readingDate: e.date, monoCounter: mono, colourCounter: colour, ...(e.photoFileId ? { photoFileId: e.photoFileId } : {}) });
    }
    if (rows.length === 0) {
      setLocalError(t('meter:errors.noRows'));
      return;
    }
    void s.run(rows).then(() => undefined);
  };
  const issuesFor = (serial: string) => s.result?.rows.find((r) => r.serialNo === serial)?.issues ?? [];
  const columns = [t('meter:columns.serial'), t('meter:upload.previous'), t('meter:columns.date'), t('meter:columns.monoCounter'), t('meter:columns.colourCounter'), t('meter:upload.photoColumn')];
  // On a phone each machine is a card of labelled fields (the header's text above each cell), not six columns to scroll.
  const cell = (i: number) => ({ 'data-label': columns[i] });
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('meter:upload.formHelp')}
      </Typography>
      <Outcome s={s} />
      {localError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {localError}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('meter:upload.formTable')} sx={stackOnPhone}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {machines.map((m) => {
              const e = entryOf(m.id);
              return (
                <TableRow key={m.id} data-testid={`row-${m.serialNo}`} selected={m.id === focusId}>
                  <TableCell {...cell(0)}>
                    <Typography variant="body2">{m.serialNo}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {pickLocalized(locale, m.locationEn, m.locationZh)}
                    </Typography>
                    <DueFlag machine={m} />
                  </TableCell>
                  <TableCell {...cell(1)}>
                    {m.lastReading ? (
                      <Typography variant="body2">
                        {formatDate(m.lastReading.readingDate, locale)}
                        <br />
                        {m.lastReading.monoCounter.toLocaleString()} / {m.isColour ? m.lastReading.colourCounter.toLocaleString() : '–'}
                      </Typography>
                    ) : (
                      '–'
                    )}
                  </TableCell>
                  <TableCell {...cell(2)}>
                    <DateInput size="small" value={e.date} onChange={(v) => update(m.id, { date: v })} max={today} slotProps={{ htmlInput: { 'aria-label': t('meter:upload.dateFor', { serial: m.serialNo }) } }} />
                  </TableCell>
                  <TableCell {...cell(3)}>
                    <TextField size="small" value={e.mono} autoFocus={m.id === focusId} onChange={(ev) => update(m.id, { mono: ev.target.value })} slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('meter:upload.monoFor', { serial: m.serialNo }) } }} />
                    <ReadingIssues issues={issuesFor(m.serialNo)} testId={`issues-${m.serialNo}`} />
                  </TableCell>
                  <TableCell {...cell(4)}>
                    {m.isColour ? (
                      <TextField size="small" value={e.colour} onChange={(ev) => update(m.id, { colour: ev.target.value })} slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('meter:upload.colourFor', { serial: m.serialNo }) } }} />
                    ) : (
                      '–'
                    )}
                  </TableCell>
                  <TableCell {...cell(5)}>
                    <PhotoInput machine={m} entry={e} onChange={(patch) => setEntries((all) => ({ ...all, [m.id]: { ...entryOf(m.id), ...patch } }))} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} onClick={submit} disabled={s.busy || (s.result !== null && s.result.warningCount > 0 && s.result.errorCount === 0 && !s.confirm)} data-testid="submit-form">
        {s.result && s.result.warningCount > 0 && s.result.errorCount === 0 ? t('meter:upload.confirmAndSave') : t('meter:upload.submit')}
      </Button>
    </Box>
  );
}

function CsvUpload() {
  const { t } = useTranslation(['meter', 'common']);
  const { locale } = useRouter();
  const parse = useEndpointMutation(E.parseCsv);
  const download = useDownload();
  const s = useSubmission('csv');
  const [parseErrors, setParseErrors] = useState<CsvRowError[]>([]);
  const [rows, setRows] = useState<ReadingRowInput[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File) => {
    setError(null);
    setRows([]);
    setParseErrors([]);
    s.reset();
    setFileName(file.name);
    const text = await file.text();
    if (text.length > MAX_CSV_CHARS) {
      setError(t('meter:errors.csvTooLarge', { max: MAX_CSV_CHARS }));
      return;
    }
    // A picture or a PDF chosen by mistake: text files have no NUL bytes (the server would refuse it as control characters).
    if (text.includes('\u0000')) {
      setError(t('meter:errors.notCsv'));
      return;
    }
    try {
      const res = await parse.mutateAsync({ csv: text });
      setParseErrors(res.parseErrors);
      s.setResult(res);
      setRows(res.rows.map((r) => ({ serialNo: r.serialNo, readingDate: r.readingDate, monoCounter: r.monoCounter, colourCounter: r.colourCounter })));
    } catch (err) {
      const e = apiErrorOf(err);
      setError(translateMessage(t, e?.fields?.csv?.[0]) ?? t(errorKey(e?.code)));
    }
  };
  const blocked = parseErrors.length > 0 || (s.result?.errorCount ?? 0) > 0 || rows.length === 0;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('meter:upload.csvHelp')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <EndpointDownloadButton
          download={download}
          label={t('meter:upload.template')}
          runKey="template"
          endpoint={E.csvTemplate}
          body={{}}
          fileName="meter-readings-template.csv"
          icon={<DownloadIcon aria-hidden />}
          testId="csv-template"
        />
        <FilePickButton accept=".csv,text/csv" onFile={(file) => void choose(file)} testId="csv-input" variant="outlined" disabled={parse.isPending}>
          {t('meter:upload.chooseCsv')}
        </FilePickButton>
        {fileName ? <Typography sx={{ alignSelf: 'center' }}>{fileName}</Typography> : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {parseErrors.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="csv-parse-errors">
          {t('meter:upload.parseErrors', { count: parseErrors.length })}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {parseErrors.map((p) => (
              <li key={`${p.rowNo}-${p.field}`}>{t('meter:upload.rowError', { row: p.rowNo, field: p.field, message: translateMessage(t, p.message) })}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Outcome s={s} />
      {s.result && s.result.rows.length > 0 ? (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" aria-label={t('meter:upload.csvTable')} data-testid="csv-rows">
            <TableHead>
              <TableRow>
                <TableCell>{t('meter:upload.row')}</TableCell>
                <TableCell>{t('meter:columns.serial')}</TableCell>
                <TableCell>{t('meter:columns.date')}</TableCell>
                <TableCell align="right">{t('meter:columns.monoCounter')}</TableCell>
                <TableCell align="right">{t('meter:columns.colourCounter')}</TableCell>
                <TableCell>{t('meter:upload.check')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.result.rows.map((r) => (
                <TableRow key={r.rowNo}>
                  <TableCell>{r.rowNo}</TableCell>
                  <TableCell>{r.serialNo}</TableCell>
                  <TableCell>{formatDate(r.readingDate, locale)}</TableCell>
                  <TableCell align="right">{r.monoCounter.toLocaleString()}</TableCell>
                  <TableCell align="right">{r.colourCounter.toLocaleString()}</TableCell>
                  <TableCell>{r.issues.length ? <ReadingIssues issues={r.issues} /> : t('meter:upload.rowOk')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {rows.length > 0 ? (
        <Button variant="contained" onClick={() => void s.run(rows)} disabled={s.busy || blocked || ((s.result?.warningCount ?? 0) > 0 && !s.confirm)} data-testid="submit-csv">
          {t('meter:upload.submitCsv', { count: rows.length })}
        </Button>
      ) : null}
    </Box>
  );
}

/** `/my-account/meter-history/upload`: enter the counters of several machines, or upload a CSV; checked before anything is saved. */
export function MeterUploadScreen() {
  const { t } = useTranslation(['meter', 'common']);
  const [tab, setTab] = useState<'form' | 'csv'>('form');
  const canWrite = useCanAccess(['meter_upload_write']);
  const machines = useEndpointQuery(E.listMachines, {});
  return (
    <>
      <PageHeader title={t('meter:upload.title')} subtitle={t('meter:upload.subtitle')} back={{ href: pathTo('/my-account/meter-history'), label: t('meter:upload.back') }} />
      {machines.apiError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(errorKey(machines.apiError.code))}
        </Alert>
      ) : null}
      {canWrite ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Tabs value={tab} onChange={(_, v: 'form' | 'csv') => setTab(v)} sx={{ mb: 2 }}>
            <Tab value="form" label={t('meter:upload.tabForm')} />
            <Tab value="csv" label={t('meter:upload.tabCsv')} />
          </Tabs>
          {tab === 'form' ? machines.data ? <ReadingForm machines={machines.data.items} /> : null : <CsvUpload />}
        </Paper>
      ) : (
        <Alert severity="info" data-testid="upload-read-only">
          {t('meter:upload.readOnly')}
        </Alert>
      )}
    </>
  );
}
