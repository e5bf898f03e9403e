import { memo, useEffect, useRef, useState } from 'react';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { isEmptyFilterValue, type FilterValues } from './listQueryUrl';
import { DateInput } from './form/DateInput';

const isIsoDate = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Debounce of the free-text search: one request per pause in typing, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

export type FilterDef =
  | { type: 'search'; key: string; label?: string; placeholder?: string; /** The schema's limit (default 100): typing stops there. */ maxLength?: number }
  | {
      type: 'select';
      key: string;
      label: string;
      options: readonly { value: string; label: string }[];
      allLabel?: string;
      /** The filter is an array (the API takes a list): one choice is sent as `[value]`. */
      array?: boolean;
    }
  /** An array filter (`status: ['a', 'b']`): any number of the options; none means "all". */
  | { type: 'multiSelect'; key: string; label: string; options: readonly { value: string; label: string }[]; allLabel?: string }
  | { type: 'dateRange'; fromKey: string; toKey: string; fromLabel?: string; toLabel?: string };

export type FilterBarProps = {
  filters: readonly FilterDef[];
  /** The current filter (`useListQuery().query.filter`). */
  value: Partial<FilterValues>;
  /** Gets only the changed keys ('' or [] clears one): `useListQuery().setFilter`. Array filters get arrays. */
  onChange: (patch: Record<string, string | string[]>) => void;
  /** "Clear filters" (shown when any filter is set): `useListQuery().clearFilter`. */
  onClear: () => void;
  /**
   * A date box holds text that is not a whole date and the user has left it (its field says "Enter a valid date."):
   * `useListQuery().setFilterInvalid`, so the list is not asked as if that box were empty or still held its last date.
   */
  onInvalidChange?: (invalid: boolean) => void;
};

/** A date box's text that is not a date: the filter value it was typed over, and whether the box was left since. */
type BadDate = { over: string; shown: boolean };

/** The text a control shows for a filter value (an array filter shows its first value in a single select). */
const str = (v: unknown): string => {
  if (Array.isArray(v)) return typeof v[0] === 'string' || typeof v[0] === 'number' ? String(v[0]) : '';
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

const arr = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? [v] : []);

/** The menu of a choice filter: "all" (the empty value, which clears the filter), then the options. */
function choiceItems(def: Extract<FilterDef, { type: 'select' | 'multiSelect' }>, all: string) {
  return [
    <MenuItem key="" value="">
      {def.allLabel ?? all}
    </MenuItem>,
    ...def.options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    )),
  ];
}

/**
 * A multiple choice for an array filter. The menu closes after each pick (one click picks one value, as a single
 * select would); open it again to add or remove another.
 */
function MultiSelectFilter({ def, value, onChange }: { def: Extract<FilterDef, { type: 'multiSelect' }>; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const labelOf = (v: string) => def.options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      size="small"
      label={def.label}
      value={value}
      onChange={(e) => {
        const next = e.target.value as unknown as string[] | string;
        const list = (Array.isArray(next) ? next : next.split(',')).filter((v) => v !== '');
        // The "all" entry clears the filter.
        onChange(list.length > 0 && !(Array.isArray(next) && next.includes('')) ? list : []);
        setOpen(false);
      }}
      sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          open,
          onOpen: () => setOpen(true),
          onClose: () => setOpen(false),
          renderValue: (selected) => {
            const list = selected as string[];
            return list.length === 0 ? (def.allLabel ?? t('ui.filter.all')) : list.map(labelOf).join(t('ui.filter.separator'));
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {choiceItems(def, t('ui.filter.all'))}
    </TextField>
  );
}

/** Text search that reports after a pause; follows outside changes (clear, back button) while not being edited. */
function SearchFilter({ def, value, onChange }: { def: Extract<FilterDef, { type: 'search' }>; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The URL changed from elsewhere (clear filters, back): show what it says (React's "adjust state on prop change").
  if (value !== lastValue) {
    setLastValue(value);
    // Our own debounced report coming back keeps what is typed (e.g. a trailing space before the next word).
    if (value !== text.trim()) setText(value);
  }
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onChangeRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      size="small"
      type="search"
      label={def.label ?? t('ui.filter.search')}
      placeholder={def.placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ minWidth: { sm: 240 }, flex: { xs: '1 1 100%', sm: '1 1 240px' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: def.maxLength ?? 100 },
      }}
    />
  );
}

/**
 * The filter toolbar of a list (DESIGN.md convention 7: a filter array): text search (debounced), selects, date
 * ranges as two native date inputs, and "clear filters". Pass it to `<DataTable filters={…}/>`.
 *
 * Memoised: a list re-renders as its rows load, and the selects (MUI rebuilds every option of a Select on each
 * render) need not. Pass a stable `value` and stable callbacks to keep it from re-rendering with the table.
 */
/**
 * A date box: the whole row on a phone (< 600 px), so its hint ("e.g. 1 Nov 2026", "例如 2026年11月1日") shows whole;
 * two side by side left ~95 px of text each at 390 px and cut the Chinese one ("例如 2026年11月"). Beside each other
 * from 600 px (at least 170 px each, sharing the rest).
 */
const DATE_BOX = { flex: { xs: '1 1 auto', sm: 1 }, width: { xs: '100%', sm: 'auto' }, minWidth: { xs: 0, sm: 170 } } as const;

export const FilterBar = memo(function FilterBar({ filters, value, onChange, onClear, onInvalidChange }: FilterBarProps) {
  const { t } = useTranslation('common');
  // Date boxes holding text that is not a date. An entry lapses when its filter value changes from elsewhere (back
  // button, a link): the box then shows that value again.
  const [badDates, setBadDates] = useState<Record<string, BadDate>>({});
  // Bumped by "clear filters": the date boxes start afresh (text typed over an empty value would otherwise stay).
  const [generation, setGeneration] = useState(0);
  const badOf = (key: string): BadDate | undefined => {
    const bad = badDates[key];
    return bad && bad.over === str(value[key]) ? bad : undefined;
  };
  const anyShown = Object.keys(badDates).some((k) => badOf(k)?.shown);
  const anyBad = Object.keys(badDates).some((k) => badOf(k));
  const hasAny = Object.values(value).some((v) => !isEmptyFilterValue(v)) || anyBad;
  const reportRef = useRef(onInvalidChange);
  useEffect(() => {
    reportRef.current = onInvalidChange;
  });
  useEffect(() => {
    reportRef.current?.(anyShown);
  }, [anyShown]);
  const clear = () => {
    setBadDates({});
    setGeneration((g) => g + 1);
    onClear();
  };
  // After "clear filters" the first filter has the focus: the button goes away with the filters it cleared, and a
  // keyboard user was left on the page's body (the date boxes start afresh too, so this waits for them).
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (generation === 0) return;
    bar.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]):not([aria-hidden="true"]), [role="combobox"][tabindex="0"]')?.focus();
  }, [generation]);
  return (
    <Box ref={bar} data-testid="filter-bar" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      {filters.map((def) => {
        if (def.type === 'search') {
          return <SearchFilter key={def.key} def={def} value={str(value[def.key])} onChange={(v) => onChange({ [def.key]: v })} />;
        }
        if (def.type === 'multiSelect') {
          return <MultiSelectFilter key={def.key} def={def} value={arr(value[def.key])} onChange={(v) => onChange({ [def.key]: v })} />;
        }
        if (def.type === 'select') {
          const isArray = Array.isArray(value[def.key]);
          return (
            <TextField
              key={def.key}
              select
              size="small"
              label={def.label}
              value={str(value[def.key])}
              // An array filter shown as a single choice: the one value as a list.
              onChange={(e) => onChange({ [def.key]: isArray || def.array ? (e.target.value ? [e.target.value] : []) : e.target.value })}
              sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 1 200px' } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              {choiceItems(def, t('ui.filter.all'))}
            </TextField>
          );
        }
        const from = str(value[def.fromKey]);
        const to = str(value[def.toKey]);
        const badFrom = badOf(def.fromKey);
        const badTo = badOf(def.toKey);
        // 'YYYY-MM-DD' compares as text. An inverted range says so here (issue 10), but not while either box shows
        // something else than the date compared: that message would be stale.
        const inverted = from !== '' && to !== '' && from > to && !badFrom && !badTo;
        // In the page's format (issue 10 item 14); only a whole date (or none) reaches the filter and the URL. Other
        // text is remembered, and said to be wrong once the box is left.
        const setDate = (key: string) => (v: string) => {
          if (v === '' || isIsoDate(v)) {
            setBadDates((all) => Object.fromEntries(Object.entries(all).filter(([k]) => k !== key)));
            onChange({ [key]: v });
          } else {
            setBadDates((all) => ({ ...all, [key]: { over: str(value[key]), shown: all[key]?.over === str(value[key]) && all[key]!.shown } }));
          }
        };
        const showBad = (key: string) => () =>
          setBadDates((all) => (all[key] && !all[key].shown ? { ...all, [key]: { ...all[key], shown: true } } : all));
        const errorOf = (bad: BadDate | undefined, isInverted = false): string | undefined =>
          bad?.shown ? t('ui.validation.date') : isInverted ? t('ui.filter.rangeInverted') : undefined;
        const fromError = errorOf(badFrom);
        const toError = errorOf(badTo, inverted);
        const alert = { formHelperText: { role: 'alert' } as object };
        // Both boxes of the range are built alike (size, format check, width on a phone, message read out), so they
        // cannot drift apart; they differ in key, label, value, bound and message.
        const dateBox = (key: string, label: string, v: string, error: string | undefined, bound: { min?: string; max?: string }) => (
          <DateInput size="small" label={label} value={v} onChange={setDate(key)} onBlur={showBad(key)} {...bound} sx={DATE_BOX} error={error !== undefined} helperText={error} slotProps={alert} />
        );
        return (
          // On a phone the two dates stand one under the other, each the full width (DATE_BOX); two fixed 170 px boxes
          // had run 16 px past the other filters' edge, and two sharing a 390 px row cut their hint.
          <Box key={`${def.fromKey}-${def.toKey}-${generation}`} sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
            {dateBox(def.fromKey, def.fromLabel ?? t('ui.filter.from'), from, fromError, { max: to || undefined })}
            {dateBox(def.toKey, def.toLabel ?? t('ui.filter.to'), to, toError, { min: from || undefined })}
          </Box>
        );
      })}
      {hasAny ? (
        <Button onClick={clear} startIcon={<ClearIcon aria-hidden />} size="small" sx={{ ml: { sm: 'auto' } }}>
          {t('ui.filter.clear')}
        </Button>
      ) : null}
    </Box>
  );
});
