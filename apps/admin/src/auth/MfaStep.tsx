import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Button, Stack, Typography } from '@mui/material';
import { FormEvent, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { OtpInput } from '../shared/OtpInput';
import { useNotifyError } from '../shared/useErrorNotice';
import { session } from './current-session';
import { verifyMfa } from './identity-api';

/** The second sign-in step: the six digits from the authenticator app. */
export const MfaStep = ({ onSignedIn }: { onSignedIn: () => Promise<void> }) => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // A new key empties the boxes after a wrong code.
  const [attempt, setAttempt] = useState(0);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || busy) return;
    setBusy(true);
    try {
      if ((await verifyMfa(code)) === 'signed-in') await onSignedIn();
    } catch (failure) {
      notifyError(failure, 'fabquote.auth.login_failed');
      setError(failure instanceof HttpError ? failure.message : undefined);
      setCode('');
      setAttempt((count) => count + 1);
      // The password step has to be repeated once its temporary token is spent.
      if (failure instanceof HttpError && (failure.body as { code?: string } | undefined)?.code === 'mfa_token_invalid') session.clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={verify} noValidate>
      <Typography color="text.secondary">{translate('fabquote.auth.mfa_explanation')}</Typography>
      <OtpInput key={attempt} onChange={setCode} autoFocus disabled={busy} error={error} />
      <Button type="submit" variant="contained" disabled={!code || busy} startIcon={<VerifiedUserIcon />}>
        {translate('fabquote.auth.mfa_verify')}
      </Button>
      <Button onClick={() => session.clear()} disabled={busy}>
        {translate('fabquote.auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
};
