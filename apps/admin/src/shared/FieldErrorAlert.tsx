import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * Server errors on fields the form has no input for (a reset link's `token`
 * or `email`): react-admin would set them where nobody sees them.
 */
export const FieldErrorAlert = ({ names }: { names: string[] }) => {
  const translate = useTranslate();
  const { errors } = useFormState();
  const messages = names.map((name) => errors[name]?.message).filter((message): message is string => typeof message === 'string');
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
      {messages.map((message) => translate(message, { _: message })).join('\n')}
    </Alert>
  );
};
