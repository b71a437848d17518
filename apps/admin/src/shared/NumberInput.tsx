import TextField from '@mui/material/TextField';
import { ChangeEvent, FocusEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, sanitizeInputRestProps, TextInputProps, useInput, useLocaleState, Validator } from 'react-admin';
import { formatNumber, NumberProblem, numberProblemMessage, readNumber, sameNumber } from './numbers';

/**
 * An entry that could not be read in the chosen language (German "1.5"), kept in the form as typed so
 * its message shows and nothing is saved; the form holds exact decimal texts ("1234.56") otherwise.
 */
export class UnreadNumber {
  constructor(
    readonly text: string,
    readonly problem: NumberProblem,
    readonly suggestion: string | undefined,
    readonly locale: string,
  ) {}
}

/** The message of an entry the input could not read, with the notation the language expects. */
const readable: Validator = (value: unknown) => (value instanceof UnreadNumber ? numberProblemMessage(value.problem, value.text, value.suggestion, value.locale) : undefined);

export type NumberInputProps = Omit<TextInputProps, 'type' | 'format' | 'parse' | 'multiline'> & {
  /** Money (prices, costs, rates): shown with at least two decimals, "0,10" / "0.10". */
  money?: boolean;
  /** Whole pieces (counts, tiers): a decimal separator is refused. */
  whole?: boolean;
};

/**
 * The console's one number input: a text input that reads and writes numbers the way the
 * chosen language does (react-admin's locale, never the browser's): German "1.000" is a thousand and
 * "12,5" twelve and a half; English "1,000" and "12.5". The form holds the exact decimal text ("12.5"),
 * null when empty; an entry the language cannot read (German "1.5", English "1,5") is refused with a
 * message showing the notation expected, never reinterpreted. What is shown follows the form's value when
 * the input is not being typed in (a loaded record, a saved value: "0,10", a changed language).
 */
export const NumberInput = (props: NumberInputProps) => {
  const {
    className,
    defaultValue = null,
    helperText,
    label,
    margin,
    onChange,
    onBlur,
    onFocus,
    resource,
    source,
    validate,
    variant,
    disabled,
    readOnly,
    money = false,
    whole = false,
    slotProps,
    ...rest
  } = props;
  const [locale] = useLocaleState();
  const validators = useMemo(() => [readable, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])], [validate]);
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ defaultValue, onBlur, resource, source, validate: validators, disabled, readOnly, format: (value: unknown) => value, parse: (value: unknown) => value, ...rest });

  const show = (value: unknown) => (value instanceof UnreadNumber ? value.text : formatNumber(value, locale, { minFractionDigits: money ? 2 : undefined }));
  // The text typed, shown as typed; the form holds what it reads as.
  const [text, setText] = useState(() => show(field.value));
  const typing = useRef(false);

  // A value set from outside (a record loaded, a reset, a value worked out) or a language changed is shown the new way.
  useEffect(() => {
    if (typing.current) return;
    setText((current) => {
      if (field.value instanceof UnreadNumber) return field.value.text;
      const reading = readNumber(current, locale, { whole });
      return reading.problem === undefined && sameNumber(reading.value, field.value) ? current : show(field.value);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.value, locale, money]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const typed = event.target.value;
    setText(typed);
    const reading = readNumber(typed, locale, { whole });
    field.onChange(reading.problem === undefined ? reading.value : new UnreadNumber(typed, reading.problem, reading.suggestion, locale));
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    onFocus?.(event);
    typing.current = true;
  };

  const handleBlur = () => {
    field.onBlur();
    typing.current = false;
    if (!(field.value instanceof UnreadNumber)) setText(show(field.value));
  };

  const { ref, ...fieldWithoutRef } = field;
  const htmlInput = { inputMode: whole ? 'numeric' : 'decimal', readOnly, ...(slotProps as { htmlInput?: object } | undefined)?.htmlInput };
  return (
    <TextField
      id={id}
      {...fieldWithoutRef}
      inputRef={ref}
      value={text}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      type="text"
      size="small"
      variant={variant}
      error={invalid}
      disabled={disabled || readOnly}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null}
      label={label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null}
      margin={margin}
      {...sanitizeInputRestProps(rest)}
      slotProps={{ ...(slotProps as object), htmlInput }}
    />
  );
};
