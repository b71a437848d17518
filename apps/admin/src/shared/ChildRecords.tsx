import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { ReactElement, ReactNode, useCallback, useId, useState } from 'react';
import {
  Button,
  CreateBase,
  DataTable,
  EditBase,
  Pagination,
  RaRecord,
  RecordContextProvider,
  ReferenceManyField,
  SaveButton,
  SimpleForm,
  SortPayload,
  Toolbar,
  TransformData,
  useCanAccess,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { recordNoticeKey } from './record-notice';
import { LoadError } from './RecordPages';
import { SectionHeading } from './SectionHeading';
import { useGuardedClose } from './useGuardedClose';
import { changesOnly } from './changes-only';

export interface ChildRecordsProps {
  /** The child resource (`asset-prices`) and the field naming the parent (`assetId`). */
  reference: string;
  target: string;
  sort: SortPayload;
  /** Translation keys; they default to the child resource's plural name and its `description`. */
  title?: string;
  description?: string;
  /** The child's inputs, used by the add and the edit dialog alike. */
  inputs: ReactNode;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
  /** How the delete dialog names a row ("Delete 100 pcs?"). */
  rowName: (record: RaRecord) => string;
  transform?: TransformData;
  /** Rows that are only added and removed (a factor applied) have no edit dialog. */
  editable?: boolean;
  /** The edit dialog's inputs and transform when they differ from the add dialog's (a product's quantities only). */
  editInputs?: ReactNode;
  editTransform?: TransformData;
  /** An add button of its own ("Attach a supplier"): its label, which also titles the dialog, its icon and its notice. */
  add?: AddLook;
  /** More buttons per row, before edit and delete (resend to one supplier). */
  rowActions?: (row: RaRecord) => ReactNode;
  /** A translation key said in place of the table when the rows can not be loaded (an asset's prices and rates). */
  loadError?: string;
}

export interface AddLook {
  label: string;
  icon?: ReactElement;
  /** Shown as a success on saving, instead of the usual "<Name> created". */
  notice?: string;
}

export const PER_PAGE = 100;

/** Pages only when there are more rows than fit on one: a price list is short. */
export const ChildPagination = () => {
  const { total } = useListContext();
  return total !== undefined && total > PER_PAGE ? <Pagination rowsPerPageOptions={[PER_PAGE]} /> : null;
};

interface FormDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The add and edit dialogs; clicks inside do not reach the row they were opened from. */
const FormDialog = ({ title, open, onClose, children }: FormDialogProps) => {
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

const AddChildButton = ({ reference, target, inputs, transform, add }: Pick<ChildRecordsProps, 'reference' | 'target' | 'inputs' | 'transform' | 'add'>) => {
  const parent = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: reference, action: 'create' });
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { tracker, guardedClose } = useGuardedClose(close);
  if (!parent || !canAccess) return null;
  const name = translate(`resources.${reference}.name`, { smart_count: 1 });
  return (
    <>
      <Button label={add?.label ?? 'fabquote.records.add'} onClick={() => setOpen(true)}>
        {add?.icon ?? <AddIcon />}
      </Button>
      <FormDialog title={add ? translate(add.label) : translate('fabquote.records.add_title', { name })} open={open} onClose={guardedClose}>
        <CreateBase
          resource={reference}
          record={{ [target]: parent.id }}
          redirect={false}
          transform={transform}
          mutationOptions={{
            onSuccess: () => {
              close();
              if (add?.notice) notify(add.notice, { type: 'success' });
              else notify(recordNoticeKey(reference, 'created'), { type: 'info', messageArgs: { smart_count: 1 } });
              refresh();
            },
          }}
        >
          <SimpleForm sx={{ px: 0 }} toolbar={<DialogToolbar onCancel={guardedClose} />}>
            {tracker}
            {inputs}
          </SimpleForm>
        </CreateBase>
      </FormDialog>
    </>
  );
};

const EditChildButton = ({ reference, inputs, transform }: Pick<ChildRecordsProps, 'reference' | 'inputs' | 'transform'>) => {
  const row = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: reference, action: 'edit', record: row });
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { tracker, guardedClose } = useGuardedClose(close);
  if (!row || !canAccess) return null;
  const name = translate(`resources.${reference}.name`, { smart_count: 1 });
  return (
    <>
      <Button
        label="ra.action.edit"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <EditIcon />
      </Button>
      <FormDialog title={translate('fabquote.records.edit_title', { name })} open={open} onClose={guardedClose}>
        <EditBase
          resource={reference}
          id={row.id}
          mutationMode="pessimistic"
          redirect={false}
          transform={changesOnly(transform)}
          mutationOptions={{
            onSuccess: () => {
              close();
              notify(recordNoticeKey(reference, 'updated'), { type: 'info', messageArgs: { smart_count: 1 } });
            },
          }}
        >
          <SimpleForm sx={{ px: 0 }} toolbar={<DialogToolbar onCancel={guardedClose} />}>
            {tracker}
            {inputs}
          </SimpleForm>
        </EditBase>
      </FormDialog>
    </>
  );
};

/**
 * The rows a record owns (an asset's prices, a suppliable's bulk prices) as a table on
 * the record's page, added and changed in dialogs and deleted after typing DELETE.
 * Writing needs the parent area's update permission, so the buttons follow it.
 */
export const ChildRecords = ({
  reference,
  target,
  sort,
  title,
  description,
  inputs,
  children,
  rowName,
  transform,
  editable = true,
  editInputs = inputs,
  editTransform = transform,
  add,
  rowActions,
  loadError,
}: ChildRecordsProps) => {
  const translate = useTranslate();
  const heading = translate(title ?? `resources.${reference}.name`, { smart_count: 2 });
  const explanation = translate(description ?? `resources.${reference}.description`, { _: '' });
  return (
    <Box component="section" aria-label={heading} sx={{ mt: 2 }} data-testid={`child-records-${reference}`}>
      <SectionHeading
        title={heading}
        description={explanation}
        actions={<AddChildButton reference={reference} target={target} inputs={inputs} transform={transform} add={add} />}
      />
      <ReferenceManyField
        reference={reference}
        target={target}
        sort={sort}
        perPage={PER_PAGE}
        pagination={<ChildPagination />}
        error={loadError ? <LoadError message={loadError} /> : undefined}
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
                  {editable ? <EditChildButton reference={reference} inputs={editInputs} transform={editTransform} /> : null}
                  <ConfirmDeleteButton resource={reference} redirectTo={false} name={rowName(row)} />
                </Stack>
              </RecordContextProvider>
            )}
          />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};
