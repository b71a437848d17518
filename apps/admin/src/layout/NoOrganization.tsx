import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AuthShell } from '../auth/AuthShell';

export const NO_ORGANIZATION_PATH = '/no-organization';

/** Where a failed organization check leads (docs/product.md §1). */
export const NoOrganization = () => {
  const translate = useTranslate();
  return (
    <AuthShell title={translate('fabquote.no_organization.title')} showLocale>
      <Typography gutterBottom>{translate('fabquote.no_organization.message')}</Typography>
      <Typography color="text.secondary">{translate('fabquote.no_organization.hint')}</Typography>
    </AuthShell>
  );
};
