import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_READ_LIMITS, ReadLimits } from './budget';
import type { CadThreadInput, CadThreadOutput } from './cad-thread';
import { CadReadError } from './errors';
import { compiledOpenCascade } from './read-step';
import type { DxfReading, StepReading } from './types';

/** What one isolated read may take besides the `ReadLimits` of the reader itself. */
export interface IsolationLimits {
  /** Wall-clock time of the read, thread start included; then the thread is terminated. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation); past it the thread, not the process, is ended. */
  memoryMb: number;
  /** The reader's own budget (points traced, entities expanded). */
  read?: ReadLimits;
}

export const DEFAULT_ISOLATION_LIMITS: IsolationLimits = Object.freeze({ timeoutMs: 20_000, memoryMb: 512 });

/**
 * Reads a DXF or STEP file in a worker thread of its own, with a heap limit and a deadline, so that a
 * file the budget did not foresee (a parser's endless loop, a blow-up of memory) ends as a
 * `CadReadError` (`read-timeout`, `read-memory`) instead of blocking the caller's event loop or taking
 * its process down. One thread per read: started (~30 ms), used, ended, nothing kept between files.
 */
export function readCadIsolated(kind: 'dxf', content: Buffer, limits?: IsolationLimits): Promise<DxfReading>;
export function readCadIsolated(kind: 'step', content: Buffer, limits?: IsolationLimits): Promise<StepReading>;
export async function readCadIsolated(kind: 'dxf' | 'step', content: Buffer, limits: IsolationLimits = DEFAULT_ISOLATION_LIMITS): Promise<DxfReading | StepReading> {
  const openCascade = kind === 'step' ? await compiledOpenCascade() : undefined;
  const input: CadThreadInput = { kind, content: new Uint8Array(content), limits: limits.read ?? DEFAULT_READ_LIMITS, openCascade };
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = startThread(input, limits.memoryMb);
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      settle();
      void worker.terminate();
    };
    const deadline = setTimeout(
      () => finish(() => reject(new CadReadError('read-timeout', `Reading the drawing took longer than ${seconds(limits.timeoutMs)}: it is too complex to read`))),
      limits.timeoutMs,
    );
    worker.once('message', (output: CadThreadOutput) =>
      finish(() => {
        if ('reading' in output) resolve(output.reading as DxfReading | StepReading);
        else if (output.error.code) reject(new CadReadError(output.error.code, output.error.message, output.error.params));
        else reject(new Error(output.error.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CadReadError('read-memory', `Reading the drawing needed more than ${limits.memoryMb} MB of memory: it is too complex to read`)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`The CAD reader's thread ended (${code}) without a reading`))));
  });
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * The thread runs `cad-thread` beside this file: compiled JavaScript in the built apps (`dist`), the
 * TypeScript source under jest and in tests' child processes, where a thread does not inherit jest's
 * transform: there it first registers the repository's TypeScript hook (swc on require, as the test
 * processes do), by path, so nothing of libs/testing is loaded in production.
 */
function startThread(workerData: CadThreadInput, memoryMb: number): Worker {
  const options = {
    workerData,
    transferList: [workerData.content.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(memoryMb / 8))) },
  };
  if (!__filename.endsWith('.ts')) return new Worker(join(__dirname, 'cad-thread.js'), options);
  const register = join(__dirname, '../../testing/src/register-typescript.cjs');
  const entry = join(__dirname, 'cad-thread.ts');
  return new Worker(`require(${JSON.stringify(register)}); require(${JSON.stringify(entry)});`, { ...options, eval: true });
}
