import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  DataTable,
  RaRecord,
  useCanAccess,
  useDataProvider,
  useGetManyReference,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ChildRecords } from '../../shared/ChildRecords';
import { formatQuantity } from '../../shared/format';
import { ReferenceName } from '../../shared/ReferenceName';
import { useNotifyError } from '../../shared/useErrorNotice';
import { MoneyText, QuantityText } from '../../shared/values';
import { ProductPage } from '../ProductPage';
import { defaultOperationLines, PART_LINE_KIND_PREFIX, partLineKind, productPartChanges } from '../product-record';
import { MaterialLineInputs, OPERATION_LINES, OperationLineInputs, PartLineInputs, useOfferedOperations } from './ProductionInputs';

const Hint = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
};

const MaterialLines = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-materials"
        target="productId"
        sort={{ field: 'createdAt', order: 'ASC' }}
        inputs={<MaterialLineInputs />}
        rowName={() => translate('resources.product-materials.row')}
      >
        <DataTable.Col source="materialId">
          <ReferenceName source="materialId" reference="materials" />
        </DataTable.Col>
        <DataTable.Col
          source="usagePerUnit"
          align="right"
          render={(row) =>
            row.usagePerUnit === null || row.usagePerUnit === undefined ? <Hint text="resources.product-materials.derived" /> : <QuantityText value={row.usagePerUnit} fractionDigits={4} />
          }
        />
      </ChildRecords>
    </Box>
  );
};

/** /products/:id/production/materials */
export const ProductMaterials = () => (
  <ProductPage>
    <MaterialLines />
  </ProductPage>
);

/** Adds the operations marked "quick select by default" that the product lacks, in one go. */
const AddDefaultOperationsButton = () => {
  const product = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const operations = useOfferedOperations();
  const { canAccess } = useCanAccess({ resource: 'product-operations', action: 'create' });
  const { data: existing } = useGetManyReference(
    'product-operations',
    { target: 'productId', id: product?.id, ...OPERATION_LINES },
    { enabled: Boolean(product?.id) },
  );
  const [pending, setPending] = useState(false);
  if (!product || !canAccess || !existing) return null;
  const lines = defaultOperationLines(operations, existing);
  if (lines.length === 0) return null;
  const add = async () => {
    setPending(true);
    let added = 0;
    try {
      for (const line of lines) {
        await dataProvider.create('product-operations', { data: { productId: product.id, ...line } });
        added += 1;
      }
      notify('resources.product-operations.defaults_added', { type: 'success', messageArgs: { smart_count: added } });
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
    } finally {
      setPending(false);
      refresh();
    }
  };
  return (
    <Button label="resources.product-operations.add_defaults" onClick={add} disabled={pending}>
      <PlaylistAddIcon />
    </Button>
  );
};

const OperationLines = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-operations"
        target="productId"
        sort={OPERATION_LINES.sort}
        inputs={<OperationLineInputs />}
        rowName={(row: RaRecord) => translate('resources.product-operations.row', { sorting: formatQuantity(row.sorting, locale) })}
      >
        <DataTable.Col source="sorting" align="right" render={(row) => <QuantityText value={row.sorting} />} />
        <DataTable.Col source="operationId">
          <ReferenceName source="operationId" reference="operations" />
        </DataTable.Col>
        <DataTable.Col source="assetId">
          <ReferenceName source="assetId" reference="assets" />
        </DataTable.Col>
        <DataTable.Col
          source="timePerUnit"
          align="right"
          render={(row) =>
            row.timePerUnit !== null && row.timePerUnit !== undefined ? (
              <QuantityText value={row.timePerUnit} unit="min" fractionDigits={4} />
            ) : row.assetId ? (
              <Hint text="resources.product-operations.from_geometry" />
            ) : (
              '--'
            )
          }
        />
        <DataTable.Col source="hourlyRate" align="right" render={(row) => <MoneyText value={row.hourlyRate} />} />
        <DataTable.Col source="programTime" align="right" render={(row) => <QuantityText value={row.programTime} unit="min" fractionDigits={4} />} />
        <DataTable.Col source="programRate" align="right" render={(row) => <MoneyText value={row.programRate} />} />
        <DataTable.Col source="boughtIn" field={BooleanField} />
      </ChildRecords>
      <AddDefaultOperationsButton />
    </Box>
  );
};

/** /products/:id/production/operations */
export const ProductOperations = () => (
  <ProductPage>
    <OperationLines />
  </ProductPage>
);

const LineKind = ({ line }: { line: Record<string, unknown> }) => {
  const translate = useTranslate();
  const kind = partLineKind(line);
  return <Chip size="small" variant="outlined" color={kind === 'sub_assembly' ? 'info' : 'default'} label={translate(`${PART_LINE_KIND_PREFIX}.${kind}`)} />;
};

const PartLines = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-parts"
        target="productId"
        sort={{ field: 'createdAt', order: 'ASC' }}
        inputs={<PartLineInputs />}
        transform={productPartChanges}
        rowName={() => translate('resources.product-parts.row')}
      >
        <DataTable.Col source="lineKind" disableSort render={(row) => <LineKind line={row} />} />
        <DataTable.Col source="component" disableSort render={(row) => (row.subProductId ? <ReferenceName source="subProductId" reference="products" /> : <ReferenceName source="partId" reference="parts" />)} />
        <DataTable.Col source="quantity" align="right" render={(row) => <QuantityText value={row.quantity} />} />
      </ChildRecords>
    </Box>
  );
};

/** /products/:id/production/parts: parts and sub-assemblies; a cycle is refused beside the sub-assembly input. */
export const ProductParts = () => (
  <ProductPage>
    <PartLines />
  </ProductPage>
);
