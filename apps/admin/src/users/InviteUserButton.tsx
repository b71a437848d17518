import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  CreateBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { User } from '../api/contracts';
import { UserInputs } from './UserInputs';

/** What POST /users answers: the invited user (the API's contract). */
type InvitedUser = User;

/** POST /users invites: the person gets a mail with a link to set a password. */
export const InviteUserButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'create' });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!canAccess) return null;

  const close = () => setOpen(false);
  return (
    <>
      <Button label="resources.users.invite.action" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('resources.users.invite.title')}</DialogTitle>
        <DialogContent>
          <CreateBase
            resource="users"
            redirect={false}
            mutationOptions={{
              onSuccess: (user: InvitedUser) => {
                notify('resources.users.invite.sent', { type: 'success', messageArgs: { email: user.email } });
                close();
                refresh();
              },
            }}
          >
            <SimpleForm
              defaultValues={{ languageCode: locale, roleIds: [] }}
              toolbar={
                <Toolbar sx={{ gap: 1 }}>
                  <Button label="ra.action.cancel" onClick={close} />
                  <SaveButton label="resources.users.invite.send" icon={<SendIcon />} alwaysEnable />
                </Toolbar>
              }
            >
              <UserInputs mode="invite" />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
};
