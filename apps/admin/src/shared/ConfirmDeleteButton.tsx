import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
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
import { DeleteConfirmationDialog } from './DeleteConfirmationDialog';
import { recordNoticeKey } from './record-notice';
import { useNotifyError } from './useErrorNotice';

export interface ConfirmDeleteButtonProps {
  record?: RaRecord;
  resource?: string;
  /** Where to go afterwards; false stays (a row in a list). */
  redirectTo?: 'list' | false;
  /** How the dialog names the record, when its representation says too little (a price row). */
  name?: string;
}

/** Deleting asks for the word DELETE to be typed (docs/product.md §5); shown only with the delete permission. */
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

  if (!record || !canAccess) return null;

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(recordNoticeKey(resource, 'deleted'), { type: 'info', messageArgs: { smart_count: 1 } });
          if (props.redirectTo !== false) redirect('list', resource);
        },
        onError: (error) => notifyError(error, 'fabquote.errors.delete_failed'),
      },
    );

  const name = props.name ?? String(represent(record) ?? record.id);
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <DeleteConfirmationDialog
        open={open}
        title={translate('fabquote.delete.title', { name })}
        pending={isPending}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
};
