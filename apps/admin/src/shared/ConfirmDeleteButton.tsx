import DeleteIcon from '@mui/icons-material/Delete';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  RaRecord,
  useCanAccess,
  useDelete,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from './delete-confirmation';
import { useNotifyError } from './useErrorNotice';

export interface ConfirmDeleteButtonProps {
  record?: RaRecord;
  resource?: string;
  /** Where to go afterwards; false stays (a row in a list). */
  redirectTo?: 'list' | false;
}

/** Deleting asks for the word DELETE to be typed (spec §5); shown only with the delete permission. */
export const ConfirmDeleteButton = (props: ConfirmDeleteButtonProps) => {
  const record = useRecordContext(props);
  const resource = useResourceContext(props) ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  const represent = useGetRecordRepresentation(resource);
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const titleId = useId();

  if (!record || !canAccess) return null;

  const close = () => {
    setOpen(false);
    setTyped('');
  };

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
          if (props.redirectTo !== false) redirect('list', resource);
        },
        onError: (error) => notifyError(error, 'fabquote.errors.delete_failed'),
      },
    );

  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate('fabquote.delete.title', { name: String(represent(record) ?? record.id) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('fabquote.delete.explanation', { word: DELETE_CONFIRMATION_WORD })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={translate('fabquote.delete.type_word', { word: DELETE_CONFIRMATION_WORD })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && isDeleteConfirmed(typed) && !isPending) confirm();
            }}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'delete-confirmation-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button label="ra.action.delete" color="error" variant="contained" disabled={!isDeleteConfirmed(typed) || isPending} onClick={confirm} />
        </DialogActions>
      </Dialog>
    </>
  );
};
