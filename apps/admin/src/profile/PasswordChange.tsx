import { Card, CardContent, CardHeader } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, SaveButton, useNotify, useTranslate } from 'react-admin';
import { updateProfile } from '../auth/identity-api';
import { useSubmitErrors } from '../shared/useErrorNotice';
import { passwordsMatch } from '../shared/validators';

/** A new password needs the current one (docs/api-identity.md). */
export const PasswordChange = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const submitErrors = useSubmitErrors();
  const [version, setVersion] = useState(0);

  const save = async (values: Record<string, unknown>) => {
    try {
      await updateProfile({
        current_password: String(values.current_password ?? ''),
        password: String(values.password ?? ''),
        password_confirmation: String(values.password_confirmation ?? ''),
      });
      notify('fabquote.profile.updated', { type: 'success' });
      setVersion((count) => count + 1);
    } catch (error) {
      return submitErrors(error, 'fabquote.profile.update_failed');
    }
  };

  return (
    <Card>
      <CardHeader title={translate('fabquote.profile.password')} />
      <CardContent>
        <Form key={version} onSubmit={save} noValidate>
          <PasswordInput source="current_password" label="fabquote.profile.current_password" autoComplete="current-password" validate={required()} fullWidth />
          <PasswordInput source="password" label="fabquote.auth.new_password" autoComplete="new-password" validate={required()} fullWidth />
          <PasswordInput
            source="password_confirmation"
            label="fabquote.auth.confirm_password"
            autoComplete="new-password"
            validate={[required(), passwordsMatch('password')]}
            fullWidth
          />
          <SaveButton label="fabquote.profile.change_password" />
        </Form>
      </CardContent>
    </Card>
  );
};
