import LoginIcon from '@mui/icons-material/Login';
import { LinearProgress, Link as MuiLink, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { email, Form, Link, PasswordInput, required, SaveButton, TextInput, useNavigate, useNotify, useTranslate } from 'react-admin';
import { homePath } from '../layout/menu';
import { useSubmitErrors } from '../shared/useErrorNotice';
import { AuthShell } from './AuthShell';
import { signIn } from './identity-api';
import { MfaStep } from './MfaStep';
import { PrivacyStep } from './PrivacyStep';
import { useEnterConsole } from './useEnterConsole';
import { useSession } from './useSession';

interface Credentials {
  email: string;
  password: string;
}

const CredentialsStep = ({ onSignedIn }: { onSignedIn: () => Promise<void> }) => {
  const translate = useTranslate();
  const submitErrors = useSubmitErrors();
  const submit = async ({ email: address, password }: Credentials) => {
    try {
      // Further steps (code, privacy policy) re-render this page through the session.
      if ((await signIn(address.trim(), password)) === 'signed-in') await onSignedIn();
    } catch (error) {
      return submitErrors(error, 'fabquote.auth.login_failed');
    }
  };
  return (
    <Form onSubmit={(values: Record<string, unknown>) => submit(values as unknown as Credentials)} noValidate>
      <Stack spacing={1}>
        <TextInput
          source="email"
          label="fabquote.auth.email"
          type="email"
          autoComplete="username"
          autoFocus
          validate={[required(), email('fabquote.validation.email')]}
          helperText={false}
        />
        <PasswordInput source="password" label="fabquote.auth.password" autoComplete="current-password" validate={required()} helperText={false} />
        <SaveButton label="fabquote.auth.sign_in" icon={<LoginIcon />} alwaysEnable fullWidth />
        <MuiLink component={Link} to="/forgot-password" variant="body2" sx={{ alignSelf: 'center', pt: 1 }}>
          {translate('fabquote.auth.forgot_password_link')}
        </MuiLink>
      </Stack>
    </Form>
  );
};

/**
 * /login shows whichever step the session is at (docs/product.md §4): credentials, the
 * one-time code, or the privacy policy.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { stage, permissions, ended } = useSession();
  const enter = useEnterConsole();
  const notify = useNotify();

  // A session the API ended (401) is said here, where the person lands wherever it ended: the
  // console's layout that noticed it may be gone before it could say so.
  useEffect(() => {
    if (ended === 'expired') notify('fabquote.errors.session_expired', { type: 'error' });
  }, [ended, notify]);

  // Someone already signed in who opens /login is sent in; a sign-in completed here navigates by itself.
  const [stageOnArrival] = useState(stage);
  useEffect(() => {
    if (stageOnArrival === 'signed-in') navigate(homePath(permissions), { replace: true });
  }, [stageOnArrival, permissions, navigate]);

  if (stage === 'signed-in') {
    return (
      <AuthShell title={translate('fabquote.auth.sign_in_title')}>
        <LinearProgress />
      </AuthShell>
    );
  }
  if (stage === 'mfa') {
    return (
      <AuthShell title={translate('fabquote.auth.mfa_title')}>
        <MfaStep onSignedIn={enter} />
      </AuthShell>
    );
  }
  if (stage === 'privacy') {
    return (
      <AuthShell title={translate('fabquote.auth.privacy_title')}>
        <PrivacyStep onSignedIn={enter} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={translate('fabquote.auth.sign_in_title')}>
      <CredentialsStep onSignedIn={enter} />
    </AuthShell>
  );
};
