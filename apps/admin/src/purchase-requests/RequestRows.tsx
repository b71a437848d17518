import AddLinkIcon from '@mui/icons-material/AddLink';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { ReactNode, useId, useState } from 'react';
import {
  Button,
  CreateBase,
  DataTable,
  EditBase,
  RaRecord,
  RecordContextProvider,
  ReferenceManyField,
  SaveButton,
  SimpleForm,
  SortPayload,
  Toolbar,
  TransformData,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ChildPagination, PER_PAGE } from '../shared/ChildRecords';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { SectionHeading } from '../shared/SectionHeading';

const FormDialog = ({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" onClick={(event) => event.stopPropagation()}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>{children}</DialogContent>
    </Dialog>
  );
};

const DialogToolbar = ({ onCancel }: { onCancel: () => void }) => (
  <Toolbar sx={{ gap: 1, justifyContent: 'flex-end' }}>
    <Button label="ra.action.cancel" onClick={onCancel} />
    <SaveButton />
  </Toolbar>
);

export interface AttachProps {
  reference: string;
  inputs: ReactNode;
  /** "Attach a supplier": the button and the dialog's title. */
  label: string;
  /** docs/product.md §8's success message ("Supplier attached successfully"). */
  attached: string;
  transform?: TransformData;
}

/** Attaches a row to the request in a dialog; the API's refusal stays beside its input. */
const AttachButton = ({ reference, inputs, label, attached, transform }: AttachProps) => {
  const request = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: reference, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!request || !canAccess) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <AddLinkIcon />
      </Button>
      <FormDialog title={translate(label)} open={open} onClose={close}>
        <CreateBase
          resource={reference}
          record={{ purchaseRequestId: request.id }}
          redirect={false}
          transform={transform}
          mutationOptions={{
            onSuccess: () => {
              close();
              notify(attached, { type: 'success' });
              refresh();
            },
          }}
        >
          <SimpleForm sx={{ px: 0 }} toolbar={<DialogToolbar onCancel={close} />}>
            {inputs}
          </SimpleForm>
        </CreateBase>
      </FormDialog>
    </>
  );
};

/** Changes a row in a dialog (a product's quantities). */
const EditRowButton = ({ reference, inputs, transform }: { reference: string; inputs: ReactNode; transform?: TransformData }) => {
  const row = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: reference, action: 'edit', record: row });
  const [open, setOpen] = useState(false);
  if (!row || !canAccess) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button label="ra.action.edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      <FormDialog title={translate('fabquote.records.edit_title', { name: translate(`resources.${reference}.name`, { smart_count: 1 }) })} open={open} onClose={close}>
        <EditBase
          resource={reference}
          id={row.id}
          mutationMode="pessimistic"
          redirect={false}
          transform={transform}
          mutationOptions={{
            onSuccess: () => {
              close();
              notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
            },
          }}
        >
          <SimpleForm sx={{ px: 0 }} toolbar={<DialogToolbar onCancel={close} />}>
            {inputs}
          </SimpleForm>
        </EditBase>
      </FormDialog>
    </>
  );
};

export interface RequestRowsProps {
  reference: string;
  sort: SortPayload;
  attach: Omit<AttachProps, 'reference'>;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
  /** How the remove dialog names a row. */
  rowName: (row: RaRecord) => string;
  /** Inputs of the edit dialog; rows without them are only attached and removed. */
  editInputs?: ReactNode;
  editTransform?: TransformData;
  /** More buttons per row (resend to one supplier). */
  rowActions?: (row: RaRecord) => ReactNode;
}

/**
 * What the request asks for, or whom (its products, suppliers, operations, parts): a table with
 * an attach dialog above it and, per row, remove after typing DELETE. Written with the request's
 * update permission, read with its view (auth/permissions.ts CHILD_OF).
 */
export const RequestRows = ({ reference, sort, attach, children, rowName, editInputs, editTransform, rowActions }: RequestRowsProps) => {
  const translate = useTranslate();
  const heading = translate(`resources.${reference}.name`, { smart_count: 2 });
  return (
    <Box component="section" aria-label={heading} sx={{ p: 2 }} data-testid={`request-rows-${reference}`}>
      <SectionHeading
        title={heading}
        description={translate(`resources.${reference}.description`, { _: '' })}
        actions={<AttachButton reference={reference} {...attach} />}
      />
      <ReferenceManyField
        reference={reference}
        target="purchaseRequestId"
        sort={sort}
        perPage={PER_PAGE}
        pagination={<ChildPagination />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate('fabquote.list.no_data')}
          </Typography>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false} size="small">
          {children}
          <DataTable.Col
            label={false}
            align="right"
            render={(row: RaRecord) => (
              <RecordContextProvider value={row}>
                <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  {rowActions?.(row)}
                  {editInputs ? <EditRowButton reference={reference} inputs={editInputs} transform={editTransform} /> : null}
                  <RemoveButton reference={reference} name={rowName(row)} />
                </Stack>
              </RecordContextProvider>
            )}
          />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};

/** Removing a row from the request deletes only the link, after typing DELETE like every delete. */
const RemoveButton = ({ reference, name }: { reference: string; name: string }) => <ConfirmDeleteButton resource={reference} redirectTo={false} name={name} />;
