import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder: the nearest one above this file holding package.json. The same whether the
 * server runs from its TypeScript source (src/server, under tsx in development and tests) or from
 * the compiled bundle (build/server, `npm start`), so files read at run time are found from either.
 */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** Files the server reads at run time (migrations, stories, models) stay beside its source. */
export const SERVER_SOURCE = path.join(PROJECT_ROOT, 'src', 'server');
