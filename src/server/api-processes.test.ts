import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { ConfigError, loadConfig } from './config';

const root = path.resolve(import.meta.dirname, '..', '..');
const PG_URL = 'postgres://shop@db.example:5432/shop';

describe('API_PROCESSES (decision 016)', () => {
  it('is 1 on the embedded database and one per core on PostgreSQL unless set', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ DATABASE_URL: PG_URL }).apiProcesses).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: PG_URL, API_PROCESSES: '3' }).apiProcesses).toBe(3);
    expect(loadConfig({ API_PROCESSES: '1' }).apiProcesses).toBe(1);
  });

  it('refuses more than one process on the embedded database, and values that are not a count', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ API_PROCESSES: '2' })).toEqual([
      'API_PROCESSES: expected 1 without DATABASE_URL (the embedded database belongs to one process) (got "2")',
    ]);
    expect(problems({ DATABASE_URL: PG_URL, API_PROCESSES: '0' })).toEqual([
      'API_PROCESSES: expected a whole number from 1 to 64 (got "0")',
    ]);
    expect(problems({ DATABASE_URL: PG_URL, API_PROCESSES: 'all' })).toEqual([
      'API_PROCESSES: expected a whole number from 1 to 64 (got "all")',
    ]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** One request on a connection of its own, so the cluster hands it to the next process. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Several processes need PostgreSQL (the embedded database belongs to one process), so this runs in
// the server:pg project only; the PGlite pass covers the one-process start through every other test.
describe.runIf(process.env.TEST_DB_DRIVER === 'pg')('the shop in several API processes', () => {
  it('starts two API processes on one port that both answer, and stops them all on SIGTERM', async () => {
    const { baseUrl } = inject('pgTemplate');
    const name = `shop_cluster_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cluster-'));
    const port = await freePort();
    let shop: ChildProcess | undefined;
    try {
      shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATABASE_URL: withDatabase(baseUrl, name),
          API_PROCESSES: '2',
          WORKER: 'off',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          CLIENT_DIR: dataDir,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: { pid?: number; msg?: string }[] = [];
      let stderr = '';
      shop.stderr?.on('data', (chunk) => {
        stderr += String(chunk);
      });
      let buffered = '';
      shop.stdout?.on('data', (chunk) => {
        buffered += String(chunk);
        const complete = buffered.split('\n');
        buffered = complete.pop() ?? '';
        for (const line of complete) {
          try {
            lines.push(JSON.parse(line));
          } catch {
            // not a log line
          }
        }
      });
      const started = Date.now();
      while (!lines.some((line) => line.msg?.startsWith('shop ready on'))) {
        if (shop.exitCode !== null || Date.now() - started > 150_000)
          throw new Error(`the shop did not start: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      for (let request = 0; request < 12; request++) {
        expect(await getOnNewConnection(`http://127.0.0.1:${port}/api/ready`)).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const apiPids = [
        ...new Set(lines.filter((line) => line.msg === 'api process ready').map((line) => line.pid!)),
      ];
      const answering = new Set(lines.filter((line) => line.msg === 'request').map((line) => line.pid!));
      expect(apiPids).toHaveLength(2);
      expect([...answering].sort()).toEqual([...apiPids].sort());
      expect(apiPids).not.toContain(shop.pid);

      const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));
      shop.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(apiPids.filter(alive)).toEqual([]);
      expect(
        lines
          .filter((line) => line.msg === 'shutting down')
          .map((line) => line.pid)
          .sort(),
      ).toEqual([shop.pid, ...apiPids].sort());
    } finally {
      if (shop && shop.exitCode === null) shop.kill('SIGKILL');
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 200_000);
});
