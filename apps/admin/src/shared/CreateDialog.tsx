import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { ReactNode, useCallback, useId } from 'react';
import { Button, CreateBase, SaveButton, SimpleForm, Toolbar, TransformData, useNavigate, useResourceContext, useTranslate } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { redirectToView } from './RecordButtons';
import { useGuardedClose } from './useGuardedClose';

export interface CreateDialogProps {
  /** The area's inputs (XInputs). */
  children: ReactNode;
  defaultValues?: Record<string, unknown>;
  transform?: TransformData;
}

/**
 * /<area>/create (docs/product.md §2: "Create dialogs exist for …"): the form opens in a dialog over
 * the list; closing it goes back to the list, saving opens the new record's view page.
 */
export const CreateDialog = ({ children, defaultValues, transform }: CreateDialogProps) => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const navigate = useNavigate();
  const titleId = useId();
  const close = useCallback(() => navigate(recordPath.list(resource)), [navigate, resource]);
  // Escape, a click beside it and Cancel ask before typed input is thrown away (the one dialog guard);
  // the form's warnWhenUnsavedChanges (the theme's default) asks on any other navigation.
  const { tracker, guardedClose } = useGuardedClose(close);
  return (
    <Dialog open onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('ra.page.create', { name: translate(`resources.${resource}.name`, { smart_count: 1 }) })}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <CreateBase redirect={redirectToView} transform={transform}>
          <SimpleForm
            defaultValues={defaultValues}
            sx={{ px: 0 }}
            toolbar={
              <Toolbar sx={{ gap: 1, justifyContent: 'flex-end' }}>
                <Button label="ra.action.cancel" onClick={guardedClose} />
                <SaveButton />
              </Toolbar>
            }
          >
            {tracker}
            {children}
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
};
