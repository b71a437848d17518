import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, useCanAccess, useDataProvider, useListContext, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { errorMessage } from '../api/http-client';
import { bulkDeleteOutcome } from './bulk-delete';
import { DeleteConfirmationDialog } from './DeleteConfirmationDialog';
import { recordNoticeKey } from './record-notice';

/**
 * Deletes the rows ticked in a list after DELETE is typed (docs/product.md §5). Each row is its
 * own request: rows still in use stay (and stay ticked), the notice says why.
 */
export const BulkConfirmDeleteButton = () => {
  const resource = useResourceContext() ?? '';
  const { selectedIds, onSelect, onUnselectItems } = useListContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!canAccess) return null;

  const confirm = async () => {
    setPending(true);
    const ids = [...selectedIds];
    const results = await Promise.allSettled(ids.map((id) => dataProvider.delete(resource, { id })));
    const outcome = bulkDeleteOutcome(ids, results);
    setPending(false);
    setOpen(false);
    if (outcome.kept.length === 0) {
      onUnselectItems();
      notify(recordNoticeKey(resource, 'deleted'), { type: 'info', messageArgs: { smart_count: outcome.deleted.length } });
    } else {
      onSelect(outcome.kept);
      const reason = errorMessage(outcome.reason, translate('fabquote.errors.delete_failed'));
      notify(
        outcome.deleted.length === 0
          ? reason
          : translate('fabquote.delete.partly', { deleted: outcome.deleted.length, kept: outcome.kept.length, reason }),
        { type: 'error' },
      );
    }
    refresh();
  };

  const name = translate(`resources.${resource}.name`, { smart_count: selectedIds.length });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <DeleteConfirmationDialog
        open={open}
        title={translate('fabquote.delete.title_many', { smart_count: selectedIds.length, name })}
        pending={pending}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
};
