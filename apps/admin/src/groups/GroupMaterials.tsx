import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Confirm,
  DataTable,
  Form,
  RaRecord,
  ReferenceInput,
  ReferenceManyField,
  required,
  SaveButton,
  Toolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { recordPath } from '../routing/route-table';
import { ChildPagination, PER_PAGE } from '../shared/ChildRecords';
import { SectionHeading } from '../shared/SectionHeading';
import { useNotifyError } from '../shared/useErrorNotice';
import { useGuardedClose } from '../shared/useGuardedClose';
import { QuantityText } from '../shared/values';
import type { MaterialRow } from '../materials/MaterialList';
import { PriceWithUnit } from '../materials/PriceWithUnit';

/** Puts a material into this group, or takes it out (groupId null); the material itself stays. */
function useSetGroup() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  return async (material: RaRecord, groupId: string | null, done: string): Promise<boolean> => {
    try {
      await dataProvider.update('materials', { id: material.id, data: { groupId }, previousData: material });
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return false;
    }
  };
}

const materialOption = (material: MaterialRow) => `${material.name} (${material.number})`;

/** Attaching picks any material; one in another group moves here. */
const AttachMaterialButton = () => {
  const group = useRecordContext();
  const translate = useTranslate();
  const setGroup = useSetGroup();
  const { canAccess } = useCanAccess({ resource: 'materials', action: 'edit' });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = useCallback(() => setOpen(false), []);
  const { tracker, guardedClose } = useGuardedClose(close);
  if (!group || !canAccess) return null;
  const attach = async (values: Record<string, unknown>) => {
    if (await setGroup({ id: String(values.materialId) }, String(group.id), 'resources.groups.materials.attached')) close();
  };
  return (
    <>
      <Button label="resources.groups.materials.attach" onClick={() => setOpen(true)}>
        <AddLinkIcon />
      </Button>
      <Dialog open={open} onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('resources.groups.materials.attach_title', { name: String(group.name ?? '') })}</DialogTitle>
        <DialogContent sx={{ pb: 0 }}>
          <Form onSubmit={attach}>
            {tracker}
            <ReferenceInput source="materialId" reference="materials" sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput
                label="resources.groups.materials.material"
                optionText={materialOption}
                validate={required()}
                helperText="resources.groups.materials.attach_help"
                fullWidth
              />
            </ReferenceInput>
            <Toolbar sx={{ gap: 1, justifyContent: 'flex-end' }}>
              <Button label="ra.action.cancel" onClick={guardedClose} />
              <SaveButton label="resources.groups.materials.attach" icon={<AddLinkIcon />} />
            </Toolbar>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
};

const DetachMaterialButton = () => {
  const material = useRecordContext<MaterialRow>();
  const setGroup = useSetGroup();
  const { canAccess } = useCanAccess({ resource: 'materials', action: 'edit', record: material });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!material || !canAccess) return null;
  const detach = async () => {
    setPending(true);
    await setGroup(material, null, 'resources.groups.materials.detached');
    setPending(false);
    setOpen(false);
  };
  return (
    <>
      <Button
        label="resources.groups.materials.detach"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <LinkOffIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.groups.materials.detach_title"
        content="resources.groups.materials.detach_content"
        translateOptions={{ name: material.name }}
        onConfirm={detach}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** /groups/:id/materials: the group's materials, attached and detached here (docs/product.md §2). */
export const GroupMaterialList = () => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'materials', action: 'list' });
  if (isPending) return null;
  return (
    <Box component="section" sx={{ p: 2 }} aria-label={translate('fabquote.pages.materials')}>
      <SectionHeading
        title={translate('resources.materials.name', { smart_count: 2 })}
        description={translate('resources.groups.materials.description')}
        actions={canAccess ? <AttachMaterialButton /> : null}
      />
      {canAccess ? (
        <ReferenceManyField
          reference="materials"
          target="groupId"
          sort={{ field: 'name', order: 'ASC' }}
          perPage={PER_PAGE}
          pagination={<ChildPagination />}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {translate('resources.groups.materials.none')}
            </Typography>
          }
        >
          <DataTable<MaterialRow> bulkActionButtons={false} rowClick={(id) => recordPath.view('materials', id)} size="small">
            <DataTable.Col source="number" />
            <DataTable.Col source="name" />
            <DataTable.Col source="height" align="right" render={(record) => <QuantityText value={record.height} />} />
            <DataTable.Col source="width" align="right" render={(record) => <QuantityText value={record.width} />} />
            <DataTable.Col source="length" align="right" render={(record) => <QuantityText value={record.length} />} />
            <DataTable.Col source="pricePerUnit" align="right" render={(record) => <PriceWithUnit price={record.pricePerUnit} unit={record.priceUnit} />} />
            <DataTable.Col label={false} align="right" render={() => <DetachMaterialButton />} />
          </DataTable>
        </ReferenceManyField>
      ) : (
        <Typography color="text.secondary">{translate('fabquote.records.not_visible')}</Typography>
      )}
    </Box>
  );
};
