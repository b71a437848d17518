import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import occtImportJs from 'occt-import-js';
import type { OcctMesh, OcctModule } from 'occt-import-js';
import { CadReadError } from './errors';
import type { CadWarning, StepReading, StepSolid } from './types';

/**
 * Reads a solid model from STEP with OpenCascade compiled to WebAssembly (occt-import-js): the
 * model is triangulated and measured from its triangles. The .wasm file lies beside the module's
 * script in node_modules and is found from there (its own `__dirname`), under jest and in the
 * built apps alike, so no `locateFile` is given.
 */

/**
 * Triangulation: chords within 0.1 % of the model's size and 0.1 rad (≈ 6°) of a curve's turn, so
 * a hole's polygon misses less than 0.1 % of its area. The model's own unit is converted to mm.
 */
const TRIANGULATION = {
  linearUnit: 'millimeter',
  linearDeflectionType: 'bounding_box_ratio',
  linearDeflection: 0.001,
  angularDeflection: 0.1,
} as const;

/** The part of the WebAssembly API used here (the project's TypeScript libraries do not declare it). */
export type CompiledWasm = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm>; instantiate(module: CompiledWasm, imports: object): Promise<object> } }).WebAssembly;

let openCascade: Promise<OcctModule> | undefined;
let compiled: Promise<CompiledWasm> | undefined;
let given: CompiledWasm | undefined;

/**
 * The WebAssembly module, compiled once per process (≈ 0.2 s). Its messages go nowhere: it prints
 * every parse error of a bad file to stdout. A failed load is not kept, so the next read tries again.
 * A thread of `readCadIsolated` is handed the module compiled once by its parent (`useCompiledOpenCascade`)
 * and only instantiates it, instead of compiling OpenCascade anew for every file.
 */
function loadOpenCascade(): Promise<OcctModule> {
  const instantiateWasm = given
    ? (imports: object, receive: (instance: object, module: CompiledWasm) => void) => {
        const module = given as CompiledWasm;
        void wasm.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      }
    : undefined;
  openCascade ??= occtImportJs({ print: () => undefined, printErr: () => undefined, ...(instantiateWasm && { instantiateWasm }) }).catch((error: unknown) => {
    openCascade = undefined;
    throw error;
  });
  return openCascade;
}

/** OpenCascade's WebAssembly compiled once per process, off the event loop (`WebAssembly.compile`), to hand to threads. */
export function compiledOpenCascade(): Promise<CompiledWasm> {
  compiled ??= readFile(join(dirname(require.resolve('occt-import-js')), 'occt-import-js.wasm'))
    .then((bytes) => wasm.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

/** Makes this thread's reads instantiate `module` (compiled by the parent) rather than compile their own. */
export function useCompiledOpenCascade(module: CompiledWasm): void {
  given = module;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4 + 0;

export async function readStep(content: Buffer): Promise<StepReading> {
  // Every STEP file opens with this line; anything else need not wake OpenCascade.
  if (!/^\s*ISO-10303-21\s*;/.test(content.subarray(0, 256).toString('latin1').replace(/^\uFEFF/, ''))) {
    throw new CadReadError('not-step', 'The file is not a STEP model');
  }
  const occt = await loadOpenCascade();
  let meshes: OcctMesh[];
  try {
    const result = occt.ReadStepFile(new Uint8Array(content.buffer, content.byteOffset, content.byteLength), TRIANGULATION);
    if (!result.success) throw new CadReadError('not-step', 'OpenCascade cannot read the STEP model');
    meshes = result.meshes ?? [];
  } catch (error) {
    if (error instanceof CadReadError) throw error;
    // A WebAssembly abort leaves the module unusable: load a fresh one next time.
    openCascade = undefined;
    throw new CadReadError('not-step', 'OpenCascade cannot read the STEP model');
  }
  return measure(meshes);
}

interface Measures {
  min: [number, number, number];
  max: [number, number, number];
  volume: number;
  surfaceArea: number;
  /** Triangle area by the axis its normal points along (within 0.1°), for the sheet test. */
  facing: [number, number, number];
  triangles: number;
  open: boolean;
}

const empty = (): Measures => ({ min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity], volume: 0, surfaceArea: 0, facing: [0, 0, 0], triangles: 0, open: false });

/**
 * Volume by the divergence theorem: each triangle (a, b, c) adds the signed volume a·(b × c)/6 of
 * the tetrahedron it spans with the origin; over a closed surface they sum to the enclosed volume.
 * A mesh turned inside out gives its volume negative, so each mesh counts by its absolute value.
 */
function measureMesh(mesh: OcctMesh): Measures {
  const measures = empty();
  const positions = mesh.attributes.position.array;
  const index = mesh.index.array;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      measures.min[axis] = Math.min(measures.min[axis], positions[i + axis]);
      measures.max[axis] = Math.max(measures.max[axis], positions[i + axis]);
    }
  }
  let volume = 0;
  for (let t = 0; t + 2 < index.length; t += 3) {
    const a = index[t] * 3;
    const b = index[t + 1] * 3;
    const c = index[t + 2] * 3;
    const [ax, ay, az] = [positions[a], positions[a + 1], positions[a + 2]];
    const [bx, by, bz] = [positions[b], positions[b + 1], positions[b + 2]];
    const [cx, cy, cz] = [positions[c], positions[c + 1], positions[c + 2]];
    volume += (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
    const [ux, uy, uz] = [bx - ax, by - ay, bz - az];
    const [vx, vy, vz] = [cx - ax, cy - ay, cz - az];
    const normal = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    const twice = Math.hypot(normal[0], normal[1], normal[2]);
    measures.surfaceArea += twice / 2;
    for (let axis = 0; axis < 3; axis++) if (twice > 0 && Math.abs(normal[axis]) / twice > 0.99999) measures.facing[axis] += twice / 2;
    measures.triangles++;
  }
  measures.volume = Math.abs(volume);
  measures.open = !isClosed(positions, index);
  return measures;
}

function add(total: Measures, part: Measures): void {
  for (let axis = 0; axis < 3; axis++) {
    total.min[axis] = Math.min(total.min[axis], part.min[axis]);
    total.max[axis] = Math.max(total.max[axis], part.max[axis]);
    total.facing[axis] += part.facing[axis];
  }
  total.volume += part.volume;
  total.surfaceArea += part.surfaceArea;
  total.triangles += part.triangles;
  total.open ||= part.open;
}

/** The extents sorted (thickness first) and the axis of the thickness. */
function sides(measures: Measures): { thickness: number; width: number; length: number; axis: number } {
  const extents = [0, 1, 2].map((axis) => ({ axis, size: measures.max[axis] - measures.min[axis] })).sort((x, y) => x.size - y.size);
  return { thickness: extents[0].size, width: extents[1].size, length: extents[2].size, axis: extents[0].axis };
}

/**
 * One body as a product: a sheet of constant thickness t has two faces across t, each of area V / t
 * (holes going through); a bent, turned or cast body does not (its faces across its thinnest extent
 * cover less, or more).
 */
function solidOf(measures: Measures): StepSolid {
  const { thickness, width, length, axis } = sides(measures);
  const face = thickness > 0 ? measures.volume / thickness : 0;
  // An open body's volume is not exact (warned of already): not judged.
  const sheet = measures.open || (face > 0 && Math.abs(measures.facing[axis] / 2 - face) <= 0.01 * face);
  return {
    boundingBox: { length: round(length), width: round(width), thickness: round(thickness) },
    volume: round(measures.volume),
    area: round(face),
    surfaceArea: round(measures.surfaceArea),
    count: 1,
    sheet,
  };
}

function measure(meshes: readonly OcctMesh[]): StepReading {
  const total = empty();
  const solids = new Map<string, StepSolid>();
  for (const mesh of meshes) {
    const measures = measureMesh(mesh);
    if (!measures.triangles) continue;
    add(total, measures);
    // Identical bodies (the same extents, volume and surface, wherever they stand) once, with their count.
    const solid = solidOf(measures);
    const { length, width, thickness } = solid.boundingBox;
    const key = [length, width, thickness, solid.volume / 10, solid.surfaceArea / 10].map((value) => Math.round(value * 100)).join('|');
    const found = solids.get(key);
    if (found) found.count++;
    else solids.set(key, solid);
  }
  if (!total.triangles) throw new CadReadError('no-solid', 'The STEP model has no solid');
  const { thickness, width, length } = sides(total);
  const warnings: string[] = [];
  const notes: CadWarning[] = [];
  if (total.open) {
    warnings.push('the model has open surfaces: its volume is not exact');
    notes.push({ code: 'open-surfaces', params: {} });
  }
  const listed = [...solids.values()].sort((a, b) => b.volume - a.volume);
  const notSheets = listed.filter((solid) => !solid.sheet).reduce((sum, solid) => sum + solid.count, 0);
  if (notSheets) {
    warnings.push(`${notSheets} ${notSheets === 1 ? 'body is' : 'bodies are'} not a sheet of constant thickness`);
    notes.push({ code: 'not-a-sheet', params: { count: notSheets } });
  }
  return {
    boundingBox: { length: round(length), width: round(width), thickness: round(thickness) },
    volume: round(total.volume),
    area: thickness > 0 ? round(total.volume / thickness) : 0,
    surfaceArea: round(total.surfaceArea),
    meshCount: meshes.length,
    warnings,
    notes,
    solids: listed,
  };
}

/**
 * Closed when every edge borders exactly two triangles. Faces are triangulated one by one with
 * their own copies of the shared corner points, so points are joined by position (to 0.0001 mm).
 */
function isClosed(positions: ArrayLike<number>, index: ArrayLike<number>): boolean {
  const ids = new Map<string, number>();
  const pointId = (vertex: number) => {
    const key = `${Math.round(positions[vertex * 3] * 1e4)},${Math.round(positions[vertex * 3 + 1] * 1e4)},${Math.round(positions[vertex * 3 + 2] * 1e4)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  const edges = new Map<string, number>();
  for (let t = 0; t + 2 < index.length; t += 3) {
    const corners = [pointId(index[t]), pointId(index[t + 1]), pointId(index[t + 2])];
    for (let k = 0; k < 3; k++) {
      const a = corners[k];
      const b = corners[(k + 1) % 3];
      if (a === b) continue;
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  for (const count of edges.values()) if (count !== 2) return false;
  return edges.size > 0;
}
