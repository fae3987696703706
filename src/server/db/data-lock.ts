import fs from 'node:fs';
import path from 'node:path';
import { processIsAlive } from '../process-alive';

/**
 * One process owns the embedded database (README "Background jobs"; issue 36): PGlite keeps its
 * data folder in the memory of the process that opened it, so a second process on the same folder
 * would write into files the first one does not read again (the change is lost, or the folder
 * broken). The owner writes its pid in `DATA_DIR/db.lock`; a second process finds a live pid there
 * and is refused with what to do. A lock left by a process that died is taken over. Within one
 * process the lock is counted, so tests that open the same folder twice still work.
 */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by another process (pid ${ownerPid}, ` +
        'most likely the running shop). Only one process may open it at a time. Stop the shop first ' +
        '(then run this again and start the shop afterwards), or run both on PostgreSQL with the same ' +
        `DATABASE_URL. If no shop is running, delete ${lockFile}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

const held = new Map<string, number>();

/** The lock file of the embedded database in `dataDir`. */
export function lockFileOf(dataDir: string): string {
  return path.join(dataDir, 'db.lock');
}

function readOwner(file: string): number | undefined {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of the embedded database in `dataDir` for this process, or throws
 * `DatabaseLockedError` when a live process holds it. Returns the function that gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const count = held.get(file) ?? 0;
  if (count > 0) {
    held.set(file, count + 1);
    return once(() => release(file));
  }
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.set(file, 1);
      hookExit();
      return once(() => release(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    // A file being written this instant reads empty: look again before taking it over.
    if (owner === undefined || Number.isNaN(owner)) {
      if (attempt === 0) {
        sleep(50);
        continue;
      }
    } else if (owner !== process.pid && processIsAlive(owner)) {
      throw new DatabaseLockedError(file, owner);
    }
    // Stale (its process died, or an earlier run of this very pid): taken over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file} of the embedded database.`);
}

let exitHooked = false;
/** A process that ends without closing its database leaves no lock behind. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const file of held.keys()) removeIfOurs(file);
  });
}

function release(file: string): void {
  const count = (held.get(file) ?? 0) - 1;
  if (count > 0) {
    held.set(file, count);
    return;
  }
  held.delete(file);
  removeIfOurs(file);
}

function removeIfOurs(file: string): void {
  if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
