import EventIcon from '@mui/icons-material/EventOutlined';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { ReactNode, Ref, useEffect, useRef, useState } from 'react';
import type { Locale } from '../i18n/locales';
import { DATE_PATTERN, DATE_TIME_PATTERN, formatDateText, formatDateTimeText, ISO_DATE, parseDateText, parseDateTimeText, wallClockAt } from './dates';

export type DateKind = 'date' | 'date-time';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const two = (value: number) => String(value).padStart(2, '0');

/** Whether a field's value is a date it can store: `YYYY-MM-DD` (a date) or an ISO instant (a date-time). */
export const isStoredDate = (kind: DateKind, value: unknown): value is string =>
  typeof value === 'string' && (kind === 'date' ? ISO_DATE.test(value) : ISO_INSTANT.test(value));

/** What the field says it expects: TT.MM.JJJJ, DD/MM/YYYY (HH:MM). */
export const dateNotation = (kind: DateKind, language: Locale) => (kind === 'date' ? DATE_PATTERN[language] : DATE_TIME_PATTERN[language]);

export interface DateTextFieldProps {
  kind: DateKind;
  language: Locale;
  /** The organization's zone: a date-time is typed and shown on its wall clock. */
  timeZone: string;
  /** `YYYY-MM-DD` / an ISO instant; null; or text typed that reads as no date (kept, so nothing typed is lost). */
  value: unknown;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  pickLabel: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  testId?: string;
  /** react-admin's inputs are small; the supplier's page uses MUI's default. */
  size?: 'small' | 'medium';
}

/**
 * A date typed as the chosen language writes it, whatever the browser's locale: German
 * "26.11.2026" or "26.11.26", English "26/11/2026" or "26/11/26" (docs/product.md §9: day first in both).
 * The native `<input type="date">` shows and takes the browser's locale's notation instead, so this is a
 * text field; its calendar button opens the browser's picker, whose choice is written back in the
 * language's notation. A date-time is the organization's wall clock ("26.11.2026 18:00") stored as the
 * ISO instant. While typed text reads as no date it is kept as the value, for the form to refuse.
 */
export const DateTextField = ({ kind, language, timeZone, value, onChange, onBlur, label, error, helperText, pickLabel, readOnly, disabled, required, fullWidth, id, name, inputRef, className, testId, size = 'small' }: DateTextFieldProps) => {
  const toText = (stored: unknown) => (kind === 'date' ? formatDateText(stored, language) : formatDateTimeText(stored, language, timeZone));
  const toValue = (text: string) => (kind === 'date' ? parseDateText(text, language) : parseDateTimeText(text, language, timeZone));
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : toText(value)));
  const focused = useRef(false);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a record loaded, a reset, the picker), or another language or zone, is shown anew; typing is left alone.
  useEffect(() => {
    if (!focused.current) setText(value === null || value === undefined ? '' : toText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toText follows kind, language and zone, all listed
  }, [value, kind, language, timeZone]);

  const take = (typed: string) => {
    setText(typed);
    const parsed = toValue(typed);
    onChange(parsed === '' ? null : (parsed ?? typed));
  };
  const pickerValue = (() => {
    if (!isStoredDate(kind, value)) return '';
    if (kind === 'date') return value;
    const wall = wallClockAt(new Date(value), timeZone);
    return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
  })();

  return (
    <TextField
      id={id}
      name={name}
      inputRef={inputRef}
      value={text}
      onChange={(event) => take(event.target.value)}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        const parsed = toValue(text);
        if (parsed) setText(toText(parsed));
        onBlur?.();
      }}
      className={className}
      size={size}
      error={error}
      disabled={disabled}
      required={required}
      fullWidth={fullWidth}
      placeholder={dateNotation(kind, language)}
      label={label}
      helperText={helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly, autoComplete: 'off', inputMode: 'numeric', 'data-testid': testId },
        input: {
          endAdornment: readOnly ? undefined : (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={pickLabel}
                disabled={disabled}
                onClick={() => {
                  try {
                    picker.current?.showPicker();
                  } catch {
                    picker.current?.focus();
                  }
                }}
              >
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type={kind === 'date' ? 'date' : 'datetime-local'}
                tabIndex={-1}
                aria-hidden
                value={pickerValue}
                onChange={(event) => {
                  const picked = event.target.value && toValue(event.target.value); // YYYY-MM-DD(THH:MM), a wall clock
                  if (picked) {
                    onChange(picked);
                    setText(toText(picked));
                  }
                }}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
