import LoginIcon from '@mui/icons-material/Login';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, CircularProgress, IconButton, InputAdornment, LinearProgress, Link as MuiLink, Stack, TextField } from '@mui/material';
import { FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { email, required, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { submissionErrors } from '../api/http-client';
import { homePath } from '../layout/menu';
import { loadConsole } from '../routing/console-loader';
import { useNotifyError } from '../shared/useErrorNotice';
import { AuthShell } from './AuthShell';
import { session } from './current-session';
import { signIn } from './identity-api';
import { MfaStep } from './MfaStep';
import { PrivacyStep } from './PrivacyStep';
import { useProfileLocale } from './useProfileLocale';
import { useSession } from './useSession';

interface Credentials {
  email: string;
  password: string;
}

type Field = keyof Credentials;
type FieldErrors = Partial<Record<Field, string>>;

/** react-admin's validators, as its inputs would run them: `{ message, args }` or a key, translated. */
const VALIDATORS: Record<Field, ((value: unknown, values: Credentials) => unknown)[]> = {
  email: [required(), email('fabquote.validation.email')],
  password: [required()],
};

/** react-admin's SaveButton: the icon (or the spinner while signing in) 18 px, a space before the label. */
const SUBMIT_LOOK = { '& .MuiSvgIcon-root, & .MuiCircularProgress-root': { mr: 1 }, '& .MuiSvgIcon-root': { fontSize: 18 } } as const;

/**
 * Where react-admin's useLogin would go: the page that sent the person to sign in (react-admin's sign-out
 * keeps it in the location's state), else their home page.
 */
function useEnter(): () => void {
  const applyLocale = useProfileLocale();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { nextPathname?: string; nextSearch?: string } | null };
  return useCallback(() => {
    applyLocale();
    navigate(state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : homePath(session.snapshot().permissions));
  }, [applyLocale, navigate, state]);
}

/**
 * Email and password, drawn as react-admin's inputs draw them (the theme's filled, dense fields; the password's
 * show/hide button) without its form machinery, which is not in the first load.
 */
const CredentialsStep = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    for (const field of Object.keys(VALIDATORS) as Field[]) {
      for (const validator of VALIDATORS[field]) {
        const failure = validator(values[field], values) as string | { message: string; args?: Record<string, unknown> } | undefined;
        if (!failure) continue;
        found[field] = typeof failure === 'string' ? translate(failure) : translate(failure.message, failure.args);
        break;
      }
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validate();
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      // As react-admin's forms do: the first field in error takes the focus.
      inputs.current[(Object.keys(VALIDATORS) as Field[]).find((field) => invalid[field])!]?.focus();
      notify('ra.message.invalid_form', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      // Further steps (code, privacy policy) re-render this page through the session.
      if ((await signIn(values.email.trim(), values.password)) === 'signed-in') onSignedIn();
    } catch (error) {
      // A 422 names its fields, shown beside the inputs; its message is the notice.
      const fromServer = submissionErrors(error) ?? {};
      setErrors({
        email: typeof fromServer.email === 'string' ? translate(fromServer.email, { _: fromServer.email }) : undefined,
        password: typeof fromServer.password === 'string' ? translate(fromServer.password, { _: fromServer.password }) : undefined,
      });
      notifyError(error, 'fabquote.auth.login_failed');
    } finally {
      setBusy(false);
    }
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={1}>
        <TextField
          name="email"
          inputRef={(element: HTMLInputElement | null) => {
            inputs.current.email = element;
          }}
          label={translate('fabquote.auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={values.email}
          onChange={change('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <TextField
          name="password"
          inputRef={(element: HTMLInputElement | null) => {
            inputs.current.password = element;
          }}
          label={translate('fabquote.auth.password')}
          type={passwordShown ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={translate(passwordShown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                    onClick={() => setPasswordShown(!passwordShown)}
                    size="small"
                  >
                    {passwordShown ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" disabled={busy} aria-label={translate('fabquote.auth.sign_in')} fullWidth sx={SUBMIT_LOOK}>
          {busy ? <CircularProgress size={14} thickness={3} color="inherit" sx={{ ml: '2px', mr: '10px !important' }} /> : <LoginIcon />}
          {translate('fabquote.auth.sign_in')}
        </Button>
        <MuiLink component={Link} to="/forgot-password" variant="body2" sx={{ alignSelf: 'center', pt: 1 }}>
          {translate('fabquote.auth.forgot_password_link')}
        </MuiLink>
      </Stack>
    </form>
  );
};

/**
 * /login shows whichever step the session is at (docs/product.md §4): credentials, the
 * one-time code, or the privacy policy. It is shown without react-admin (layout/SignInFrame.tsx), which loads
 * once the person is in.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { stage, permissions, ended } = useSession();
  const enter = useEnter();
  const enterAfterStep = useCallback(async () => enter(), [enter]);
  const notify = useNotify();

  // A session the API ended (401) is said here, where the person lands wherever it ended: the
  // console's layout that noticed it may be gone before it could say so.
  useEffect(() => {
    if (ended === 'expired') notify('fabquote.errors.session_expired', { type: 'error' });
  }, [ended, notify]);

  // The console comes next: its chunk loads once this page is up and the browser is idle, while the person types.
  useEffect(() => {
    const prefetch = () => void loadConsole();
    // Safari has no requestIdleCallback.
    if (typeof (window.requestIdleCallback as unknown) !== 'function') {
      const timer = setTimeout(prefetch, 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(prefetch, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

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
        <MfaStep onSignedIn={enterAfterStep} />
      </AuthShell>
    );
  }
  if (stage === 'privacy') {
    return (
      <AuthShell title={translate('fabquote.auth.privacy_title')}>
        <PrivacyStep onSignedIn={enterAfterStep} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={translate('fabquote.auth.sign_in_title')}>
      <CredentialsStep onSignedIn={enter} />
    </AuthShell>
  );
};
