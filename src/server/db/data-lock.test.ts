import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDir, lockFileOf } from './data-lock';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const folders: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const tempDir = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  folders.push(folder);
  return folder;
};

/** A pid no process has any more: a child that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the embedded database lock (one process owns DATA_DIR/db)', () => {
  it('is taken, counted within the process, and removed when the last user closes', () => {
    const dataDir = tempDir();
    const first = lockDataDir(dataDir);
    const second = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(process.pid));
    first();
    first();
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(true);
    second();
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('takes over a lock left by a process that died, and refuses one a live process holds', () => {
    const dataDir = tempDir();
    fs.writeFileSync(lockFileOf(dataDir), `${deadPid()}\n`);
    lockDataDir(dataDir)();

    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    fs.writeFileSync(lockFileOf(dataDir), `${holder.pid}\n`);
    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DatabaseLockedError);
    expect((refused as Error).message).toContain(`pid ${holder.pid}`);
    expect((refused as Error).message).toContain('Stop the shop first');
    expect((refused as Error).message).toContain('DATABASE_URL');
    // The holder's lock is left as it was.
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(holder.pid));
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const admin = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

// Two processes on one embedded folder: only the PGlite pass (on PostgreSQL both may connect).
describe.runIf(process.env.TEST_DB_DRIVER !== 'pg')('two processes on one embedded database', () => {
  it('refuses `npm run admin -- grant` while the shop runs, saying what to do, and changes nothing', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        WORKER: 'off',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CLIENT_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(shop);
    let output = '';
    shop.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    shop.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const started = Date.now();
    while (!output.includes('shop ready on')) {
      if (shop.exitCode !== null || Date.now() - started > 120_000)
        throw new Error(`the shop did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(shop.pid));

    const refused = admin(dataDir, 'grant', 'someone@example.com');
    expect(refused.status).toBe(1);
    expect(refused.stdout).not.toContain('is now an operator');
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(refused.stderr).toContain(`in use by another process (pid ${shop.pid}`);
    expect(refused.stderr).toContain('Stop the shop first');

    // The shop is untouched and still answers.
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => shop.once('exit', (code) => resolve(code)));
    shop.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);

    // With the shop stopped the command reaches the database (no such account there yet).
    const after = admin(dataDir, 'grant', 'someone@example.com');
    expect(after.stderr).toContain('No account with the e-mail someone@example.com');
    expect(after.stderr).not.toContain('in use by another process');
  }, 200_000);
});
