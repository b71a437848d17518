import DxfParser from 'dxf-parser';

/**
 * Entity readers that replace two of dxf-parser's own, for what it leaves out:
 * - CIRCLE: its extrusion direction (210/220/230). A circle of a mirrored part has (0, 0, −1) and
 *   its centre's x mirrored; without it the hole lands outside the part.
 * - SPLINE: its weights (41). A rational spline (how many CAD systems export circles and
 *   ellipses) traced without them leaves the curve.
 * They read the groups the same way dxf-parser does (value types by group code) and stop on the
 * next 0 group, which the parser then reads as the next entity.
 */

interface Group {
  code: number;
  value: unknown;
}

interface Scanner {
  next(): Group;
  isEOF(): boolean;
}

export interface PlanePoint {
  x: number;
  y: number;
}

export interface CircleEntity {
  type: 'CIRCLE';
  layer?: string;
  /** The entity's own line type (group 6): a circle drawn as a centre line is no cut. */
  lineType?: string;
  visible?: boolean;
  inPaperSpace?: boolean;
  center: PlanePoint;
  radius: number;
  extrusionDirectionZ?: number;
}

export interface SplineEntity {
  type: 'SPLINE';
  layer?: string;
  lineType?: string;
  visible?: boolean;
  inPaperSpace?: boolean;
  degree: number;
  closed: boolean;
  controlPoints: PlanePoint[];
  fitPoints: PlanePoint[];
  knots: number[];
  weights: number[];
}

const number = (group: Group) => (typeof group.value === 'number' ? group.value : Number(group.value));

/** Layer, line type, visibility and paper space, as dxf-parser's common properties; false when not one of them. */
function readCommon(entity: { layer?: string; lineType?: string; visible?: boolean; inPaperSpace?: boolean }, group: Group): boolean {
  switch (group.code) {
    case 8:
      entity.layer = String(group.value);
      return true;
    case 6:
      entity.lineType = String(group.value);
      return true;
    case 60:
      entity.visible = number(group) === 0;
      return true;
    case 67:
      entity.inPaperSpace = number(group) !== 0;
      return true;
    default:
      return false;
  }
}

/** Reads groups up to the next 0 group; an embedded object (101) runs to it too. */
function readGroups(scanner: Scanner, read: (group: Group) => void): void {
  let group = scanner.next();
  while (!scanner.isEOF() && group.code !== 0) {
    if (group.code === 101) {
      while (group.code !== 0) group = scanner.next();
      break;
    }
    read(group);
    group = scanner.next();
  }
}

class CircleReader {
  readonly ForEntityName = 'CIRCLE';

  parseEntity(scanner: Scanner): CircleEntity {
    const circle: CircleEntity = { type: 'CIRCLE', center: { x: 0, y: 0 }, radius: 0 };
    readGroups(scanner, (group) => {
      if (group.code === 10) circle.center.x = number(group);
      else if (group.code === 20) circle.center.y = number(group);
      else if (group.code === 40) circle.radius = number(group);
      else if (group.code === 230) circle.extrusionDirectionZ = number(group);
      else readCommon(circle, group);
    });
    return circle;
  }
}

class SplineReader {
  readonly ForEntityName = 'SPLINE';

  parseEntity(scanner: Scanner): SplineEntity {
    const spline: SplineEntity = { type: 'SPLINE', degree: 3, closed: false, controlPoints: [], fitPoints: [], knots: [], weights: [] };
    readGroups(scanner, (group) => {
      switch (group.code) {
        case 10:
          spline.controlPoints.push({ x: number(group), y: 0 });
          break;
        case 20:
          if (spline.controlPoints.length) spline.controlPoints[spline.controlPoints.length - 1].y = number(group);
          break;
        case 11:
          spline.fitPoints.push({ x: number(group), y: 0 });
          break;
        case 21:
          if (spline.fitPoints.length) spline.fitPoints[spline.fitPoints.length - 1].y = number(group);
          break;
        case 40:
          spline.knots.push(number(group));
          break;
        case 41:
          spline.weights.push(number(group));
          break;
        case 70:
          spline.closed = (number(group) & 1) !== 0;
          break;
        case 71:
          spline.degree = number(group);
          break;
        default:
          readCommon(spline, group);
      }
    });
    return spline;
  }
}

type EntityReader = Parameters<DxfParser['registerEntityHandler']>[0];

/** A dxf-parser with the readers above in place of its own. */
export function createDxfParser(): DxfParser {
  const parser = new DxfParser();
  parser.registerEntityHandler(CircleReader as unknown as EntityReader);
  parser.registerEntityHandler(SplineReader as unknown as EntityReader);
  return parser;
}
