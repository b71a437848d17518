import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { processAlive } from './processes';

/** Another live process (a second `npm start`, `npm run org`, …) owns the embedded PostgreSQL's data directory. */
export class EmbeddedPostgresBusyError extends Error {
  constructor(
    readonly ownerPid: number,
    dataDir: string,
    lockPath: string,
  ) {
    super(
      `Another Fabquote process (pid ${ownerPid}) is using the embedded PostgreSQL in ${shown(dataDir)}: stop it first ` +
        `(Ctrl-C where it runs, or kill ${ownerPid}). A second copy needs its own EMBEDDED_POSTGRES_DIR, ` +
        `EMBEDDED_POSTGRES_PORT and PORT. If pid ${ownerPid} is no Fabquote process, delete ${shown(lockPath)}.`,
    );
    this.name = 'EmbeddedPostgresBusyError';
  }
}

export interface DataDirectoryLock {
  path: string;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

/**
 * Claims the embedded PostgreSQL's data directory for this process: `fabquote.pid` next to it holds
 * the owner's pid. A lock whose process is gone (a launcher killed with SIGKILL) is stale and taken
 * over; one whose process runs is refused with {@link EmbeddedPostgresBusyError}. The file is created
 * whole by a hard link, so nobody reads a half-written lock; a stale one is set aside by a rename,
 * which only one of two launchers racing for it can win.
 */
export function claimDataDirectory(dataDir: string): DataDirectoryLock {
  const path = join(dirname(dataDir), 'fabquote.pid');
  const release = () => {
    if (ownerOf(path) === process.pid) unlinkSync(path);
  };
  for (let round = 0; round < 5; round += 1) {
    const mine = `${path}.${process.pid}`;
    writeFileSync(mine, `${process.pid}\n${dataDir}\n`);
    try {
      linkSync(mine, path);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(mine);
    }
    const owner = ownerOf(path);
    if (owner !== undefined && processAlive(owner)) throw new EmbeddedPostgresBusyError(owner, dataDir, path);
    const aside = `${path}.stale.${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another launcher set it aside first
      throw error;
    }
    const moved = ownerOf(aside);
    if (moved !== owner && moved !== undefined && processAlive(moved)) {
      // Between reading and renaming, a faster launcher took the stale lock over: it is theirs.
      try {
        linkSync(aside, path);
      } finally {
        unlinkSync(aside);
      }
      throw new EmbeddedPostgresBusyError(moved, dataDir, path);
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not claim ${shown(path)}: other processes keep changing it`);
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A path as a person typed it: relative to the working directory when inside it. */
export function shown(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') ? `./${inside}` : path;
}
