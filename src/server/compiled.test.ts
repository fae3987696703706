import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findProjectRoot, PROJECT_ROOT } from './paths';

// `npm start` runs the server from the bundle `npm run build:server` makes (build/server), not from
// its TypeScript. The bundle sits elsewhere than the source, so this builds one into a folder of its
// own and starts it: migrations, the catalogue and the client's pages must all be found from there.
const outDir = path.join(PROJECT_ROOT, 'build', `test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compiled-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('the compiled server', () => {
  it('finds the project from any folder under it, and says so when there is none', () => {
    expect(findProjectRoot(path.join(PROJECT_ROOT, 'build', 'server'))).toBe(PROJECT_ROOT);
    expect(() => findProjectRoot(path.parse(PROJECT_ROOT).root)).toThrow(/No package.json above/);
  });

  it('starts from its bundle and serves the catalogue and the shop', { timeout: 120_000 }, async () => {
    const script = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts[
      'build:server'
    ] as string;
    const words = script.split(' ');
    const args = words
      .slice(words.indexOf('esbuild') + 1)
      .map((arg) => (arg.startsWith('--outdir=') ? `--outdir=${outDir}` : arg));
    execFileSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'esbuild'), args, { cwd: PROJECT_ROOT });
    const clientDir = path.join(dataDir, 'client');
    fs.mkdirSync(clientDir);
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');

    const port = await freePort();
    server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(dataDir, 'data'),
        CLIENT_DIR: clientDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      const ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (server.exitCode !== null || Date.now() - started > 100_000) throw new Error(`not ready: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const themes = await fetch(`${base}/api/catalog/themes?type=storybook`);
    expect(themes.status).toBe(200);
    expect((await themes.json()).themes.map((theme: { id: string }) => theme.id)).toContain(
      'guardian-friend',
    );
    const wizard = await fetch(`${base}/wizard`);
    expect(wizard.status).toBe(200);
    expect(await wizard.text()).toContain('<div id="root">');
  });
});
