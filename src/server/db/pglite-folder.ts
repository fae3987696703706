import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_SOURCE } from '../paths';

/**
 * The first start makes the embedded database folder in a child process (initdb's memory leaves
 * with it), in a folder of its own that is then renamed into place, so two processes starting at
 * once (the shop and a worker) never both initialise `db/`. Later starts find it made.
 */
export async function createPgliteFolder(folder: string): Promise<void> {
  const made = async () =>
    fs.access(path.join(folder, 'PG_VERSION')).then(
      () => true,
      () => false,
    );
  if (await made()) return;
  await fs.mkdir(path.dirname(folder), { recursive: true });
  const scratch = `${folder}.init-${process.pid}-${Date.now()}`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [CREATE_PGLITE_SCRIPT, scratch], (error) =>
      error ? reject(error) : resolve(),
    );
  });
  // An empty `db/` (an older shop made it before this) is replaced; a made one is kept.
  if (!(await made())) {
    await fs.rmdir(folder).catch(() => {});
    await fs.rename(scratch, folder).catch(async (error) => {
      if (!(await made())) throw error;
    });
  }
  await fs.rm(scratch, { recursive: true, force: true });
}

const CREATE_PGLITE_SCRIPT = path.join(SERVER_SOURCE, 'db', 'create-pglite.mjs');
