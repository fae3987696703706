// Enforces the client's import direction (docs/style.md): shared -> features -> routes. A feature does
// not import another feature, and nothing outside `routes/` (and the router) imports a route.
// On the server, adapters are leaves: nothing under `adapters/` imports the shop's modules, jobs
// or database (what an adapter needs of the shop comes in as ports from src/server/services.ts).
// Biome checks the shared/client/server direction; relative paths between features need a resolver.
// On the server, db/ and adapters/ import nothing of the layers above them (modules, jobs, plugins,
// book, storefront, the app's own files), and no two server folders (each module of modules/ on its
// own) import each other, directly or round a circle (issue 29).
// It also refuses client import circles that pass through a lazy `import()`: Biome's noImportCycles
// sees only static imports, and a lazy chunk that imports its loader back drags the loader into it.
import fs from 'node:fs';
import path from 'node:path';

const clientRoot = path.resolve('src/client');
const featuresRoot = path.join(clientRoot, 'features');
const routesRoot = path.join(clientRoot, 'routes');
const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(folder: string): Generator<string> {
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const featureOf = (file: string) => {
  const relative = path.relative(featuresRoot, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

const adaptersRoot = path.resolve('src/server/adapters');
const shopInternals = ['modules', 'jobs', 'db'].map((folder) => path.resolve('src/server', folder));

/** The adapter-leaf problems of one server file (tests may wire real modules around an adapter). */
export function findAdapterProblems(file: string, source: string): string[] {
  if (!file.startsWith(adaptersRoot + path.sep) || /\.test\.ts$/.test(file)) return [];
  const problems: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const internal = shopInternals.find(
      (folder) => target === folder || target.startsWith(folder + path.sep),
    );
    if (internal) {
      problems.push(
        `${path.relative('.', file)}: an adapter imports ${path.relative('.', internal)} (${specifier}); pass what it needs in from src/server/services.ts`,
      );
    }
  }
  return problems;
}

/** The import-direction problems of one file, as printable lines. */
export function findProblems(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const from = featureOf(file);
    const to = featureOf(target);
    if (from && to && from !== to) {
      problems.push(
        `${path.relative('.', file)}: feature "${from}" imports feature "${to}" (${specifier}); move what both need to components/ or src/shared`,
      );
    }
    const importsRoute = target.startsWith(routesRoot + path.sep);
    const isRouteOrRouter =
      file.startsWith(routesRoot + path.sep) || file === path.join(clientRoot, 'router.tsx');
    if (importsRoute && !isRouteOrRouter) {
      problems.push(
        `${path.relative('.', file)}: imports a route (${specifier}); routes compose features, not the other way round`,
      );
    }
  }
  return problems;
}

// `import type` disappears at build time, so it cannot close a circle.
const runtimeImportPattern =
  /(?:import|export)\s(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSource(from: string, specifier: string, exists: (file: string) => boolean) {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end).find(exists);
}

/** Each import circle among the given sources (file -> text), once, as the files in order. */
export function findCycles(sources: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets: string[] = [];
    for (const match of source.matchAll(runtimeImportPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveSource(file, specifier, (candidate) => sources.has(candidate));
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }
  return cyclesOf(edges);
}

/** Each circle of a directed graph (node -> nodes it points at), once, as its nodes in order. */
export function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (done.has(file)) return;
    const at = trail.indexOf(file);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const key = [...cycle].sort().join('|');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push(cycle);
      }
      return;
    }
    for (const target of edges.get(file) ?? []) visit(target, [...trail, file]);
    done.add(file);
  };
  for (const file of edges.keys()) visit(file, []);
  return cycles;
}

/** The client's import circles, as printable lines. */
function clientCycleProblems(): string[] {
  const sources = new Map([...sourceFiles(clientRoot)].map((file) => [file, fs.readFileSync(file, 'utf8')]));
  return findCycles(sources).map((cycle) => {
    const names = [...cycle, cycle[0] ?? ''].map((file) => path.relative('.', file));
    return `import circle (lazy imports count): ${names.join(' -> ')}`;
  });
}

const serverRoot = path.resolve('src/server');
/**
 * The parts of the server whose imports must not go round in a circle: each folder (each module of
 * `modules/` on its own) and each file directly under src/server.
 */
export function serverUnitOf(file: string): string | undefined {
  const relative = path.relative(serverRoot, file);
  if (relative.startsWith('..')) return undefined;
  const parts = relative.split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0]?.replace(/\.tsx?$/, '');
}

/** The layers above the database and the adapters: they may import db/ and adapters/, never the reverse. */
const UPPER_UNITS = ['modules', 'jobs', 'plugins', 'book', 'storefront', 'app', 'services', 'main', 'worker'];
const isUpper = (unit: string) => UPPER_UNITS.includes(unit.split('/')[0] ?? '');

/** Imports from src/server/db/ or src/server/adapters/ up into the layers that use them. */
export function findLayerProblems(file: string, source: string): string[] {
  const from = serverUnitOf(file);
  if ((from !== 'db' && from !== 'adapters') || /\.test\.ts$/.test(file)) return [];
  const problems: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const to = serverUnitOf(path.resolve(path.dirname(file), specifier));
    if (to && isUpper(to)) {
      problems.push(
        `${path.relative('.', file)}: ${from}/ imports ${to} (${specifier}); ${from}/ sits below it, so move what both need down`,
      );
    }
  }
  return problems;
}

/**
 * The circles between the server's folders (type imports count: a circle of types is still two
 * parts that cannot be understood one without the other). Test files and their helpers are left out.
 */
export function findServerFolderCycles(sources: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, source] of sources) {
    const from = serverUnitOf(file);
    if (!from || /\.test\.ts$|test-factory\.ts$|test-fakes/.test(file)) continue;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const to = serverUnitOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from) targets.add(to);
    }
  }
  return cyclesOf(new Map([...edges].map(([unit, targets]) => [unit, [...targets]])));
}

/** The server's folder circles, as printable lines. */
function serverCycleProblems(): string[] {
  const sources = new Map([...sourceFiles(serverRoot)].map((file) => [file, fs.readFileSync(file, 'utf8')]));
  return findServerFolderCycles(sources).map(
    (cycle) => `server folders import each other: ${[...cycle, cycle[0]].join(' -> ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [
    ...[...sourceFiles(clientRoot)].flatMap((file) => findProblems(file, fs.readFileSync(file, 'utf8'))),
    ...[...sourceFiles(adaptersRoot)].flatMap((file) =>
      findAdapterProblems(file, fs.readFileSync(file, 'utf8')),
    ),
  ];
  problems.push(
    ...[...sourceFiles(serverRoot)].flatMap((file) => findLayerProblems(file, fs.readFileSync(file, 'utf8'))),
  );
  problems.push(...clientCycleProblems(), ...serverCycleProblems());
  if (problems.length > 0) {
    console.error(`Import direction broken:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
