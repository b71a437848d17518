import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Tells a job that blocked its process from one that was merely running when the process was killed.
 *
 * A job can kill or stall its process only by running on the event loop without a pause: an endless
 * loop, or memory taken in one synchronous stretch until the heap limit ends the process. While it does,
 * nothing else of the process runs, not even BullMQ's lock renewal; a process killed from outside (a
 * deploy, `kill -9`, the kernel's OOM killer) was serving its event loop up to the moment it died. Only a
 * thread of its own can see the difference while it happens: this watchdog is one, sharing a clock
 * with the event loop, which writes the time into it four times a second. When the loop has not written
 * for `blockedMs` (JOB_LOCK_MS: the running jobs' locks are lost by then), the watchdog marks every job
 * running at that moment in Redis (`<prefix>:<queue>:<job id>:blocked-loop`, kept a week) with how long
 * the loop was blocked. The watchdog's thread has a heap of its own, so it goes on while the loop is
 * blocked, until the process dies. `JobRunner` parks a marked job that comes back instead of running it
 * again. A process frozen as a whole (SIGSTOP, a paused VM) freezes the watchdog too, which sees its own
 * timer come late and counts the loop's silence from then on, so that blames no job. Cost: one thread of
 * about 10 MB and a clock write every 250 ms.
 */
export class LoopWatchdog {
  private readonly clock = new Float64Array(new SharedArrayBuffer(8));
  /** The jobs running now, as JSON text behind its length in bytes: rewritten at each start and end. */
  private readonly runningText = new Uint8Array(new SharedArrayBuffer(RUNNING_BYTES));
  private readonly runningLength = new Int32Array(new SharedArrayBuffer(4));
  private readonly running = new Set<string>();
  private readonly encoder = new TextEncoder();
  private readonly thread: Worker;
  private readonly ticking: NodeJS.Timeout;

  constructor(redisUrl: string, blockedMs: number) {
    this.tick();
    this.ticking = setInterval(() => this.tick(), 250).unref();
    this.thread = new Worker(WATCHDOG, {
      eval: true,
      workerData: {
        clock: this.clock,
        runningText: this.runningText,
        runningLength: this.runningLength,
        redisUrl,
        ioredis: require.resolve('ioredis'),
        blockedMs,
        host: hostname(),
        pid: process.pid,
      },
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    this.thread.unref();
    // A watchdog that fails takes nothing down with it: the jobs then just lack their markers.
    this.thread.on('error', () => undefined);
  }

  private tick(): void {
    this.clock[0] = Date.now();
  }

  /** A job of `queueKey` (`<prefix>:<queue>`) starts running on this process's event loop. */
  started(queueKey: string, jobId: string): void {
    this.running.add(`${queueKey}:${jobId}`);
    this.publish();
  }

  ended(queueKey: string, jobId: string): void {
    this.running.delete(`${queueKey}:${jobId}`);
    this.publish();
  }

  /**
   * Writes the running jobs into the memory the watchdog shares, synchronously, before the job's first
   * line runs: a job that blocks the loop at once is already there. (A message to the thread per start
   * and end cost a structured clone and a wake-up each, a tenth of a small job's CPU.) The thread reads
   * it only while the loop is blocked, so never in the middle of this write. Should the running jobs
   * not fit (thousands at once), none is written: they then lack their markers, as without a watchdog.
   */
  private publish(): void {
    const text = JSON.stringify([...this.running]);
    const { read, written } = this.encoder.encodeInto(text, this.runningText);
    Atomics.store(this.runningLength, 0, read === text.length ? written : 0);
  }

  async stop(): Promise<void> {
    clearInterval(this.ticking);
    await this.thread.terminate();
  }
}

/** The shared space for the running jobs' keys (`<prefix>:<queue>:<id>`, some 60 bytes each). */
const RUNNING_BYTES = 64 * 1024;

/** The Redis key of a job's marker: its run blocked the event loop of its process. */
export const blockedLoopKey = (queueKey: string, jobId: string) => `${queueKey}:${jobId}:blocked-loop`;

export interface BlockedLoopMarker {
  /** How long the loop had been blocked when the job was marked (at least JOB_LOCK_MS). */
  blockedMs: number;
  at: string;
  host: string;
  pid: number;
}

/**
 * The watchdog thread, plain JavaScript run from a string (no build step, no TypeScript loader, the same
 * under jest, `npm start` and the image): every 250 ms it reads the event loop's clock, and marks the
 * jobs running once the loop has been silent for `blockedMs`, once per job.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { clock, runningText, runningLength, blockedMs, host, pid } = workerData;
const marked = new Set();
const decoder = new TextDecoder();
// The jobs running now, as the event loop last wrote them (LoopWatchdog.publish); read only while it is blocked.
const running = () => {
  const length = Atomics.load(runningLength, 0);
  if (length === 0) return [];
  try {
    return JSON.parse(decoder.decode(runningText.slice(0, length)));
  } catch {
    return [];
  }
};
let redis;
// A process stopped as a whole (SIGSTOP, a paused VM, a starved machine) stops this thread too: when its
// own timer comes late, the loop's silence is counted from the resumption, not blamed on a job.
let ownLast = Date.now();
let resumedAt = 0;
setInterval(() => {
  const now = Date.now();
  if (now - ownLast > 1000) resumedAt = now;
  ownLast = now;
  const silent = now - Math.max(clock[0], resumedAt);
  if (silent < blockedMs) {
    // The loop runs: a job marked during a block that it lived through may be marked again at the next.
    marked.clear();
    return;
  }
  const unmarked = running().filter((key) => !marked.has(key));
  if (unmarked.length === 0) return;
  if (!redis) {
    // Loaded only when first needed: most processes never block.
    const Redis = require(workerData.ioredis);
    redis = new Redis(workerData.redisUrl, { maxRetriesPerRequest: 2 });
    redis.on('error', () => undefined);
  }
  const value = JSON.stringify({ blockedMs: silent, at: new Date().toISOString(), host, pid });
  for (const key of unmarked) {
    marked.add(key);
    redis.set(key + ':blocked-loop', value, 'EX', 7 * 24 * 3600).catch(() => marked.delete(key));
  }
}, 250);
`;
