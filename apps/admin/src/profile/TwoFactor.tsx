import LockOpenIcon from '@mui/icons-material/LockOpen';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, SaveButton, useNotify, useTranslate } from 'react-admin';
import { disableMfa, enableMfa, MfaSetup, refreshProfile, startMfaSetup } from '../auth/identity-api';
import { CopyButton } from '../shared/clipboard';
import { OtpInput } from '../shared/OtpInput';
import { useNotifyError, useSubmitErrors } from '../shared/useErrorNotice';
import { StatusChip } from '../shared/values';

/** Set-up: QR code and recovery codes first, then a code from the app proves it works before MFA is on. */
const EnableMfa = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await startMfaSetup());
    } catch (error) {
      notifyError(error, 'fabquote.profile.update_failed');
    } finally {
      setBusy(false);
    }
  };

  const enable = async () => {
    setBusy(true);
    try {
      await enableMfa(code);
      await refreshProfile();
      notify('fabquote.profile.mfa_enabled', { type: 'success' });
    } catch (error) {
      notifyError(error, 'fabquote.profile.update_failed');
      setCode('');
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <Button variant="contained" startIcon={<QrCode2Icon />} onClick={start} disabled={busy}>
        {translate('fabquote.profile.mfa_enable')}
      </Button>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography>{translate('fabquote.profile.mfa_scan')}</Typography>
      <Box component="img" src={setup.qr_code} alt={translate('fabquote.profile.mfa_qr_alt')} data-testid="mfa-qr-code" sx={{ width: 200, height: 200, alignSelf: 'center' }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">
          {translate('fabquote.profile.mfa_secret')}{' '}
          <Box component="code" data-testid="mfa-secret" sx={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Box>
        </Typography>
        <CopyButton text={setup.secret} />
      </Stack>
      <Alert severity="warning">{translate('fabquote.profile.mfa_recovery_explanation')}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box component="ul" data-testid="mfa-recovery-codes" sx={{ columns: 2, fontFamily: 'monospace', m: 0, pl: 3, flex: 1 }}>
          {setup.recovery_codes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </Box>
        <CopyButton text={setup.recovery_codes.join('\n')} label="fabquote.profile.mfa_copy_codes" />
      </Stack>
      <Typography>{translate('fabquote.profile.mfa_enter_code')}</Typography>
      <OtpInput key={attempt} onChange={setCode} disabled={busy} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!code || busy} onClick={enable}>
          {translate('fabquote.profile.mfa_confirm')}
        </Button>
        <Button disabled={busy} onClick={() => setSetup(null)}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
};

/** Turning MFA off asks for the password. */
const DisableMfa = () => {
  const notify = useNotify();
  const submitErrors = useSubmitErrors();
  const save = async (values: Record<string, unknown>) => {
    try {
      await disableMfa(String(values.password ?? ''));
      await refreshProfile();
      notify('fabquote.profile.mfa_disabled', { type: 'success' });
    } catch (error) {
      return submitErrors(error, 'fabquote.profile.update_failed');
    }
  };
  return (
    <Form onSubmit={save} noValidate>
      <PasswordInput source="password" label="fabquote.profile.mfa_disable_password" autoComplete="current-password" validate={required()} fullWidth />
      <SaveButton label="fabquote.profile.mfa_disable" icon={<LockOpenIcon />} color="error" />
    </Form>
  );
};

export const TwoFactor = ({ enabled }: { enabled: boolean }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader
        title={translate('fabquote.profile.mfa')}
        action={<StatusChip kind="mfa" status={enabled} data-testid="mfa-status" />}
      />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('fabquote.profile.mfa_explanation')}
        </Typography>
        {enabled ? <DisableMfa /> : <EnableMfa />}
      </CardContent>
    </Card>
  );
};
