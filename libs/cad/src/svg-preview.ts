import { Extent, Segment } from './plane';

/**
 * A small standalone SVG of the contours read: the outer contour dark, inner contours and holes
 * blue, strokes only, no scripts or external references. y is flipped so the drawing stands as
 * drawn (DXF y runs up, SVG y down); the view box is the parts' extents with a 2 % margin so the
 * stroke on the edge shows. No width or height: whoever shows it sizes it.
 */

const OUTER_STROKE = '#1f2937';
const INNER_STROKE = '#2563eb';

function number(value: number): string {
  const text = Number(value.toFixed(3)).toString();
  return text === '-0' ? '0' : text;
}

function pathData(loops: readonly Segment[][], extent: Extent): string {
  const x = (value: number) => number(value - extent.minX);
  const y = (value: number) => number(extent.maxY - value);
  const parts: string[] = [];
  for (const loop of loops) {
    if (!loop.length) continue;
    parts.push(`M${x(loop[0].start.x)} ${y(loop[0].start.y)}`);
    for (const segment of loop) {
      const { end, arc } = segment;
      if (!arc) {
        parts.push(`L${x(end.x)} ${y(end.y)}`);
        continue;
      }
      // Flipping y turns counter-clockwise into SVG's negative-angle direction: sweep flag 0.
      const large = Math.abs(arc.sweep) > Math.PI ? 1 : 0;
      const sweep = arc.sweep > 0 ? 0 : 1;
      parts.push(`A${number(arc.radius)} ${number(arc.radius)} 0 ${large} ${sweep} ${x(end.x)} ${y(end.y)}`);
    }
    parts.push('Z');
  }
  return parts.join('');
}

export function previewSvg(extent: Extent, outers: readonly Segment[][], inner: readonly Segment[][]): string {
  const width = extent.maxX - extent.minX;
  const height = extent.maxY - extent.minY;
  const margin = Math.max(width, height) * 0.02 || 1;
  const viewBox = [-margin, -margin, width + 2 * margin, height + 2 * margin].map(number).join(' ');
  const stroke = (d: string, color: string) =>
    d ? `<path d="${d}" stroke="${color}" stroke-width="1.5" vector-effect="non-scaling-stroke"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    stroke(pathData(outers, extent), OUTER_STROKE) +
    stroke(pathData(inner, extent), INNER_STROKE) +
    '</svg>'
  );
}
