import { Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../shared/useErrorNotice';
import { acceptPrivacyPolicy, signOut } from './identity-api';

const PARAGRAPHS = ['controller', 'purpose', 'processors', 'rights'] as const;

/** The policy must be accepted before the console opens (docs/product.md §4, §5). */
export const PrivacyStep = ({ onSignedIn }: { onSignedIn: () => Promise<void> }) => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  const accept = async () => {
    setBusy(true);
    try {
      if ((await acceptPrivacyPolicy()) === 'signed-in') await onSignedIn();
    } catch (error) {
      notifyError(error, 'fabquote.auth.login_failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box
        role="document"
        aria-label={translate('fabquote.privacy.title')}
        tabIndex={0}
        sx={{ maxHeight: 260, overflowY: 'auto', p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}
      >
        <Typography variant="subtitle2" gutterBottom>
          {translate('fabquote.privacy.title')}
        </Typography>
        {PARAGRAPHS.map((paragraph) => (
          <Typography key={paragraph} variant="body2" sx={{ mb: 1.5 }}>
            {translate(`fabquote.privacy.${paragraph}`)}
          </Typography>
        ))}
      </Box>
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
        label={translate('fabquote.auth.privacy_accept')}
      />
      <Button variant="contained" disabled={!accepted || busy} onClick={accept}>
        {translate('fabquote.auth.privacy_continue')}
      </Button>
      <Button onClick={() => signOut()} disabled={busy}>
        {translate('fabquote.auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
};
