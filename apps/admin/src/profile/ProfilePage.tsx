import { Grid, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { PasswordChange } from './PasswordChange';
import { ProfileDetails } from './ProfileDetails';
import { TwoFactor } from './TwoFactor';

/** The signed-in user's own page; open to everyone signed in (docs/product.md §2, §6). */
export const ProfilePage = () => {
  const translate = useTranslate();
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={translate('resources.profile.name')} />
      <Grid size={{ xs: 12, md: 6 }}>
        <ProfileDetails profile={profile} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          <PasswordChange />
          <TwoFactor enabled={profile.twoFactorEnabled} />
        </Stack>
      </Grid>
    </Grid>
  );
};
