import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` runs. A zombie (exited, not yet reaped: an orphan whose new parent never
 * reaps, as in some containers) counts as gone.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (PostgreSQL runs as `postgres` under root, for one).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProc(pid, 'stat');
  return stat === undefined || stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** The program name of `pid` (Linux /proc), or undefined where that cannot be read. */
export function processName(pid: number): string | undefined {
  return readProc(pid, 'comm')?.trim();
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Waits until process `pid` is gone; false if it still runs after `timeoutMs`. */
export async function processGone(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; processAlive(pid); ) {
    if (Date.now() > deadline) return false;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return true;
}
