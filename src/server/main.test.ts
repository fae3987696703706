import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts the server with only these settings and waits for it to stop (a bad setting stops it). */
function startServer(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('starting the server', () => {
  it('stops with a message naming PORT when PORT is bad, before touching any data', () => {
    const result = startServer({
      PATH: process.env.PATH,
      PORT: 'abc',
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The shop cannot start. Invalid configuration:');
    expect(result.stderr).toContain('PORT: expected a whole number between 0 and 65535 (got "abc")');
  });

  it('refuses to start a live shop on the embedded defaults and names each missing setting', () => {
    const result = startServer({
      PATH: process.env.PATH,
      SHOP_MODE: 'live',
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The shop cannot start. Invalid configuration:');
    for (const name of ['PAYMENTS', 'SMTP_URL', 'PRINTER', 'PUBLIC_URL'])
      expect(result.stderr).toContain(`  - ${name}: expected`);
  });
});
