import KeyIcon from '@mui/icons-material/Key';
import { Alert, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Form, Link, PasswordInput, required, SaveButton, useNavigate, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FieldErrorAlert } from '../shared/FieldErrorAlert';
import { useSubmitErrors } from '../shared/useErrorNotice';
import { passwordsMatch } from '../shared/validators';
import { AuthShell } from './AuthShell';
import { resetPassword } from './identity-api';
import { useEnterConsole } from './useEnterConsole';

/**
 * Reached from the reset mail or an invitation (`invite=1`, "Set your
 * password"); the link carries the token and the address. Success signs in.
 */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const submitErrors = useSubmitErrors();
  const enter = useEnterConsole();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const address = params.get('email') ?? '';
  const invitation = params.get('invite') === '1';
  const title = translate(invitation ? 'fabquote.auth.set_password_title' : 'fabquote.auth.reset_password_title');

  const submit = async (values: Record<string, unknown>) => {
    try {
      const step = await resetPassword({
        email: address,
        token,
        password: String(values.password ?? ''),
        password_confirmation: String(values.password_confirmation ?? ''),
      });
      if (step === 'signed-in') await enter();
      else navigate('/login', { replace: true });
      notify('fabquote.auth.password_reset_done', { type: 'success' });
    } catch (error) {
      return submitErrors(error, 'fabquote.errors.request_failed');
    }
  };

  return (
    <AuthShell title={title}>
      {token && address ? (
        <Form onSubmit={submit} noValidate>
          <Stack spacing={1}>
            <FieldErrorAlert names={['token', 'email']} />
            <TextField label={translate('fabquote.auth.email')} value={address} slotProps={{ htmlInput: { readOnly: true } }} size="small" margin="dense" />
            <PasswordInput source="password" label="fabquote.auth.new_password" autoComplete="new-password" autoFocus validate={required()} />
            <PasswordInput
              source="password_confirmation"
              label="fabquote.auth.confirm_password"
              autoComplete="new-password"
              validate={[required(), passwordsMatch('password')]}
            />
            <SaveButton label={invitation ? 'fabquote.auth.set_password' : 'fabquote.auth.reset_password'} icon={<KeyIcon />} alwaysEnable fullWidth />
          </Stack>
        </Form>
      ) : (
        <Stack spacing={2}>
          <Alert severity="warning">{translate('fabquote.auth.reset_link_incomplete')}</Alert>
          <MuiLink component={Link} to="/forgot-password" variant="body2">
            {translate('fabquote.auth.forgot_password_link')}
          </MuiLink>
        </Stack>
      )}
    </AuthShell>
  );
};
