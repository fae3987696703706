import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logFormat } from './logger';

const root = path.resolve(import.meta.dirname, '../..');

/** Logs one request line and one line with a password through the shop's logger in a child process. */
function logTwoLines(env: Record<string, string>) {
  const script = [
    "import { loadConfig } from './src/server/config.ts';",
    "import { createLogger } from './src/server/services.ts';",
    'const log = createLogger(loadConfig(process.env));',
    "log.info({ method: 'GET', path: '/api/books', status: 200, ms: 4 }, 'request');",
    "log.warn({ user: { password: 'hunter2-secret' } }, 'sign-in refused');",
  ].join('\n');
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/node'),
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split('\n');
}

describe('the shop log', () => {
  it('writes readable lines in a terminal and JSON lines into a pipe or file', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ logFormat: 'json' }, true)).toBe('json');
    expect(logFormat({ logFormat: 'pretty' }, false)).toBe('pretty');
  });

  it('reads a request as one short line when pretty, and still hides passwords', () => {
    const lines = logTwoLines({ LOG_FORMAT: 'pretty' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request GET \/api\/books 200 4 ms$/);
    expect(lines[1]).toContain('WARN: sign-in refused');
    expect(lines[1]).not.toContain('hunter2-secret');
  });

  it('writes one JSON object per line when asked, without the password', () => {
    const lines = logTwoLines({ LOG_FORMAT: 'json' });
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/books', status: 200 });
    expect(entries[1].user.password).toBe('[redacted]');
  });
});
