import SendIcon from '@mui/icons-material/Send';
import { Alert, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { email, Form, Link, required, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { useSubmitErrors } from '../shared/useErrorNotice';
import { AuthShell } from './AuthShell';
import { requestPasswordReset } from './identity-api';

/** Asks for a reset link; the answer is the same whether or not the address is known. */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const submitErrors = useSubmitErrors();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const address = String(values.email ?? '').trim();
    try {
      await requestPasswordReset(address);
      setSentTo(address);
      notify('fabquote.auth.forgot_password_sent', { type: 'success' });
    } catch (error) {
      return submitErrors(error, 'fabquote.errors.request_failed');
    }
  };

  return (
    <AuthShell title={translate('fabquote.auth.forgot_password_title')}>
      <Stack spacing={2}>
        {sentTo ? (
          <Alert severity="success" data-testid="forgot-password-sent">
            {translate('fabquote.auth.forgot_password_check_mail', { email: sentTo })}
          </Alert>
        ) : (
          <Form onSubmit={submit} noValidate>
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                {translate('fabquote.auth.forgot_password_explanation')}
              </Typography>
              <TextInput
                source="email"
                label="fabquote.auth.email"
                type="email"
                autoComplete="username"
                autoFocus
                validate={[required(), email('fabquote.validation.email')]}
                helperText={false}
              />
              <SaveButton label="fabquote.auth.forgot_password_send" icon={<SendIcon />} alwaysEnable fullWidth />
            </Stack>
          </Form>
        )}
        <MuiLink component={Link} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          {translate('fabquote.auth.back_to_sign_in')}
        </MuiLink>
      </Stack>
    </AuthShell>
  );
};
