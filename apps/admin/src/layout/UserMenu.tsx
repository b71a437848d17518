import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Link, useLogout, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { ProfileAvatar } from './ProfileAvatar';

export const UserMenu = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { profile } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={translate('fabquote.user_menu.open')}
        aria-haspopup="menu"
        data-testid="user-menu"
        sx={{ textTransform: 'none', gap: 1 }}
      >
        <ProfileAvatar profile={profile} size={28} />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {profile?.name}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={Link} to="/profile" onClick={close} data-testid="user-menu-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('resources.profile.name')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            // Signing out on purpose forgets the page; the next person starts at home.
            logout({}, undefined, false);
          }}
          data-testid="user-menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('ra.auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
