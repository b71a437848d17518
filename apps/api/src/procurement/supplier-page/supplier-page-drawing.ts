/**
 * The part's drawing on the supplier's page (docs/api-procurement.md): the SVG preview the DXF reader made
 * (libs/cad `previewSvg`, kept on the survey input the product was read from), written again here from its
 * numbers only. The stored text is never passed on: it is read with a grammar that admits exactly what
 * libs/cad writes (a view box, paths of M/L/A/Z commands and numbers, a stroke colour as #rrggbb), and the
 * answer is built from those numbers and this file's own constant markup. Anything else (a script, an
 * external reference, an attribute more, text too long) gives no drawing. The page shows it as an <img>, which
 * runs no script and loads nothing either.
 */

/** A bigger drawing is left out rather than sent to every supplier opening the page. */
export const MAX_DRAWING_CHARS = 512 * 1024;

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?$/i;
const SVG = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="([^"<>]*)" fill="none" stroke-linecap="round" stroke-linejoin="round">((?:<path [^<>]*\/>)*)<\/svg>$/;
const PATH = /^<path d="([^"<>]*)" stroke="(#[0-9a-f]{6})" stroke-width="1\.5" vector-effect="non-scaling-stroke"\/>$/i;
/** Arguments per command: M and L a point, A radii, rotation, two flags and a point, Z none. */
const ARGUMENTS: Record<string, number> = { M: 2, L: 2, A: 7, Z: 0 };

/** The drawing as a safe standalone SVG, or null when `stored` is not one libs/cad made. */
export function supplierDrawing(stored: string | null | undefined): string | null {
  if (!stored || stored.length > MAX_DRAWING_CHARS) return null;
  const svg = SVG.exec(stored);
  if (!svg) return null;
  const viewBox = numbers(svg[1]);
  if (!viewBox || viewBox.length !== 4 || viewBox[2] <= 0 || viewBox[3] <= 0) return null;
  const paths: string[] = [];
  for (const element of svg[2].match(/<path [^<>]*\/>/g) ?? []) {
    const path = PATH.exec(element);
    const d = path ? pathData(path[1]) : null;
    if (!path || d === null) return null;
    paths.push(`<path d="${d}" stroke="${path[2].toLowerCase()}" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`);
  }
  if (paths.length === 0) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.map(String).join(' ')}" fill="none" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</svg>`;
}

function numbers(text: string): number[] | null {
  const parts = text.trim().split(/\s+/);
  if (!parts.every((part) => NUMBER.test(part))) return null;
  const values = parts.map(Number);
  return values.every(Number.isFinite) ? values : null;
}

/** Path data of M, L, A and Z commands, each with its count of finite numbers, written again; null otherwise. */
function pathData(d: string): string | null {
  const tokens = d.match(/[MLAZ]|[^MLAZ\s]+/g);
  if (!tokens || tokens.join('') !== d.replace(/\s+/g, '')) return null;
  const out: string[] = [];
  let index = 0;
  while (index < tokens.length) {
    const command = tokens[index++];
    const count = ARGUMENTS[command];
    if (count === undefined) return null;
    const args = tokens.slice(index, index + count);
    if (args.length !== count || !args.every((arg) => NUMBER.test(arg) && Number.isFinite(Number(arg)))) return null;
    index += count;
    out.push(command + args.map((arg) => String(Number(arg))).join(' '));
  }
  return out.length && out[0].startsWith('M') ? out.join('') : null;
}
