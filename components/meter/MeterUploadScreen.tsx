import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TableCell from '@mui/material/TableCell';
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
import { PlainTable } from '@/components/common/PlainTable';
import { apiErrorOf, useEndpointMutation, useEndpointQuery, useEndpointUpload } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { hkToday } from '@/lib/dates/hongKong';
import { errorKey } from '@/lib/errors';
import { formatDate, numberFormat, pickLocalized } from '@/lib/i18n/locales';
import { isoDateSchema } from '@/lib/listQuery';
import { COUNTER_PHOTO_TYPES, MAX_COUNTER, MAX_CSV_CHARS, type ReadingIssue } from '@/lib/meter/constants';
import { readTextFile } from '@/lib/upload/decodeText';
import { meterContract } from '@/lib/meter/contract';
import { readCounter } from '@/lib/meter/counter';
import type { CheckResult, CsvField, CsvRowError, MeterMachine, ReadingRowInput, RowIssue, SubmitReadingsResult } from '@/lib/meter/schemas';
import { pathTo } from '@/lib/paths';
import { msg, parseMessage, translateMessage, type Translate } from '@/lib/zodMessages';
import { ReadingIssues, issueValues } from './ReadingIssues';
import { DueFlag, num } from './parts';
import { DateInput } from '@/components/common/form/DateInput';
import { useApiErrorText } from '@/components/common/form/useFieldMessage';
import { useIdempotencyKey } from '@/components/common/form/useIdempotencyKey';
import { checkUploadFile } from '@/components/common/FileUploadField';
import { useUploadLimitMb } from '@/components/auth/useSessionData';
import { typeLabels } from '@/lib/upload/sniff';

const E = meterContract.endpoints;

type Entry = { date: string; mono: string; colour: string; photoFileId?: string; photoName?: string; photoUploading?: boolean };

/** The fields of a machine's row that can carry their own message. */
type FieldName = 'date' | 'mono' | 'colour';
type FieldErrors = Partial<Record<FieldName, string>>;
/** A reading row's field in the API (`rows.N.readingDate`) → the form's field. */
const FIELD_OF: Partial<Record<string, FieldName>> = { readingDate: 'date', monoCounter: 'mono', colourCounter: 'colour' };
/** Issues of the check about the reading's date: shown under the date field, the others under the counters. */
const DATE_ISSUES: ReadonlySet<ReadingIssue> = new Set<ReadingIssue>(['DATE_IN_FUTURE', 'DATE_BEFORE_PREVIOUS', 'DUPLICATE_DATE', 'DUPLICATE_ROW']);

/** A field message (a key, maybe with values) with its dates and counters written as the page writes them. */
function pageMessage(t: Translate, message: string | undefined, locale: string | undefined): string | undefined {
  const parsed = message ? parseMessage(message) : null;
  if (!parsed?.values) return translateMessage(t, message, locale);
  // Dates and counters as the page writes them; a list value is joined by translateMessage in the page's language.
  const scalars = Object.fromEntries(Object.entries(parsed.values).filter((e): e is [string, string | number] => !Array.isArray(e[1])));
  return translateMessage(t, msg(parsed.key, { ...parsed.values, ...issueValues(scalars, locale) }), locale);
}

/** What is wrong with a counter's text (thousands separators are fine), or null. */
function counterProblem(t: Translate, text: string, locale: string | undefined): string | null {
  const read = readCounter(text);
  if ('value' in read) return null;
  return read.error === 'max' ? t('meter:errors.counterMax', { max: numberFormat(locale).format(MAX_COUNTER) }) : t('meter:errors.counterNumber');
}

/** The CSV's columns by the names the form and the template's help give them. */
const CSV_COLUMN_KEY: Partial<Record<CsvField, string>> = { serial: 'meter:columns.serial', date: 'meter:columns.date', bw: 'meter:columns.monoCounter', colour: 'meter:columns.colourCounter' };

/** Check, then submit (all or nothing, idempotent); warnings are confirmed before saving. Shared by the form and the CSV. */
function useSubmission(channel: 'form' | 'csv') {
  const check = useEndpointMutation(E.checkReadings);
  const submit = useEndpointMutation(E.submitReadings);
  // Not crypto.randomUUID: a portal reached over plain http on an intranet has none (the page threw).
  const idempotency = useIdempotencyKey();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [saved, setSaved] = useState<SubmitReadingsResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [confirm, setConfirm] = useState(false);

  /** Checks, then saves when nothing stops it; true when the rows were saved. */
  const run = async (rows: ReadingRowInput[]): Promise<boolean> => {
    setError(null);
    setSaved(null);
    try {
      const checked = await check.mutateAsync({ rows });
      setResult(checked);
      if (checked.errorCount > 0 || (checked.warningCount > 0 && !confirm)) return false;
      const done = await submit.mutateAsync({ idempotencyKey: idempotency.key, channel, rows, confirmWarnings: confirm });
      setSaved(done);
      setResult(null);
      setConfirm(false);
      idempotency.renew();
      return true;
    } catch (err) {
      setError(apiErrorOf(err));
      return false;
    }
  };
  /**
   * What was entered changed: the last answer (check result, refusal) no longer applies to it. `saved` also drops the
   * last save's message (a new file is a new submission; the form keeps it while the next machines are typed in).
   */
  const reset = (opts: { saved?: boolean } = {}) => {
    setResult(null);
    setConfirm(false);
    setError(null);
    if (opts.saved) setSaved(null);
  };
  return { run, reset, result, saved, error, confirm, setConfirm, busy: check.isPending || submit.isPending, setResult };
}

/**
 * The last answer. `csv`: the rows come from a file, checked as soon as it is chosen: its errors are corrected in the
 * file (the form's "Nothing was saved: … submit again" read oddly before anything was submitted).
 */
function Outcome({ s, csv = false }: { s: ReturnType<typeof useSubmission>; csv?: boolean }) {
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
          {t(csv ? 'meter:upload.hasErrorsCsv' : 'meter:upload.hasErrors', { count: s.result.errorCount })}
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
  const { locale } = useRouter();
  const upload = useEndpointUpload(E.uploadPhoto);
  const limitMb = useUploadLimitMb();
  const errorText = useApiErrorText();
  const [error, setError] = useState<ApiError | null>(null);
  // Why the chosen file is refused, as a message key: checked here first (size, then type by its first bytes), so the
  // message names the limit and the types instead of the server's generic "The request or file is too large".
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File) => {
    setError(null);
    const why = await checkUploadFile(file, COUNTER_PHOTO_TYPES, limitMb, locale);
    setProblem(why);
    if (why) return;
    onChange({ photoUploading: true });
    try {
      const res = await upload.mutateAsync({ fields: { serialNo: machine.serialNo }, file });
      onChange({ photoFileId: res.fileId, photoName: file.name, photoUploading: false });
    } catch (err) {
      setError(apiErrorOf(err));
      onChange({ photoUploading: false });
    }
  };
  return (
    <Box>
      <FilePickButton accept="image/jpeg,image/png" onFile={(file) => void choose(file)} testId={`photo-${machine.serialNo}`} size="small" variant="text" disabled={upload.isPending} aria-label={t('meter:upload.photoFor', { serial: machine.serialNo })}>
        {upload.isPending ? t('meter:upload.photoUploading') : entry.photoName ? t('meter:upload.photoReplace') : t('meter:upload.photo')}
      </FilePickButton>
      {entry.photoName ? (
        <Typography variant="caption" sx={{ display: 'block', ...LONG_NAME_SX }} data-testid={`photo-name-${machine.serialNo}`}>
          {entry.photoName}
        </Typography>
      ) : null}
      {problem || error ? (
        <Typography variant="caption" color="error" sx={{ display: 'block' }} role="alert" data-testid={`photo-error-${machine.serialNo}`}>
          {problem ? translateMessage(t, problem) : photoErrorText(t, errorText, error!, locale)}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A chosen file's name breaks anywhere when it must: a long name without spaces ("meter_readings_harbour_view_…")
 * widened the whole page past a phone's screen.
 */
const LONG_NAME_SX = { minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' } as const;


/**
 * The server's refusal of a photo in the same words as the check above: a type the browser could not tell names the
 * types; a limit lowered meanwhile comes with the server's own "larger than the N MB limit" on the file.
 */
function photoErrorText(t: Translate, errorText: (error: ApiError) => string, error: ApiError, locale: string | undefined): string {
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('common:ui.upload.wrongType', { types: typeLabels(COUNTER_PHOTO_TYPES, locale) });
  return errorText(error);
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

/** Focuses (and scrolls to) the form's field with this id, once the messages it gets are drawn. */
function focusField(id: string | null) {
  if (id) setTimeout(() => document.getElementById(id)?.focus(), 0);
}

/**
 * A reading field's description: its own message (MUI's helper text, `<id>-helper-text`) and the check's issues listed
 * under it (`<id>-issues`). The check's refusal focuses the field, and a screen reader then heard "invalid" without the
 * reason, which was only text below the field.
 */
function describedBy(id: string, message: string | undefined, issues: readonly RowIssue[], issuesId = `${id}-issues`): string | undefined {
  const ids = [message ? `${id}-helper-text` : null, issues.length > 0 ? issuesId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The column that names each field of the form in its messages. */
const FIELD_COLUMN = { date: 'meter:columns.date', mono: 'meter:columns.monoCounter', colour: 'meter:columns.colourCounter' } as const;

/** A number column, right-aligned in the table, read left to right once its cell is a line of a phone's card. */
const phoneLeft: SxProps<Theme> = (theme) => ({ [theme.breakpoints.down('sm')]: { textAlign: 'left' } });

function ReadingForm({ machines }: { machines: MeterMachine[] }) {
  const { t } = useTranslation(['meter', 'common']);
  const { locale, query } = useRouter();
  // `?machineId=` (from a machine's page): that machine's row is marked and its counter field takes the focus.
  const focusId = typeof query.machineId === 'string' ? query.machineId : null;
  const today = hkToday();
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [localError, setLocalError] = useState<string[]>([]);
  // The browser's own checks, per machine and field; the machines of the rows last sent, to place the server's.
  const [localFields, setLocalFields] = useState<Record<string, FieldErrors>>({});
  const [sentIds, setSentIds] = useState<string[]>([]);
  const s = useSubmission('form');
  const entryOf = (id: string): Entry => entries[id] ?? { date: today, mono: '', colour: '' };
  const photosUploading = Object.values(entries).some((e) => e.photoUploading);
  const update = (id: string, patch: Partial<Entry>) => {
    s.reset();
    setEntries((e) => ({ ...e, [id]: { ...entryOf(id), ...patch } }));
    // The field changed: its message no longer applies.
    setLocalFields((all) => {
      const mine = { ...all[id] };
      if ('date' in patch) delete mine.date;
      if ('mono' in patch) delete mine.mono;
      if ('colour' in patch) delete mine.colour;
      return { ...all, [id]: mine };
    });
  };
  // The server's refusal of a field (400 with `rows.N.readingDate`…), on that machine's field.
  const serverFields: Record<string, FieldErrors> = {};
  for (const [key, messages] of Object.entries(s.error?.fields ?? {})) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
    const id = m ? sentIds[Number(m[1])] : undefined;
    const field = m ? FIELD_OF[m[2]!] : undefined;
    if (id && field) serverFields[id] = { [field]: pageMessage(t, messages[0], locale), ...serverFields[id] };
  }
  const fieldError = (id: string, field: FieldName): string | undefined => localFields[id]?.[field] ?? serverFields[id]?.[field];

  // A row counts as entered when either counter is: a colour counter alone asks for the B/W one, not for "a reading".
  const filled = machines.filter((m) => entryOf(m.id).mono.trim() !== '' || (m.isColour && entryOf(m.id).colour.trim() !== ''));
  const submit = () => {
    // Every field of the entered rows is checked as the server checks it, and each problem shown on its field, before
    // anything is sent (a date the server refuses came back as a banner with nothing highlighted).
    const problems: string[] = [];
    const fields: Record<string, FieldErrors> = {};
    const rows: ReadingRowInput[] = [];
    for (const m of filled) {
      const e = entryOf(m.id);
      const mine: FieldErrors = {};
      if (!isoDateSchema.safeParse(e.date).success) mine.date = t('common:ui.validation.date');
      else if (e.date > today) mine.date = t('meter:issues.DATE_IN_FUTURE', issueValues({ today }, locale));
      if (e.mono.trim() === '') mine.mono = t('meter:errors.monoMissing', { serial: m.serialNo });
      else mine.mono = counterProblem(t, e.mono, locale) ?? undefined;
      // A colour machine's colour counter is asked for: left empty it was sent as 0, refused as lower than the last one.
      if (m.isColour) mine.colour = e.colour.trim() === '' ? t('meter:errors.colourMissing', { serial: m.serialNo }) : (counterProblem(t, e.colour, locale) ?? undefined);
      const found = (['date', 'mono', 'colour'] as const).filter((f) => mine[f]);
      if (found.length > 0) {
        fields[m.id] = mine;
        // "Enter the B/W counter of X as well." names the machine itself; the others say which machine.
        // The field is named too: a colour machine's two counters can fail with the same message.
        for (const f of found) {
          const missing = (f === 'mono' && e.mono.trim() === '') || (f === 'colour' && e.colour.trim() === '');
          problems.push(missing ? mine[f]! : t('meter:errors.counterFor', { serial: m.serialNo, field: t(FIELD_COLUMN[f]), message: mine[f] }));
        }
        continue;
      }
      const mono = readCounter(e.mono);
      const colour = m.isColour ? readCounter(e.colour) : { value: 0 };
      if (!('value' in mono) || !('value' in colour)) continue; // checked above
      rows.push({ serialNo: m.serialNo, readingDate: e.date, monoCounter: mono.value, colourCounter: colour.value, ...(e.photoFileId ? { photoFileId: e.photoFileId } : {}) });
    }
    setLocalFields(fields);
    if (filled.length === 0) problems.push(t('meter:errors.noRows'));
    setLocalError(problems);
    if (problems.length > 0) {
      // The summary is at the top of a long form (on a phone a screen or more above the button): focus (and so show)
      // the first field to correct, or the first counter when nothing was entered; the button kept the focus before.
      const first = filled.find((m) => fields[m.id]);
      const field = first ? (['date', 'mono', 'colour'] as const).find((f) => fields[first.id]?.[f]) : undefined;
      focusField(first && field ? `${field}-${first.id}` : machines[0] ? `mono-${machines[0].id}` : null);
      return;
    }
    const ids = filled.map((m) => m.id);
    setSentIds(ids);
    void s.run(rows).then((saved) => {
      // Saved: the counters (and photos) go, so pressing submit again is not a second reading of the same day; each
      // row keeps its date for the next machines read that day.
      if (saved) setEntries((all) => Object.fromEntries(Object.entries(all).map(([id, e]) => [id, { date: e.date, mono: '', colour: '' }])));
    });
  };
  // The check refused rows (a date before the latest reading, a counter that went back): its first one's field, as above.
  useEffect(() => {
    if (!s.result || s.result.errorCount === 0) return;
    const row = s.result.rows.find((r) => r.issues.some((i) => i.severity === 'error'));
    const m = row ? machines.find((x) => x.serialNo === row.serialNo) : undefined;
    if (row && m) focusField(`${row.issues.some((i) => i.severity === 'error' && DATE_ISSUES.has(i.code)) ? 'date' : 'mono'}-${m.id}`);
  }, [s.result, machines]);
  const issuesFor = (serial: string, date: boolean): RowIssue[] => (s.result?.rows.find((r) => r.serialNo === serial)?.issues ?? []).filter((i) => DATE_ISSUES.has(i.code) === date);
  const columns = [t('meter:columns.serial'), t('meter:upload.previous'), t('meter:columns.date'), t('meter:columns.monoCounter'), t('meter:columns.colourCounter'), t('meter:upload.photoColumn')];
  // On a phone each machine is a card of labelled fields (the header's text above each cell), not six columns to scroll.
  const cell = (i: number) => ({ 'data-label': columns[i] });
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('meter:upload.formHelp')}
      </Typography>
      <Outcome s={s} />
      {localError.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-errors">
          {localError.map((line) => (
            <Box key={line}>{line}</Box>
          ))}
        </Alert>
      ) : null}
      <PlainTable label={t('meter:upload.formTable')} head={columns} tableSx={stackOnPhone}>
        {machines.map((m) => {
          const e = entryOf(m.id);
          const dateIssues = issuesFor(m.serialNo, true);
          const counterIssues = issuesFor(m.serialNo, false);
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
                    {num(m.lastReading.monoCounter, locale)} / {m.isColour ? num(m.lastReading.colourCounter, locale) : '–'}
                  </Typography>
                ) : (
                  '–'
                )}
              </TableCell>
              <TableCell {...cell(2)}>
                <DateInput
                  id={`date-${m.id}`}
                  size="small"
                  value={e.date}
                  onChange={(v) => update(m.id, { date: v })}
                  max={today}
                  error={Boolean(fieldError(m.id, 'date')) || dateIssues.some((i) => i.severity === 'error')}
                  helperText={fieldError(m.id, 'date')}
                  slotProps={{ htmlInput: { 'aria-label': t('meter:upload.dateFor', { serial: m.serialNo }), 'aria-describedby': describedBy(`date-${m.id}`, fieldError(m.id, 'date'), dateIssues) } }}
                />
                <ReadingIssues issues={dateIssues} testId={`date-issues-${m.serialNo}`} id={`date-${m.id}-issues`} />
              </TableCell>
              <TableCell {...cell(3)}>
                <TextField
                  id={`mono-${m.id}`}
                  size="small"
                  value={e.mono}
                  autoFocus={m.id === focusId}
                  onChange={(ev) => update(m.id, { mono: ev.target.value })}
                  error={Boolean(fieldError(m.id, 'mono')) || counterIssues.some((i) => i.severity === 'error')}
                  helperText={fieldError(m.id, 'mono')}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('meter:upload.monoFor', { serial: m.serialNo }), 'aria-describedby': describedBy(`mono-${m.id}`, fieldError(m.id, 'mono'), counterIssues) } }}
                />
                <ReadingIssues issues={counterIssues} testId={`issues-${m.serialNo}`} id={`mono-${m.id}-issues`} />
              </TableCell>
              <TableCell {...cell(4)}>
                {m.isColour ? (
                  <TextField
                    id={`colour-${m.id}`}
                    size="small"
                    value={e.colour}
                    onChange={(ev) => update(m.id, { colour: ev.target.value })}
                    error={Boolean(fieldError(m.id, 'colour'))}
                    helperText={fieldError(m.id, 'colour')}
                    // The counters' issues are listed once, under the B/W counter; they are the colour counter's too.
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('meter:upload.colourFor', { serial: m.serialNo }), 'aria-describedby': describedBy(`colour-${m.id}`, fieldError(m.id, 'colour'), counterIssues, `mono-${m.id}-issues`) } }}
                  />
                ) : (
                  '–'
                )}
              </TableCell>
              <TableCell {...cell(5)}>
                {/* Onto the row as it is when the upload ends (`all`), not as it was when the photo was chosen: the
                    counters typed meanwhile were put back to what they were then. */}
                <PhotoInput machine={m} entry={e} onChange={(patch) => setEntries((all) => ({ ...all, [m.id]: { date: today, mono: '', colour: '', ...all[m.id], ...patch } }))} />
              </TableCell>
            </TableRow>
          );
        })}
      </PlainTable>
      {/* While a counter photo uploads the readings wait: sent meanwhile, they were saved without it, and the photo
          then landed on the emptied row. */}
      {photosUploading ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 2 }} data-testid="photos-uploading">
          {t('meter:upload.waitForPhotos')}
        </Typography>
      ) : null}
      <Button variant="contained" sx={{ mt: 2 }} onClick={submit} disabled={s.busy || photosUploading || (s.result !== null && s.result.warningCount > 0 && s.result.errorCount === 0 && !s.confirm)} data-testid="submit-form">
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
  // The page's own machine query (cached, not asked again): a black & white machine's colour counter reads '–', as in the form.
  const machines = useEndpointQuery(E.listMachines, {});
  const monoSerials = useMemo(() => new Set((machines.data?.items ?? []).filter((m) => !m.isColour).map((m) => m.serialNo)), [machines.data]);
  const [parseErrors, setParseErrors] = useState<CsvRowError[]>([]);
  const [rows, setRows] = useState<ReadingRowInput[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File) => {
    setError(null);
    setRows([]);
    setParseErrors([]);
    s.reset({ saved: true });
    setFileName(file.name);
    // By its byte-order mark: Excel's "Unicode text" / "CSV UTF-16" is UTF-16, which file.text() would read as UTF-8.
    const text = await readTextFile(file);
    // A picture or a PDF chosen by mistake: text files have no NUL bytes (the server would refuse it as control characters).
    // Checked before the size: a photo is nearly always past the CSV's limit and was told "The CSV is too large".
    if (text.includes('\u0000')) {
      setError(t('meter:errors.notCsv'));
      return;
    }
    if (text.length > MAX_CSV_CHARS) {
      setError(t('meter:errors.csvTooLarge', { max: numberFormat(locale).format(MAX_CSV_CHARS) }));
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
  // Rows, not errors: one line with three unreadable fields is one row that could not be read.
  const badRows = new Set(parseErrors.map((p) => p.rowNo)).size;
  const rowError = (p: CsvRowError) => {
    const column = CSV_COLUMN_KEY[p.field];
    const message = pageMessage(t, p.message, locale);
    return column ? t('meter:upload.rowError', { row: p.rowNo, field: t(column), message }) : t('meter:upload.rowErrorLine', { row: p.rowNo, message });
  };
  const blocked = parseErrors.length > 0 || (s.result?.errorCount ?? 0) > 0 || rows.length === 0;
  // The preview stacks on a phone as the form does (each value under its column's name): six columns do not fit 390 px.
  const csvColumns = [t('meter:upload.row'), t('meter:columns.serial'), t('meter:columns.date'), t('meter:columns.monoCounter'), t('meter:columns.colourCounter'), t('meter:upload.check')] as const;
  const csvCell = (i: number) => ({ 'data-label': csvColumns[i] });
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
        {/* .txt too: Excel saves "Unicode text" (UTF-16, tab-separated) as .txt. */}
        <FilePickButton accept=".csv,text/csv,.txt,text/plain" onFile={(file) => void choose(file)} testId="csv-input" variant="outlined" disabled={parse.isPending}>
          {t('meter:upload.chooseCsv')}
        </FilePickButton>
        {fileName ? <Typography sx={{ alignSelf: 'center', ...LONG_NAME_SX }} data-testid="csv-file-name">{fileName}</Typography> : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {parseErrors.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="csv-parse-errors">
          {t('meter:upload.parseErrors', { count: badRows })}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {parseErrors.map((p) => (
              <li key={`${p.rowNo}-${p.field}`}>{rowError(p)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Outcome s={s} csv />
      {s.result && s.result.rows.length > 0 ? (
        <PlainTable
          label={t('meter:upload.csvTable')}
          testId="csv-rows"
          sx={{ mb: 2 }}
          tableSx={stackOnPhone}
          head={[
            csvColumns[0],
            csvColumns[1],
            csvColumns[2],
            { label: csvColumns[3], align: 'right' },
            { label: csvColumns[4], align: 'right' },
            csvColumns[5],
          ]}
        >
          {s.result.rows.map((r) => (
            <TableRow key={r.rowNo}>
              {/* On a phone each row is a card (stackOnPhone): its first line says which line of the file it is. */}
              <TableCell {...csvCell(0)}>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {t('meter:upload.rowLabel', { row: r.rowNo })}
                </Box>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {r.rowNo}
                </Box>
              </TableCell>
              <TableCell {...csvCell(1)}>{r.serialNo}</TableCell>
              <TableCell {...csvCell(2)}>{formatDate(r.readingDate, locale)}</TableCell>
              <TableCell align="right" {...csvCell(3)} sx={phoneLeft}>
                {num(r.monoCounter, locale)}
              </TableCell>
              <TableCell align="right" {...csvCell(4)} sx={phoneLeft}>
                {monoSerials.has(r.serialNo) ? '–' : num(r.colourCounter, locale)}
              </TableCell>
              <TableCell {...csvCell(5)}>{r.issues.length ? <ReadingIssues issues={r.issues} /> : t('meter:upload.rowOk')}</TableCell>
            </TableRow>
          ))}
        </PlainTable>
      ) : null}
      {rows.length > 0 ? (
        <Button
          variant="contained"
          // Saved: the rows go with the preview, so the same file is not sent twice; choosing a file shows its own again.
          onClick={() => void s.run(rows).then((saved) => saved && setRows([]))}
          disabled={s.busy || blocked || ((s.result?.warningCount ?? 0) > 0 && !s.confirm)}
          data-testid="submit-csv"
        >
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
            <Tab value="form" label={t('meter:upload.tabForm')} id="meter-tab-form" aria-controls="meter-panel-form" />
            <Tab value="csv" label={t('meter:upload.tabCsv')} id="meter-tab-csv" aria-controls="meter-panel-csv" />
          </Tabs>
          {/* Both panels stay mounted (the other one hidden): counters typed in the form, or a checked CSV, are still there
              after a look at the other tab (QA: switching tabs emptied the form). */}
          <div role="tabpanel" id="meter-panel-form" aria-labelledby="meter-tab-form" hidden={tab !== 'form'}>
            {machines.data ? <ReadingForm machines={machines.data.items} /> : null}
          </div>
          <div role="tabpanel" id="meter-panel-csv" aria-labelledby="meter-tab-csv" hidden={tab !== 'csv'}>
            <CsvUpload />
          </div>
        </Paper>
      ) : (
        <Alert severity="info" data-testid="upload-read-only">
          {t('meter:upload.readOnly')}
        </Alert>
      )}
    </>
  );
}
