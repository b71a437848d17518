import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { LocaleSwitcher } from '../layout/LocaleSwitcher';
import { useOrganization } from '../organization-context';

/** The frame of the pages outside the console: sign-in steps, password pages, public pages. */
export const AuthShell = ({ title, children, showLocale = true }: { title: string; children: ReactNode; showLocale?: boolean }) => {
  useDocumentTitle();
  const translate = useTranslate();
  const organization = useOrganization();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Box>
              <Typography variant="h6" component="p" color="primary">
                {translate('fabquote.app_name')}
              </Typography>
              {organization ? (
                <Typography variant="body2" color="text.secondary" data-testid="organization-name">
                  {organization.name}
                </Typography>
              ) : null}
            </Box>
            {showLocale ? <LocaleSwitcher color="primary" /> : null}
          </Stack>
          <Typography variant="h5" component="h1" sx={{ mt: 3, mb: 2 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
