import { FieldTitle, InputHelperText, InputProps, useInput, useLocaleState, useTranslate, Validator } from 'react-admin';
import { toLocale } from '../i18n/locales';
import { DateKind, dateNotation, DateTextField, isStoredDate } from './DateTextField';
import { useTimeZone } from './useTimeZone';

export type DateTextInputProps = Omit<InputProps, 'format' | 'parse'> & {
  helperText?: string | false;
  fullWidth?: boolean;
};

/**
 * react-admin's input around {@link DateTextField}: the notation of the console's language, whatever the
 * browser's locale, and a date-time on the organization's wall clock (the zone named under the field).
 * Text that reads as no date is refused naming the notation expected ("Enter the date as TT.MM.JJJJ").
 */
const DateTextInput = ({ kind, source, label, helperText, validate, fullWidth, resource, defaultValue, disabled, readOnly, alwaysOn: _alwaysOn, ...rest }: DateTextInputProps & { kind: DateKind }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = toLocale(locale) ?? 'en';
  const timeZone = useTimeZone();
  const readable: Validator = (value: unknown) =>
    value === null || value === undefined || value === '' || isStoredDate(kind, value) ? undefined : translate('fabquote.dates.invalid', { notation: dateNotation(kind, language) });
  const validators = [readable, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const { field, fieldState, id, isRequired } = useInput({ source, resource, defaultValue, validate: validators, disabled, readOnly, ...rest });
  const { error, invalid } = fieldState;
  const hint = helperText === false ? undefined : (helperText ?? (kind === 'date-time' ? translate('fabquote.dates.in_zone', { zone: timeZone }) : undefined));
  return (
    <DateTextField
      kind={kind}
      language={language}
      timeZone={timeZone}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      id={id}
      name={field.name}
      inputRef={field.ref}
      className={`ra-input ra-input-${source}`}
      error={invalid}
      disabled={disabled}
      readOnly={readOnly}
      fullWidth={fullWidth}
      pickLabel={translate('fabquote.dates.pick')}
      testId={`date-input-${source}`}
      label={label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null}
      helperText={<InputHelperText error={error?.message} helperText={hint} />}
    />
  );
};

/** A calendar date (`YYYY-MM-DD`) typed in the chosen language's notation: replaces react-admin's DateInput. */
export const LocalizedDateInput = (props: DateTextInputProps) => <DateTextInput {...props} kind="date" />;

/** A date and time on the organization's wall clock, stored as the ISO instant: replaces react-admin's DateTimeInput. */
export const LocalizedDateTimeInput = (props: DateTextInputProps) => <DateTextInput {...props} kind="date-time" />;
