import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useCallback, useId, useState } from 'react';
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
import { useGuardedClose } from '../shared/useGuardedClose';
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
  const close = useCallback(() => setOpen(false), []);
  // Cancel, Escape or a click beside the dialog ask before typed details are dropped.
  const { tracker, guardedClose } = useGuardedClose(close);
  if (!canAccess) return null;

  return (
    <>
      <Button label="resources.users.invite.action" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
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
                  <Button label="ra.action.cancel" onClick={guardedClose} />
                  <SaveButton label="resources.users.invite.send" icon={<SendIcon />} alwaysEnable />
                </Toolbar>
              }
            >
              {tracker}
              <UserInputs mode="invite" />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
};
