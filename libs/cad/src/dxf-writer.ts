/**
 * Writes small ASCII DXF drawings (AutoCAD 2000, AC1015) from plain descriptions: fixtures for
 * tests and the bench, built in code so every figure expected of them can be worked out by hand.
 * Header ($ACADVER, $INSUNITS), a LAYER table, blocks and entities with handles and subclass
 * markers: what dxf-parser and other readers that tolerate a file without OBJECTS section read.
 * Not a full R2000 file (no CLASSES, OBJECTS, dictionaries), which AutoCAD itself may ask for.
 */

export interface DxfPoint {
  x: number;
  y: number;
}

interface OnLayer {
  /** Default "0". */
  layer?: string;
  /** The entity's own line type (group 6), e.g. `CENTER`; default: the layer's. */
  lineType?: string;
}

/** Entities in object coordinates with extrusion (0, 0, −1), as in a mirrored part, when `mirrored`. */
interface Mirrorable {
  mirrored?: boolean;
}

export type DxfEntity =
  | ({ type: 'LINE'; start: DxfPoint; end: DxfPoint } & OnLayer)
  /** Angles in degrees, counter-clockwise from start to end. */
  | ({ type: 'ARC'; center: DxfPoint; radius: number; startAngle: number; endAngle: number } & OnLayer & Mirrorable)
  | ({ type: 'CIRCLE'; center: DxfPoint; radius: number } & OnLayer & Mirrorable)
  /** `bulge` of a vertex: tan(θ/4) of the arc to the next vertex, positive counter-clockwise. */
  | ({ type: 'LWPOLYLINE'; vertices: (DxfPoint & { bulge?: number })[]; closed?: boolean } & OnLayer & Mirrorable)
  | ({ type: 'POLYLINE'; vertices: (DxfPoint & { bulge?: number })[]; closed?: boolean } & OnLayer)
  /** `majorAxis` relative to the centre; parameters in radians (default a full ellipse). */
  | ({ type: 'ELLIPSE'; center: DxfPoint; majorAxis: DxfPoint; ratio: number; startParameter?: number; endParameter?: number } & OnLayer)
  | ({ type: 'SPLINE'; degree: number; controlPoints: DxfPoint[]; knots: number[]; weights?: number[]; closed?: boolean } & OnLayer)
  /** `rotation` in degrees; `columns` and `rows` repeat the block (a MINSERT), spaced along its rotated axes. */
  | ({
      type: 'INSERT';
      block: string;
      position: DxfPoint;
      rotation?: number;
      xScale?: number;
      yScale?: number;
      columns?: { count: number; spacing: number };
      rows?: { count: number; spacing: number };
    } & OnLayer)
  | ({ type: 'TEXT'; position: DxfPoint; height: number; text: string } & OnLayer);

export interface DxfBlock {
  name: string;
  /** The block's base point, placed at an INSERT's position; default (0, 0). */
  base?: DxfPoint;
  entities: DxfEntity[];
}

/** `none` writes no $INSUNITS (a unitless drawing). */
export type DxfUnit = 'mm' | 'cm' | 'm' | 'in' | 'ft' | 'none';

const INSUNITS: Record<Exclude<DxfUnit, 'none'>, number> = { in: 1, ft: 2, mm: 4, cm: 5, m: 6 };

export interface DxfDrawingInput {
  entities: DxfEntity[];
  blocks?: DxfBlock[];
  /** Default `mm`. */
  unit?: DxfUnit;
  /** A layer's line type (its LAYER record's group 6) by the layer's name; default `CONTINUOUS`. */
  layerLineTypes?: Record<string, string>;
}

/** Group code/value pairs, one per line each. */
class Groups {
  private readonly lines: string[] = [];
  private handle = 0x100;

  add(code: number, value: string | number): this {
    this.lines.push(String(code), typeof value === 'number' ? formatNumber(code, value) : value);
    return this;
  }

  point(code: number, point: DxfPoint): this {
    return this.add(code, point.x)
      .add(code + 10, point.y)
      .add(code + 20, 0);
  }

  /** The start of an entity: its name, a new handle, its layer, its subclass. */
  entity(name: string, on: OnLayer | string | undefined, subclass?: string): this {
    const { layer, lineType } = typeof on === 'object' ? on : { layer: on, lineType: undefined };
    this.add(0, name)
      .add(5, (this.handle++).toString(16).toUpperCase())
      .add(100, 'AcDbEntity')
      .add(8, layer ?? '0');
    if (lineType) this.add(6, lineType);
    return subclass ? this.add(100, subclass) : this;
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/** Group codes whose values are integers (DXF reference, "Group code value types"). */
function isIntegerCode(code: number): boolean {
  return (code >= 60 && code <= 99) || (code >= 170 && code <= 179) || (code >= 270 && code <= 289) || (code >= 370 && code <= 389) || (code >= 400 && code <= 409);
}

function formatNumber(code: number, value: number): string {
  if (!Number.isFinite(value)) throw new Error(`dxfDrawing: ${value} is not a finite number`);
  if (isIntegerCode(code)) {
    if (!Number.isInteger(value)) throw new Error(`dxfDrawing: group ${code} takes a whole number, not ${value}`);
    return String(value);
  }
  if (Number.isInteger(value)) return value.toFixed(1);
  // The shortest text that reads back as the same number; plain notation for tiny ones.
  const text = String(value);
  return text.includes('e') ? value.toFixed(12) : text;
}

function extrusion(groups: Groups, mirrored: boolean | undefined): void {
  if (mirrored) groups.add(210, 0).add(220, 0).add(230, -1);
}

function writeEntity(groups: Groups, entity: DxfEntity): void {
  switch (entity.type) {
    case 'LINE':
      groups.entity('LINE', entity, 'AcDbLine').point(10, entity.start).point(11, entity.end);
      return;
    case 'CIRCLE':
      groups.entity('CIRCLE', entity, 'AcDbCircle').point(10, entity.center).add(40, entity.radius);
      extrusion(groups, entity.mirrored);
      return;
    case 'ARC':
      groups.entity('ARC', entity, 'AcDbCircle').point(10, entity.center).add(40, entity.radius);
      extrusion(groups, entity.mirrored);
      groups.add(100, 'AcDbArc').add(50, entity.startAngle).add(51, entity.endAngle);
      return;
    case 'LWPOLYLINE':
      groups
        .entity('LWPOLYLINE', entity, 'AcDbPolyline')
        .add(90, entity.vertices.length)
        .add(70, entity.closed ? 1 : 0);
      for (const vertex of entity.vertices) {
        groups.add(10, vertex.x).add(20, vertex.y);
        if (vertex.bulge) groups.add(42, vertex.bulge);
      }
      extrusion(groups, entity.mirrored);
      return;
    case 'POLYLINE':
      groups
        .entity('POLYLINE', entity, 'AcDb2dPolyline')
        .add(66, 1)
        .point(10, { x: 0, y: 0 })
        .add(70, entity.closed ? 1 : 0);
      for (const vertex of entity.vertices) {
        groups.entity('VERTEX', entity.layer, 'AcDbVertex').add(100, 'AcDb2dVertex').point(10, vertex);
        if (vertex.bulge) groups.add(42, vertex.bulge);
        groups.add(70, 0);
      }
      groups.entity('SEQEND', entity.layer);
      return;
    case 'ELLIPSE':
      groups
        .entity('ELLIPSE', entity, 'AcDbEllipse')
        .point(10, entity.center)
        .point(11, entity.majorAxis)
        .add(40, entity.ratio)
        .add(41, entity.startParameter ?? 0)
        .add(42, entity.endParameter ?? 2 * Math.PI);
      return;
    case 'SPLINE': {
      const rational = entity.weights !== undefined;
      groups
        .entity('SPLINE', entity, 'AcDbSpline')
        .add(70, (entity.closed ? 1 : 0) | (rational ? 4 : 0) | 8)
        .add(71, entity.degree)
        .add(72, entity.knots.length)
        .add(73, entity.controlPoints.length)
        .add(74, 0);
      for (const knot of entity.knots) groups.add(40, knot);
      entity.controlPoints.forEach((point, index) => {
        groups.point(10, point);
        if (rational) groups.add(41, entity.weights![index]);
      });
      return;
    }
    case 'INSERT':
      groups
        .entity('INSERT', entity, 'AcDbBlockReference')
        .add(2, entity.block)
        .point(10, entity.position)
        .add(41, entity.xScale ?? 1)
        .add(42, entity.yScale ?? 1)
        .add(43, 1)
        .add(50, entity.rotation ?? 0);
      if (entity.columns) groups.add(70, entity.columns.count).add(44, entity.columns.spacing);
      if (entity.rows) groups.add(71, entity.rows.count).add(45, entity.rows.spacing);
      return;
    case 'TEXT':
      groups.entity('TEXT', entity, 'AcDbText').point(10, entity.position).add(40, entity.height).add(1, entity.text).add(100, 'AcDbText');
      return;
  }
}

function layersOf(input: DxfDrawingInput): string[] {
  const names = new Set<string>(['0']);
  const collect = (entities: readonly DxfEntity[]) => entities.forEach((entity) => names.add(entity.layer ?? '0'));
  collect(input.entities);
  (input.blocks ?? []).forEach((block) => collect(block.entities));
  return [...names];
}

/** A closed rectangle from (x, y), `width` × `height`, as one polyline: the outline of a plate in fixtures. */
export const dxfRectangle = (x: number, y: number, width: number, height: number): DxfEntity => ({
  type: 'LWPOLYLINE',
  closed: true,
  vertices: [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ],
});

/** A circle of `diameter` at (x, y): a round hole in fixtures. */
export const dxfCircle = (x: number, y: number, diameter: number): DxfEntity => ({ type: 'CIRCLE', center: { x, y }, radius: diameter / 2 });

/** The DXF text of a drawing of `entities` (and the `blocks` they insert), in `unit`. */
export function dxfDrawing(input: DxfDrawingInput): string {
  const groups = new Groups();
  const unit = input.unit ?? 'mm';

  groups.add(0, 'SECTION').add(2, 'HEADER').add(9, '$ACADVER').add(1, 'AC1015');
  if (unit !== 'none') groups.add(9, '$INSUNITS').add(70, INSUNITS[unit]);
  groups.add(0, 'ENDSEC');

  const layers = layersOf(input);
  groups.add(0, 'SECTION').add(2, 'TABLES').add(0, 'TABLE').add(2, 'LAYER').add(70, layers.length);
  for (const layer of layers) {
    groups.add(0, 'LAYER').add(100, 'AcDbSymbolTableRecord').add(100, 'AcDbLayerTableRecord').add(2, layer).add(70, 0).add(62, 7).add(6, input.layerLineTypes?.[layer] ?? 'CONTINUOUS');
  }
  groups.add(0, 'ENDTAB').add(0, 'ENDSEC');

  groups.add(0, 'SECTION').add(2, 'BLOCKS');
  for (const block of input.blocks ?? []) {
    groups
      .entity('BLOCK', '0', 'AcDbBlockBegin')
      .add(2, block.name)
      .add(70, 0)
      .point(10, block.base ?? { x: 0, y: 0 })
      .add(3, block.name)
      .add(1, '');
    for (const entity of block.entities) writeEntity(groups, entity);
    groups.entity('ENDBLK', '0', 'AcDbBlockEnd');
  }
  groups.add(0, 'ENDSEC');

  groups.add(0, 'SECTION').add(2, 'ENTITIES');
  for (const entity of input.entities) writeEntity(groups, entity);
  groups.add(0, 'ENDSEC').add(0, 'EOF');
  return groups.text();
}
