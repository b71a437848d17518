import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Chip, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import { ChangeEvent, ReactNode, useState } from 'react';
import { useInput, useNotify, useTranslate, Validator } from 'react-admin';
import { fileProblem, FileProblem, MAX_FILE_BYTES } from './files';

/** Message keys of docs/product.md §5 for each problem; a screen may name its own (the avatar's). */
const PROBLEM_KEYS: Record<FileProblem, string> = {
  type_not_accepted: 'fabquote.files.type_not_accepted',
  too_large: 'fabquote.files.too_large',
};

export interface FileRules {
  accept: readonly string[];
  maxBytes?: number;
  /** Replaces the generic size message, e.g. fabquote.files.avatar_too_large. */
  tooLargeKey?: string;
}

function problemKey(file: File, { accept, maxBytes = MAX_FILE_BYTES, tooLargeKey }: FileRules): string | null {
  const problem = fileProblem(file, accept, maxBytes);
  if (!problem) return null;
  return problem === 'too_large' && tooLargeKey ? tooLargeKey : PROBLEM_KEYS[problem];
}

export interface FilePickerProps extends FileRules {
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  icon?: ReactNode;
  testId?: string;
}

/**
 * A button that picks one file, refusing (with the spec's message) a file of
 * another type or over 10 MB before anything is sent.
 */
export const FilePicker = ({ label, onFile, disabled, icon, testId, ...rules }: FilePickerProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = problemKey(file, rules);
    if (problem) notify(problem, { type: 'error' });
    else onFile(file);
  };
  return (
    <Button component="label" variant="outlined" size="small" startIcon={icon ?? <AttachFileIcon />} disabled={disabled}>
      {translate(label)}
      <input hidden type="file" accept={rules.accept.join(',')} onChange={pick} data-testid={testId} />
    </Button>
  );
};

type UploadValue = File | File[] | null | undefined;

const asFiles = (value: UploadValue): File[] => (Array.isArray(value) ? value : value ? [value] : []);

export interface UploadInputProps extends FileRules {
  source: string;
  label: string;
  /** Several files; otherwise one at a time (docs/product.md §5). */
  multiple?: boolean;
  /** 'Please select files to upload' when nothing is chosen. */
  required?: boolean;
}

/** The form version: value is a File (or File[] with `multiple`), validated like FilePicker. */
export const UploadInput = ({ source, label, multiple = false, required = false, ...rules }: UploadInputProps) => {
  const translate = useTranslate();
  const [refused, setRefused] = useState<string | null>(null);
  const validate: Validator[] = required ? [(value: UploadValue) => (asFiles(value).length === 0 ? 'fabquote.files.required' : undefined)] : [];
  const { field, fieldState, isRequired } = useInput({ source, validate, defaultValue: multiple ? [] : null });
  const files = asFiles(field.value as UploadValue);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problems = picked.map((file) => problemKey(file, rules)).filter((key): key is string => key !== null);
    setRefused(problems[0] ?? null);
    const accepted = picked.filter((file) => problemKey(file, rules) === null);
    if (accepted.length === 0) return;
    field.onChange(multiple ? [...files, ...accepted] : accepted[0]);
  };

  const remove = (index: number) => {
    const rest = files.filter((_, position) => position !== index);
    field.onChange(multiple ? rest : null);
  };

  const error = refused ?? fieldState.error?.message ?? null;
  return (
    <FormControl error={Boolean(error)} required={isRequired} margin="dense">
      <FormLabel>{translate(label)}</FormLabel>
      <Box sx={{ mt: 1 }}>
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
          {translate(multiple ? 'fabquote.files.choose_several' : 'fabquote.files.choose')}
          <input hidden type="file" multiple={multiple} accept={rules.accept.join(',')} onChange={pick} onBlur={field.onBlur} name={field.name} />
        </Button>
      </Box>
      {files.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {files.map((file, index) => (
            <Chip key={`${file.name}-${index}`} label={file.name} onDelete={() => remove(index)} deleteIcon={<CloseIcon />} size="small" />
          ))}
        </Stack>
      ) : null}
      {error ? <FormHelperText>{translate(error, { _: error })}</FormHelperText> : null}
    </FormControl>
  );
};
