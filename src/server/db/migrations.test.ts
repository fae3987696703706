import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

// The committed migrations are what every database runs: they must hold everything schema.ts says
// (columns, indexes, and the CHECKs built from the shared status lists). drizzle-kit compares the
// schema with the last snapshot, on a copy, so nothing in the tree changes.
it('the committed migrations match schema.ts (drizzle-kit finds nothing to generate)', async () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  try {
    await fs.cp(path.join(root, 'src/server/db/migrations'), path.join(scratch, 'migrations'), {
      recursive: true,
    });
    const config = path.join(scratch, 'drizzle.config.json');
    await fs.writeFile(
      config,
      JSON.stringify({
        dialect: 'postgresql',
        // drizzle-kit reads these relative to the working directory.
        schema: 'src/server/db/schema.ts',
        out: path.relative(root, path.join(scratch, 'migrations')),
      }),
    );
    const { stdout } = await run(
      process.execPath,
      [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', `--config=${config}`],
      { cwd: root, timeout: 60_000 },
    );
    expect(stdout).toContain('No schema changes');
    expect(await fs.readdir(path.join(scratch, 'migrations'))).toEqual(
      await fs.readdir(path.join(root, 'src/server/db/migrations')),
    );
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}, 90_000);
