import { Box } from '@mui/material';
import { BooleanField, DataTable, Labeled, RaRecord, SimpleShowLayout, TextField, useLocaleState, useTranslate } from 'react-admin';
import { formatQuantity } from '../shared/format';
import { ChildRecords } from '../shared/ChildRecords';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { ReferenceName } from '../shared/ReferenceName';
import { ChoiceField, MoneyText, QuantityField, QuantityText, recordDates } from '../shared/values';
import { AssetPriceInputs, BendingRateInputs, CuttingRateInputs, TIME_MODEL_PREFIX } from './AssetInputs';

/** docs/product.md §8, said when the asset, its prices or its rates can not be loaded. */
export const LOAD_FAILED = 'resources.assets.load_failed';

const TABS: RecordTab[] = [
  { page: 'view', path: 'view' },
  { page: 'prices', path: 'prices' },
];

/** /assets/:id/view */
export const AssetShow = () => (
  <RecordShow tabs={TABS} loadError={LOAD_FAILED}>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="fabNumber" emptyText="--" />
      <BooleanField source="quickSelect" />
      <BooleanField source="calculateByTime" />
      <Labeled source="timeModel">
        <ChoiceField source="timeModel" prefix={TIME_MODEL_PREFIX} />
      </Labeled>
      <Labeled source="handlingSeconds">
        <QuantityField source="handlingSeconds" unit="s" />
      </Labeled>
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);

const PricesAndRates = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (value: unknown) => formatQuantity(value, locale);
  return (
    <Box sx={{ p: 2 }}>
      <ChildRecords
        reference="asset-prices"
        target="assetId"
        loadError={LOAD_FAILED}
        sort={{ field: 'quantity', order: 'ASC' }}
        inputs={<AssetPriceInputs />}
        rowName={(row: RaRecord) => translate('resources.asset-prices.row', { quantity: number(row.quantity) })}
      >
        <DataTable.Col source="quantity" align="right" render={(row) => <QuantityText value={row.quantity} />} />
        <DataTable.Col source="inputCost" align="right" render={(row) => <MoneyText value={row.inputCost} />} />
        <DataTable.Col source="setupCost" align="right" render={(row) => <MoneyText value={row.setupCost} />} />
        <DataTable.Col source="programCost" align="right" render={(row) => <MoneyText value={row.programCost} />} />
        <DataTable.Col source="price" align="right" render={(row) => <MoneyText value={row.price} />} />
      </ChildRecords>
      <ChildRecords
        reference="asset-cutting-rates"
        target="assetId"
        loadError={LOAD_FAILED}
        sort={{ field: 'thicknessFrom', order: 'ASC' }}
        inputs={<CuttingRateInputs />}
        rowName={(row: RaRecord) => translate('resources.asset-cutting-rates.row', { from: number(row.thicknessFrom), to: number(row.thicknessTo) })}
      >
        <DataTable.Col source="groupId">
          <ReferenceName source="groupId" reference="groups" emptyText={translate('resources.asset-cutting-rates.any_group')} />
        </DataTable.Col>
        <DataTable.Col source="thicknessFrom" align="right" render={(row) => <QuantityText value={row.thicknessFrom} unit="mm" />} />
        <DataTable.Col source="thicknessTo" align="right" render={(row) => <QuantityText value={row.thicknessTo} unit="mm" />} />
        <DataTable.Col source="cutSpeed" align="right" render={(row) => <QuantityText value={row.cutSpeed} unit="mm/min" />} />
        <DataTable.Col source="pierceTime" align="right" render={(row) => <QuantityText value={row.pierceTime} unit="s" />} />
      </ChildRecords>
      <ChildRecords
        reference="asset-bending-rates"
        target="assetId"
        loadError={LOAD_FAILED}
        sort={{ field: 'bendClass', order: 'ASC' }}
        inputs={<BendingRateInputs />}
        rowName={(row: RaRecord) => translate('resources.asset-bending-rates.row', { bendClass: String(row.bendClass) })}
      >
        <DataTable.Col source="bendClass" />
        <DataTable.Col source="seconds" align="right" render={(row) => <QuantityText value={row.seconds} unit="s" />} />
      </ChildRecords>
    </Box>
  );
};

/** /assets/:id/prices: prices by quantity, and the rates its time model reads (cutting or bending). */
export const AssetPrices = () => (
  <RecordShow tabs={TABS} loadError={LOAD_FAILED}>
    <PricesAndRates />
  </RecordShow>
);
