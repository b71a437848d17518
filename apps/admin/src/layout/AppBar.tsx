import { Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useOrganization } from '../organization-context';
import { LocaleSwitcher } from './LocaleSwitcher';
import { UserMenu } from './UserMenu';

export const AppBar = () => {
  const organization = useOrganization();
  return (
    <RaAppBar
      userMenu={<UserMenu />}
      toolbar={
        <>
          <LocaleSwitcher />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
      {organization ? (
        <Typography variant="body2" sx={{ opacity: 0.8, mr: 1, display: { xs: 'none', md: 'block' } }} data-testid="organization-name">
          {organization.name}
        </Typography>
      ) : null}
    </RaAppBar>
  );
};
