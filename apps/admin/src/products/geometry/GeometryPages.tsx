import { Box } from '@mui/material';
import { BooleanField, DataTable, useLocaleState } from 'react-admin';
import { ChildRecords } from '../../shared/ChildRecords';
import { formatQuantity } from '../../shared/format';
import { useRowName } from '../../shared/useRowName';
import { ChoiceField, QuantityText } from '../../shared/values';
import { ProductPage } from '../ProductPage';
import { CONTOUR_KIND_PREFIX, HOLE_KIND_PREFIX, holeChanges, TOLERANCE_CLASS_PREFIX } from '../product-record';
import { GeometryFigures } from './GeometryFigures';
import { BendInputs, ContourInputs, HoleInputs } from './GeometryInputs';
import { contourChanges, counted, rowCount } from './geometry-rows';

const BY_CREATION = { field: 'createdAt', order: 'ASC' } as const;

const mm = (value: unknown) => <QuantityText value={value} unit="mm" />;

const Contours = () => {
  const rowName = useRowName('product-contours', (row, locale, translate) => ({
    kind: translate(`${CONTOUR_KIND_PREFIX}.${row.kind}`, { _: String(row.kind) }),
    length: counted(rowCount(row), formatQuantity(row.length, locale, 'mm')),
  }));
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-contours"
        target="productId"
        sort={BY_CREATION}
        inputs={<ContourInputs />}
        transform={contourChanges}
        rowName={rowName}
      >
        <DataTable.Col source="kind" render={() => <ChoiceField source="kind" prefix={CONTOUR_KIND_PREFIX} />} />
        <DataTable.Col source="count" align="right" render={(row) => <QuantityText value={rowCount(row)} />} />
        <DataTable.Col source="length" align="right" render={(row) => mm(row.length)} />
      </ChildRecords>
    </Box>
  );
};

/** /products/:id/geometry/contours (and /products/:id/contours): inner and outer contours with their lengths. */
export const ProductContours = () => (
  <ProductPage>
    <GeometryFigures />
    <Contours />
  </ProductPage>
);

const Bends = () => {
  const rowName = useRowName('product-bends', (row, locale) => ({ bendClass: String(row.bendClass ?? ''), angle: formatQuantity(row.angle, locale) }));
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-bends"
        target="productId"
        sort={BY_CREATION}
        inputs={<BendInputs />}
        rowName={rowName}
      >
        <DataTable.Col source="bendClass" />
        <DataTable.Col source="count" align="right" render={(row) => <QuantityText value={rowCount(row)} />} />
        <DataTable.Col source="length" align="right" render={(row) => mm(row.length)} />
        <DataTable.Col source="angle" align="right" render={(row) => <QuantityText value={row.angle} unit="°" />} />
        <DataTable.Col source="combinedBends" align="right" render={(row) => <QuantityText value={row.combinedBends} />} />
      </ChildRecords>
    </Box>
  );
};

/** /products/:id/geometry/bends */
export const ProductBends = () => (
  <ProductPage>
    <GeometryFigures />
    <Bends />
  </ProductPage>
);

/**
 * "Ø 5,5 / 10,4 mm": the diameter, or the inner and outer diameters of a counterbore or countersink;
 * a row of several holes with its count, "4 × Ø 8 mm", as a drawing writes it.
 */
function diametersText(hole: Record<string, unknown>, locale: string): string {
  const inner = hole.innerDiameter ?? null;
  const outer = hole.outerDiameter ?? null;
  if (inner === null && outer === null) return hole.diameter === null || hole.diameter === undefined ? '--' : counted(rowCount(hole), `Ø ${formatQuantity(hole.diameter, locale, 'mm')}`);
  return counted(rowCount(hole), `Ø ${formatQuantity(inner, locale)} / ${formatQuantity(outer, locale, 'mm')}`);
}

const Diameters = ({ hole }: { hole: Record<string, unknown> }) => {
  const [locale] = useLocaleState();
  return <span>{diametersText(hole, locale)}</span>;
};

/** The depth of a blind hole, or of a counterbore's recess; "--" for a plain through hole. */
const Depths = ({ hole }: { hole: Record<string, unknown> }) => {
  const [locale] = useLocaleState();
  const depths = [hole.depth, hole.innerDepth, hole.outerDepth].filter((depth) => depth !== null && depth !== undefined);
  return <span>{depths.length === 0 ? '--' : depths.map((depth) => formatQuantity(depth, locale, 'mm')).join(' / ')}</span>;
};

const Holes = () => {
  const rowName = useRowName('product-holes', (row, locale, translate) => ({
    kind: translate(`${HOLE_KIND_PREFIX}.${row.kind}`, { _: String(row.kind) }),
    diameter: counted(rowCount(row), formatQuantity(row.diameter ?? row.innerDiameter, locale, 'mm')),
  }));
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-holes"
        target="productId"
        sort={BY_CREATION}
        inputs={<HoleInputs />}
        transform={holeChanges}
        rowName={rowName}
      >
        <DataTable.Col source="kind" render={() => <ChoiceField source="kind" prefix={HOLE_KIND_PREFIX} />} />
        <DataTable.Col source="toleranceClass" render={() => <ChoiceField source="toleranceClass" prefix={TOLERANCE_CLASS_PREFIX} />} />
        <DataTable.Col source="diameter" align="right" render={(row) => <Diameters hole={row} />} />
        <DataTable.Col source="depth" align="right" disableSort render={(row) => <Depths hole={row} />} />
        <DataTable.Col source="through" field={BooleanField} />
      </ChildRecords>
    </Box>
  );
};

/** /products/:id/geometry/holes */
export const ProductHoles = () => (
  <ProductPage>
    <GeometryFigures />
    <Holes />
  </ProductPage>
);
