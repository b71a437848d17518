import { Box, Card, CardContent, Divider, Link, Stack } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { AutocompleteInput, Form, Loading, SaveButton, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { api, API_URL, httpClient } from '../api/http-client';
import type { CompanyProfile } from '../api/contracts';
import { useSession } from '../auth/useSession';
import { NumberInput } from '../shared/NumberInput';
import { SectionHeading } from '../shared/SectionHeading';
import { useNotifyError, useSubmitErrors } from '../shared/useErrorNotice';
import { maxText } from '../shared/validators';
import { formErrors, formValues, profileRequest, ProfileFormValues, SECTIONS, timeZoneChoices } from './company-profile';
import { LogoCard } from './LogoCard';
import { QuotePageCard } from './QuotePageCard';

const field = (name: string) => `resources.company-profile.fields.${name}`;

/** Two columns from medium screens up, one on a phone. */
const Columns = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>
);

const Section = ({ name, children }: { name: keyof typeof SECTIONS; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(`resources.company-profile.sections.${name}`)} sx={{ mb: 2 }}>
      <SectionHeading title={translate(`resources.company-profile.sections.${name}`)} description={translate(`resources.company-profile.sections.${name}_help`)} />
      <Columns>{children}</Columns>
    </Box>
  );
};

/**
 * The shop's company profile: what its offers and order confirmations print at the top and in the
 * footer, its time zone and currency, and what new orders take unless told otherwise. Read with the settings'
 * view permission, changed with `settings.manage`; leaving it with unsaved changes asks first.
 */
export const CompanyProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const submitErrors = useSubmitErrors();
  const { permissions } = useSession();
  const canManage = permissions.includes('settings.manage');
  const [profile, setProfile] = useState<CompanyProfile | null>(null);
  // Remounting the form after a save makes the saved values its new starting point.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    api.get<CompanyProfile>('/company-profile').then(setProfile, (error: unknown) => notifyError(error, 'resources.company-profile.load_failed'));
  }, [notifyError]);
  const zones = useMemo(() => timeZoneChoices(profile?.timeZone), [profile?.timeZone]);

  if (!profile) return <Loading />;

  const save = async (values: Record<string, unknown>) => {
    try {
      const { json } = await httpClient(`${API_URL}/company-profile`, { method: 'PUT', body: JSON.stringify(profileRequest(values as unknown as ProfileFormValues)) });
      const updated = json as CompanyProfile;
      notify(updated.message ?? 'resources.company-profile.saved', { type: 'success' });
      setProfile(updated);
      setVersion((count) => count + 1);
    } catch (error) {
      return formErrors(submitErrors(error, 'resources.company-profile.save_failed') as Record<string, unknown> | undefined);
    }
  };
  const readOnly = !canManage;
  const text = (name: keyof ProfileFormValues, options: { multiline?: boolean; type?: string; helper?: boolean; placeholder?: string } = {}) => (
    <TextInput
      key={name}
      source={name}
      label={field(name)}
      helperText={options.helper ? `resources.company-profile.helpers.${name}` : false}
      validate={options.multiline ? undefined : maxText()}
      multiline={options.multiline}
      minRows={options.multiline ? 3 : undefined}
      type={options.type}
      placeholder={options.placeholder}
      readOnly={readOnly}
      fullWidth
    />
  );

  return (
    <Stack sx={{ mt: 1, gap: 2, maxWidth: 1100 }}>
      <Title title={translate('resources.company-profile.name')} />
      <LogoCard profile={profile} canManage={canManage} onChange={setProfile} />
      <Card>
        <CardContent>
          <Form key={version} defaultValues={formValues(profile)} onSubmit={save} warnWhenUnsavedChanges noValidate>
            <Section name="company">
              {text('name', { helper: true, placeholder: profile.organizationName })}
              {text('address', { multiline: true, helper: true })}
            </Section>
            <Divider sx={{ mb: 2 }} />
            <Section name="contact">
              {text('phone', { type: 'tel' })}
              {text('email', { type: 'email' })}
              {text('website', { type: 'url' })}
              {text('replyTo', { type: 'email', helper: true })}
            </Section>
            <Divider sx={{ mb: 2 }} />
            <Section name="tax_bank">
              {text('vatId')}
              {text('taxNumber')}
              {text('bankName')}
              {text('iban')}
              {text('bic')}
            </Section>
            <Divider sx={{ mb: 2 }} />
            <Section name="documents">
              <AutocompleteInput source="timeZone" label={field('timeZone')} choices={zones} translateChoice={false} helperText={`resources.company-profile.helpers.timeZone`} readOnly={readOnly} disableClearable fullWidth />
              {text('currency', { helper: true })}
              {text('paymentTerms', { multiline: true, helper: true })}
              {text('shippingTerms', { multiline: true, helper: true })}
              <NumberInput source="offerValidityDays" label={field('offerValidityDays')} whole helperText="resources.company-profile.helpers.offerValidityDays" readOnly={readOnly} fullWidth />
            </Section>
            {canManage ? <SaveButton alwaysEnable={false} /> : null}
          </Form>
        </CardContent>
      </Card>
      <QuotePageCard canManage={canManage} />
      <Link component={RouterLink} to="/settings" variant="body2">
        {translate('resources.company-profile.all_settings')}
      </Link>
    </Stack>
  );
};
