import LockOpenIcon from '@mui/icons-material/LockOpen';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { MutableRefObject, useRef, useState } from 'react';
import { Form, PasswordInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { enableMfa, MfaSetup, refreshProfile } from '../auth/identity-api';
import { CopyButton } from '../shared/clipboard';
import { OtpInput } from '../shared/OtpInput';
import { useNotifyError, useSubmitErrors } from '../shared/useErrorNotice';
import { StatusChip } from '../shared/values';
import { disableMfa, proofFrom, startMfaSetup } from './mfa-api';

/**
 * The QR code and recovery codes of a new secret, then a code from the app that confirms it. While MFA
 * is on (`replacing`), the current app and recovery codes keep working until this confirmation.
 */
const Enrolment = ({ setup, replacing, onDone }: { setup: MfaSetup; replacing: boolean; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const confirm = async () => {
    setBusy(true);
    try {
      await enableMfa(code);
      await refreshProfile();
      notify(replacing ? 'fabquote.profile.mfa_replaced' : 'fabquote.profile.mfa_enabled', { type: 'success' });
      onDone();
    } catch (error) {
      notifyError(error, 'fabquote.profile.update_failed');
      setCode('');
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      {replacing && <Alert severity="info">{translate('fabquote.profile.mfa_replace_pending')}</Alert>}
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
      <Typography>{translate(replacing ? 'fabquote.profile.mfa_enter_new_code' : 'fabquote.profile.mfa_enter_code')}</Typography>
      <OtpInput key={attempt} onChange={setCode} disabled={busy} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!code || busy} onClick={confirm}>
          {translate(replacing ? 'fabquote.profile.mfa_confirm_replace' : 'fabquote.profile.mfa_confirm')}
        </Button>
        <Button disabled={busy} onClick={onDone}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
};

/** MFA is off: set-up needs no proof, and nothing changes before the confirmation. */
const EnableMfa = () => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [busy, setBusy] = useState(false);

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

  if (setup) return <Enrolment setup={setup} replacing={false} onDone={() => setSetup(null)} />;
  return (
    <Button variant="contained" startIcon={<QrCode2Icon />} onClick={start} disabled={busy}>
      {translate('fabquote.profile.mfa_enable')}
    </Button>
  );
};

type ProofAction = 'replace' | 'disable';

/** The two actions of the proof form; which one submitted it is kept in `action`. */
const ProofButtons = ({ action }: { action: MutableRefObject<ProofAction> }) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button type="submit" variant="contained" startIcon={<QrCode2Icon />} disabled={isSubmitting} onClick={() => (action.current = 'replace')}>
        {translate('fabquote.profile.mfa_replace')}
      </Button>
      <Button type="submit" variant="outlined" color="error" startIcon={<LockOpenIcon />} disabled={isSubmitting} onClick={() => (action.current = 'disable')}>
        {translate('fabquote.profile.mfa_disable')}
      </Button>
    </Stack>
  );
};

/**
 * MFA is on: a new authenticator app (with new recovery codes) or turning it off both ask for the
 * current password or a code first; a new app counts only once confirmed with a code from it.
 */
const ManageMfa = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const submitErrors = useSubmitErrors();
  const action = useRef<ProofAction>('replace');
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [version, setVersion] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    try {
      if (action.current === 'replace') {
        setSetup(await startMfaSetup(proofFrom(values)));
      } else {
        await disableMfa(proofFrom(values));
        await refreshProfile();
        notify('fabquote.profile.mfa_disabled', { type: 'success' });
      }
    } catch (error) {
      return submitErrors(error, 'fabquote.profile.update_failed');
    }
  };

  if (setup) {
    return (
      <Enrolment
        setup={setup}
        replacing
        onDone={() => {
          setSetup(null);
          setVersion((count) => count + 1);
        }}
      />
    );
  }
  return (
    <Form key={version} onSubmit={submit} noValidate>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('fabquote.profile.mfa_proof_explanation')}
      </Typography>
      <PasswordInput source="current_password" label="fabquote.profile.current_password" autoComplete="current-password" fullWidth />
      <TextInput
        source="code"
        label="fabquote.profile.mfa_proof_code"
        helperText="fabquote.profile.mfa_proof_code_helper"
        autoComplete="one-time-code"
        fullWidth
      />
      <ProofButtons action={action} />
    </Form>
  );
};

export const TwoFactor = ({ enabled }: { enabled: boolean }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate('fabquote.profile.mfa')} action={<StatusChip kind="mfa" status={enabled} data-testid="mfa-status" />} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('fabquote.profile.mfa_explanation')}
        </Typography>
        {enabled ? <ManageMfa /> : <EnableMfa />}
      </CardContent>
    </Card>
  );
};
