// Helpers the server benches share: autocannon in a process of its own, free ports, waiting for a
// server, stopping it, and the CPU and peak memory of a whole process tree from /proc (Linux).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export type LoadFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  requestsSent: number;
};

type LoadSpec = {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
};

/** GETs `url` with autocannon in a child process, so it shares no event loop with the bench. */
export function load(spec: LoadSpec): Promise<LoadFigures> {
  return inChildProcess<LoadFigures>(import.meta.filename, spec);
}

/** Runs Node with `args` in a child process and answers the JSON on the last line it prints. */
export function lastJsonLine<T>(args: string[], name: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T)
        : reject(new Error(`${name} exited ${code}`)),
    );
  });
}

/**
 * Runs `script --load <spec file>` in a child process (the load generator, apart from the shop's and
 * the bench's event loops) and answers the JSON on the last line it prints.
 */
export async function inChildProcess<T>(script: string, spec: unknown): Promise<T> {
  const specFile = path.join(os.tmpdir(), `shop-bench-load-${randomBytes(6).toString('hex')}.json`);
  await fs.writeFile(specFile, JSON.stringify(spec));
  try {
    return await lastJsonLine<T>(['--import', 'tsx', script, '--load', specFile], 'the load process');
  } finally {
    await fs.rm(specFile, { force: true });
  }
}

async function loadMain(specFile: string) {
  const spec = JSON.parse(await fs.readFile(specFile, 'utf8')) as LoadSpec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.headers ? { headers: spec.headers } : {}),
  });
  const figures: LoadFigures = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    requestsSent: result.requests.sent,
  };
  console.log(JSON.stringify(figures));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]!
    : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 10) / 10;
};

/** The pids of a process and all its descendants, from /proc (empty where /proc is missing). */
export async function processTree(pid: number): Promise<number[]> {
  try {
    const children = (await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'))
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return [pid, ...(await Promise.all(children.map(processTree))).flat()];
  } catch {
    return [];
  }
}

/**
 * CPU time (user + system, ms) a process and its living descendants have used so far, plus what its
 * waited-for children used (cutime/cstime): per request it depends far less on how busy the shared
 * machine is than the rates do (Linux only; 0 elsewhere).
 */
export async function cpuMs(pid: number): Promise<number> {
  let total = 0;
  for (const each of await processTree(pid)) {
    try {
      const stat = await fs.readFile(`/proc/${each}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime (fields 14-17 of proc(5)), in clock ticks of 1/100 s.
      total +=
        ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Samples the summed resident memory (MB) of a process and all its descendants every `everyMs`
 * until stopped; answers the highest sum seen. The kernel's own peak (VmHWM) is per process and
 * its children's peaks come at other moments, so the tree's peak is sampled (issue 37).
 */
export function treeMemorySampler(pid: number, everyMs = 100) {
  let peakMb = 0;
  let running = true;
  const sample = async () => {
    let kb = 0;
    for (const each of await processTree(pid)) {
      try {
        const status = await fs.readFile(`/proc/${each}/status`, 'utf8');
        kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        // ended meanwhile
      }
    }
    peakMb = Math.max(peakMb, Math.round(kb / 1024));
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await loop;
      return peakMb;
    },
  };
}

// Only when this file is the script run: bench/orders.ts imports it and has its own `--load`.
if (process.argv[2] === '--load' && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await loadMain(process.argv[3]!);
  process.exit(0);
}
