import { dxfDrawing, readDxf } from '@fabquote/cad';
import { MAX_DRAWING_CHARS, supplierDrawing } from './supplier-page-drawing';

const line = (x1: number, y1: number, x2: number, y2: number) => ({ type: 'LINE' as const, start: { x: x1, y: y1 }, end: { x: x2, y: y2 } });
/** A plate 200 × 100 with a hole and a rounded slot end: lines, a circle and an arc, as the DXF reader draws them. */
const PLATE_SVG = readDxf(
  dxfDrawing({
    entities: [
      line(0, 0, 200, 0),
      line(200, 0, 200, 100),
      line(200, 100, 0, 100),
      line(0, 100, 0, 0),
      { type: 'CIRCLE', center: { x: 20, y: 20 }, radius: 4 },
      { type: 'ARC', center: { x: 150, y: 50 }, radius: 10, startAngle: 90, endAngle: 270 },
      line(150, 60, 170, 60),
      line(170, 60, 170, 40),
      line(170, 40, 150, 40),
    ],
  }),
).svg;

describe('supplierDrawing (the part drawing on the supplier page)', () => {
  it('writes the DXF reader’s preview again from its numbers, the same drawing', () => {
    expect(PLATE_SVG).toMatch(/^<svg /);
    expect(PLATE_SVG).toMatch(/\dA\d/);
    expect(supplierDrawing(PLATE_SVG)).toBe(PLATE_SVG);
  });

  it('gives no drawing for none, nor for one too big to send', () => {
    expect(supplierDrawing(null)).toBeNull();
    expect(supplierDrawing(undefined)).toBeNull();
    expect(supplierDrawing('')).toBeNull();
    const long = PLATE_SVG.replace('Z', `Z${'L1 1'.repeat(MAX_DRAWING_CHARS / 4)}`);
    expect(supplierDrawing(long)).toBeNull();
  });

  it.each([
    ['a script', PLATE_SVG.replace('</svg>', '<script>alert(1)</script></svg>')],
    ['an event handler', PLATE_SVG.replace('<path ', '<path onclick="alert(1)" ')],
    ['an event handler on the root', PLATE_SVG.replace('<svg ', '<svg onload="alert(1)" ')],
    ['an external image', PLATE_SVG.replace('</svg>', '<image href="https://evil.example/x.png"/></svg>')],
    ['a use of another document', PLATE_SVG.replace('</svg>', '<use href="https://evil.example/a.svg#x"/></svg>')],
    ['a foreign object', PLATE_SVG.replace('</svg>', '<foreignObject><div>x</div></foreignObject></svg>')],
    ['a stroke from a url', PLATE_SVG.replace(/stroke="#[0-9a-f]{6}"/, 'stroke="url(https://evil.example/#p)"')],
    ['markup inside the path data', PLATE_SVG.replace(/d="M/, 'd="M"/><script>alert(1)</script><path d="M')],
    ['a command it does not make', PLATE_SVG.replace(/d="M([^"]*)"/, 'd="M0 0C1 1 2 2 3 3Z"')],
    ['a number too few', PLATE_SVG.replace(/d="M[^"]*"/, 'd="M0 0L5Z"')],
    ['a word for a number', PLATE_SVG.replace(/d="M[^"]*"/, 'd="M0 0L5 InfinityZ"')],
    ['a style element', PLATE_SVG.replace('</svg>', '<style>@import url(https://evil.example/x.css)</style></svg>')],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${PLATE_SVG}`],
    ['a view box of words', PLATE_SVG.replace(/viewBox="[^"]*"/, 'viewBox="0 0 javascript:1 2"')],
    ['no path at all', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" fill="none" stroke-linecap="round" stroke-linejoin="round"></svg>'],
  ])('gives no drawing for one with %s', (_name, hostile) => {
    expect(hostile).not.toBe(PLATE_SVG);
    expect(supplierDrawing(hostile)).toBeNull();
  });
});
