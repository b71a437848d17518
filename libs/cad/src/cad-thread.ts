import { parentPort, workerData } from 'node:worker_threads';
import type { ReadLimits } from './budget';
import { CadReadError } from './errors';
import { readDxf } from './read-dxf';
import { CompiledWasm, readStep, useCompiledOpenCascade } from './read-step';

/**
 * The entry of the thread `readCadIsolated` starts for one file: reads it and posts the reading, or
 * the reason it could not be read, then ends. Runs nothing else, holds nothing after.
 */
export interface CadThreadInput {
  kind: 'dxf' | 'step';
  content: Uint8Array;
  limits: ReadLimits;
  /** OpenCascade, compiled once by the parent (STEP only). */
  openCascade?: CompiledWasm;
}

export type CadThreadOutput = { reading: unknown } | { error: { code?: CadReadError['code']; message: string; params?: Record<string, number> } };

async function run({ kind, content, limits, openCascade }: CadThreadInput): Promise<CadThreadOutput> {
  if (openCascade) useCompiledOpenCascade(openCascade);
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  try {
    return { reading: kind === 'step' ? await readStep(buffer) : readDxf(buffer, limits) };
  } catch (error) {
    if (error instanceof CadReadError) return { error: { code: error.code, message: error.message, params: error.params } };
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

if (parentPort) {
  const port = parentPort;
  void run(workerData as CadThreadInput).then((output) => port.postMessage(output));
}
