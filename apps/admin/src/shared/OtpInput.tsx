import { Box, FormHelperText, Stack } from '@mui/material';
import { ClipboardEvent, KeyboardEvent, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { emptyDigits, eraseInBox, OTP_DEFAULT_LENGTH, otpValue, OtpState, pasteDigits, typeInBox } from './otp';

export interface OtpInputProps {
  /** Number of single-digit boxes (docs/product.md §2: configurable, 6 by default). */
  length?: number;
  /** The code once every box is filled, '' otherwise. */
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: string;
}

/** One box per digit; typing moves on, Backspace goes back, a paste fills the boxes. */
export const OtpInput = ({ length = OTP_DEFAULT_LENGTH, onChange, disabled, autoFocus, error }: OtpInputProps) => {
  const translate = useTranslate();
  const [digits, setDigits] = useState(() => emptyDigits(length));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (index: number) => {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  };

  const apply = ({ digits: next, focus: target }: OtpState) => {
    setDigits(next);
    onChange(otpValue(next));
    focus(target);
  };

  const keyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(eraseInBox(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteDigits(event.clipboardData.getData('text'), length));
  };

  return (
    <Box role="group" aria-label={translate('fabquote.otp.label')}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        {digits.map((digit, index) => (
          <Box
            key={index}
            component="input"
            ref={(element: HTMLInputElement | null) => {
              boxes.current[index] = element;
            }}
            value={digit}
            onChange={(event) => apply(typeInBox(digits, index, event.target.value))}
            onKeyDown={keyDown(index)}
            onPaste={paste}
            onFocus={(event) => event.target.select()}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={translate('fabquote.otp.digit', { position: index + 1, count: length })}
            aria-invalid={Boolean(error)}
            data-testid={`otp-input-${index}`}
            sx={{
              width: 44,
              height: 52,
              textAlign: 'center',
              fontSize: 24,
              fontFamily: 'monospace',
              borderRadius: 1,
              border: 1,
              borderColor: error ? 'error.main' : 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
              outline: 'none',
              '&:focus': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.light}` },
            }}
          />
        ))}
      </Stack>
      {error ? (
        <FormHelperText error sx={{ textAlign: 'center' }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
};
