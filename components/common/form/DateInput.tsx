import { useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { dateExample, parseTypedDate, showDate } from '@/lib/i18n/dateInput';

export type DateInputProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'defaultValue'> & {
  /** 'YYYY-MM-DD', '' when empty, or (in a form) the text typed when it is not a date, for the schema to refuse. */
  value: string;
  /** Called with 'YYYY-MM-DD' when the text is a date, else with the typed text ('' when cleared). */
  onChange: (value: string) => void;
  /** 'YYYY-MM-DD' bounds of the calendar. */
  min?: string;
  max?: string;
};

/**
 * A calendar date in the page's language and format (issue 10 item 14): the field shows "1 Nov 2026" /
 * "2026年11月1日" like every other date on the page, takes a typed date in that or a Hong Kong numeric form, and
 * offers the browser's calendar from a button. The browser's own date field showed mm/dd/yyyy whatever the page's
 * language. The value stays 'YYYY-MM-DD' for forms, filters and the API.
 */
export function DateInput({ value, onChange, min, max, slotProps, onBlur, ...rest }: DateInputProps) {
  const { t } = useTranslation('common');
  const { locale } = useRouter();
  const [text, setText] = useState(() => showDate(value, locale));
  const [seen, setSeen] = useState({ value, locale });
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (reset, the URL, the calendar) or another language shows in the page's format; what
  // the user is typing is left alone (adjusted while rendering, React's pattern for state that follows a prop).
  if (seen.value !== value || seen.locale !== locale) {
    setSeen({ value, locale });
    setText(parseTypedDate(text) === value && value !== '' && seen.locale === locale ? text : showDate(value, locale));
  }

  const typed = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? '' : (parseTypedDate(next) ?? next));
  };
  const openCalendar = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  };
  const inputSlot = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  // The calendar button says whose calendar it opens: a date range's two boxes, or a form's row of date fields (the
  // meter form has one per machine), each had a button named only "Choose a date from the calendar".
  const fieldName = typeof rest.label === 'string' ? rest.label : typeof inputSlot['aria-label'] === 'string' ? inputSlot['aria-label'] : null;

  return (
    <TextField
      {...rest}
      value={text}
      onChange={(e) => typed(e.target.value)}
      onBlur={(e) => {
        const parsed = parseTypedDate(text);
        if (parsed) setText(showDate(parsed, locale));
        onBlur?.(e);
      }}
      placeholder={t('ui.date.placeholder', { example: dateExample(locale) })}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: { ...inputSlot, autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" size="small" onClick={openCalendar} aria-label={fieldName ? t('ui.date.openCalendarFor', { field: fieldName }) : t('ui.date.openCalendar')} disabled={rest.disabled}>
                <CalendarIcon fontSize="small" />
              </IconButton>
              {/* The browser's calendar only: its value comes back as 'YYYY-MM-DD' and is shown in the page's format. */}
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                min={min}
                max={max}
                value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
                onChange={(e) => {
                  setText(showDate(e.target.value, locale));
                  onChange(e.target.value);
                }}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
