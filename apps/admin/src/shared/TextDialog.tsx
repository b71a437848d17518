import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { ReactNode, useId } from 'react';

export interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  /** Already translated, like `label`: the console and the supplier's page translate differently. */
  title: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the text (required, the API's refusal), under the input. */
  problem: string | null;
  /** What the text answers, above the input (the supplier's question). */
  intro?: ReactNode;
  /** Cancel and send, as buttons of the page's own kind. */
  actions: ReactNode;
}

/**
 * A dialog asking for one short text of 255 characters at most: a supplier's question on its page, the
 * shop's answer in the console. Plain MUI, so the supplier's page chunk does not pull in react-admin.
 */
export const TextDialog = ({ open, onClose, title, label, value, onChange, problem, intro, actions }: TextDialogProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {intro}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          sx={{ mt: 1 }}
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};
