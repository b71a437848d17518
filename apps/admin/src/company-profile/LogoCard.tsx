import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { API_URL, httpClient, requestHeaders } from '../api/http-client';
import type { CompanyProfile } from '../api/contracts';
import { FilePicker } from '../shared/FileInputs';
import { SectionHeading } from '../shared/SectionHeading';
import { useNotifyError } from '../shared/useErrorNotice';
import { LOGO_TYPES, MAX_LOGO_BYTES } from './company-profile';

const LOGO_URL = `${API_URL}/company-profile/logo`;

/** The logo as the browser can show it: fetched with the session's headers (an <img> sends none), as an object URL. */
function useLogoUrl(logo: CompanyProfile['logo']): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const version = logo ? `${logo.updatedAt}-${logo.size}` : null;
  useEffect(() => {
    if (!version) {
      setUrl(null);
      return undefined;
    }
    let objectUrl: string | null = null;
    let current = true;
    fetch(LOGO_URL, { headers: requestHeaders() })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !current) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [version]);
  return url;
}

/**
 * The logo printed on offers and order confirmations: its preview, a new one uploaded at once (PNG or JPEG,
 * at most 1 MB, the API checks the content), and its removal after a confirmation.
 */
export const LogoCard = ({ profile, canManage, onChange }: { profile: CompanyProfile; canManage: boolean; onChange: (profile: CompanyProfile) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const url = useLogoUrl(profile.logo);

  const change = async (request: () => Promise<{ json: unknown }>) => {
    setBusy(true);
    try {
      const updated = (await request()).json as CompanyProfile;
      if (updated.message) notify(updated.message, { type: 'success' });
      onChange(updated);
    } catch (error) {
      notifyError(error, 'resources.company-profile.logo.failed');
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return change(() => httpClient(LOGO_URL, { method: 'PUT', body: form }));
  };
  const remove = () => {
    setConfirming(false);
    return change(() => httpClient(LOGO_URL, { method: 'DELETE' }));
  };

  return (
    <Card>
      <CardContent>
        <SectionHeading title={translate('resources.company-profile.logo.title')} description={translate('resources.company-profile.logo.help')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' } }}>
          <Box
            sx={{ width: { xs: '100%', sm: 260 }, height: 100, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', flexShrink: 0 }}
          >
            {url ? (
              <img src={url} alt={translate('resources.company-profile.logo.alt')} data-testid="logo-preview" style={{ maxWidth: '90%', maxHeight: 84, objectFit: 'contain' }} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.company-profile.logo.none')}
              </Typography>
            )}
          </Box>
          <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
            {profile.logo ? (
              <Typography variant="body2" color="text.secondary" data-testid="logo-size">
                {translate('resources.company-profile.logo.size', { width: profile.logo.width, height: profile.logo.height })}
              </Typography>
            ) : null}
            {canManage ? (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <FilePicker
                  label={profile.logo ? 'resources.company-profile.logo.replace' : 'resources.company-profile.logo.upload'}
                  accept={LOGO_TYPES}
                  maxBytes={MAX_LOGO_BYTES}
                  tooLargeKey="resources.company-profile.logo.too_large"
                  onFile={upload}
                  disabled={busy}
                  icon={<ImageIcon />}
                  testId="logo-input"
                />
                {profile.logo ? (
                  <Button size="small" color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} disabled={busy}>
                    {translate('resources.company-profile.logo.remove')}
                  </Button>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Stack>
        <Confirm
          isOpen={confirming}
          title="resources.company-profile.logo.remove_title"
          content="resources.company-profile.logo.remove_content"
          confirm="resources.company-profile.logo.remove"
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
};
