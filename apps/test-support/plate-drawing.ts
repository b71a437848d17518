import { dxfDrawing, DxfEntity } from '@fabquote/cad';

/**
 * The worked drawing: a 200 × 100 mm plate (four LINEs) with four Ø8 holes and a slot
 * 30 × 10 mm (two lines and two half circles). Worked by hand:
 * - outer contour 2 × (200 + 100) = 600 mm;
 * - the slot 2 × 20 + π × 10 = 71.4159 mm;
 * - the holes π × 4 × 8 = 100.5310 mm;
 * so the cut length is 771.9469 mm, and the pierces 1 + 1 + 4 = 6.
 */
export const PLATE_CUT_LENGTH = 600 + 2 * 20 + Math.PI * 10 + Math.PI * 32;
export const PLATE_PIERCES = 6;

export function plateDrawing(): string {
  const corners = [
    { x: 0, y: 0 },
    { x: 200, y: 0 },
    { x: 200, y: 100 },
    { x: 0, y: 100 },
  ];
  const entities: DxfEntity[] = [
    ...corners.map((start, i) => ({ type: 'LINE' as const, start, end: corners[(i + 1) % 4] })),
    ...[
      [15, 15],
      [185, 15],
      [185, 85],
      [15, 85],
    ].map(([x, y]) => ({ type: 'CIRCLE' as const, center: { x, y }, radius: 4 })),
    // The slot: centres 20 mm apart, radius 5.
    { type: 'LINE', start: { x: 90, y: 45 }, end: { x: 110, y: 45 } },
    { type: 'ARC', center: { x: 110, y: 50 }, radius: 5, startAngle: 270, endAngle: 90 },
    { type: 'LINE', start: { x: 110, y: 55 }, end: { x: 90, y: 55 } },
    { type: 'ARC', center: { x: 90, y: 50 }, radius: 5, startAngle: 90, endAngle: 270 },
  ];
  return dxfDrawing({ entities });
}
