import { Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, required, SaveButton, SelectInput, TextInput, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { updateProfile } from '../auth/identity-api';
import type { Profile } from '../auth/profile';
import { LOCALES, toLocale } from '../i18n/locales';
import { ProfileAvatar } from '../layout/ProfileAvatar';
import { FilePicker } from '../shared/FileInputs';
import { IMAGE_TYPES } from '../shared/files';
import { useNotifyError, useSubmitErrors } from '../shared/useErrorNotice';
import { maxText } from '../shared/validators';

const FALLBACK_LANGUAGES = LOCALES.map((code) => ({ id: code, name: code === 'de' ? 'Deutsch' : 'English' }));

/** Name, full name, phone, language and picture (docs/product.md §3). */
export const ProfileDetails = ({ profile }: { profile: Profile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const submitErrors = useSubmitErrors();
  const [locale, setLocale] = useLocaleState();
  const [uploading, setUploading] = useState(false);
  // Remounting the form after a save makes the saved values its new starting point.
  const [version, setVersion] = useState(0);
  const languages = profile.languages.length > 0 ? profile.languages.map((language) => ({ id: language.code, name: language.name })) : FALLBACK_LANGUAGES;

  const save = async (values: Record<string, unknown>) => {
    try {
      const updated = await updateProfile({
        name: String(values.name ?? ''),
        full_name: String(values.full_name ?? ''),
        phone: String(values.phone ?? ''),
        language_code: String(values.language_code ?? ''),
      });
      notify('fabquote.profile.updated', { type: 'success' });
      setVersion((count) => count + 1);
      const language = toLocale(updated.languageCode);
      if (language && language !== locale) setLocale(language);
    } catch (error) {
      return submitErrors(error, 'fabquote.profile.update_failed');
    }
  };

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    setUploading(true);
    try {
      await updateProfile(form);
      notify('fabquote.profile.updated', { type: 'success' });
    } catch (error) {
      notifyError(error, 'fabquote.profile.update_failed');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader title={translate('fabquote.profile.details')} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <ProfileAvatar profile={profile} size={72} />
          <Box>
            <Typography variant="subtitle1">{profile.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {profile.email}
            </Typography>
            {profile.roleName ? (
              <Typography variant="body2" color="text.secondary">
                {profile.roleName}
              </Typography>
            ) : null}
            <Box sx={{ mt: 1 }}>
              <FilePicker
                label="fabquote.profile.change_avatar"
                accept={IMAGE_TYPES}
                tooLargeKey="fabquote.files.avatar_too_large"
                onFile={upload}
                disabled={uploading}
                testId="avatar-input"
              />
            </Box>
          </Box>
        </Stack>
        <Form
          key={version}
          defaultValues={{ name: profile.name, full_name: profile.fullName, phone: profile.phone, language_code: profile.languageCode || locale }}
          onSubmit={save}
          noValidate
        >
          <TextInput source="name" label="fabquote.profile.name" validate={[required(), maxText()]} fullWidth />
          <TextInput source="full_name" label="fabquote.profile.full_name" validate={maxText()} fullWidth />
          <TextInput source="phone" label="fabquote.profile.phone" type="tel" validate={maxText()} fullWidth />
          <SelectInput source="language_code" label="fabquote.profile.language" choices={languages} translateChoice={false} validate={required()} fullWidth />
          <SaveButton />
        </Form>
      </CardContent>
    </Card>
  );
};
