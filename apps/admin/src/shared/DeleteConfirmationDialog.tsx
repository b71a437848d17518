import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from './delete-confirmation';

export interface DeleteConfirmationDialogProps {
  open: boolean;
  /** Already translated: "Delete S235 2 mm?". */
  title: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Lives only while the dialog is open, so the typed word is gone the next time it opens. */
const ConfirmationBody = ({ titleId, title, pending, onClose, onConfirm }: Omit<DeleteConfirmationDialogProps, 'open'> & { titleId: string }) => {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const confirmed = isDeleteConfirmed(typed);
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('fabquote.delete.explanation', { word: DELETE_CONFIRMATION_WORD })}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={translate('fabquote.delete.type_word', { word: DELETE_CONFIRMATION_WORD })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && confirmed && !pending) onConfirm();
          }}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'delete-confirmation-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.delete" color="error" variant="contained" disabled={!confirmed || pending} onClick={onConfirm} />
      </DialogActions>
    </>
  );
};

/**
 * The dialog every delete goes through: its button stays disabled until DELETE is typed
 * (docs/product.md §5). Clicks inside do not reach a table row the dialog was opened from.
 */
export const DeleteConfirmationDialog = ({ open, ...body }: DeleteConfirmationDialogProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={body.onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth onClick={(event) => event.stopPropagation()}>
      <ConfirmationBody titleId={titleId} {...body} />
    </Dialog>
  );
};
