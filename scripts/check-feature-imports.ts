// Enforces the client's import direction (STYLE.md): shared -> features -> routes. A feature does
// not import another feature, and nothing outside `routes/` (and the router) imports a route.
// On the server, adapters are leaves: nothing under `adapters/` imports the shop's modules, jobs
// or database (what an adapter needs of the shop comes in as ports from src/server/services.ts).
// Biome checks the shared/client/server direction; relative paths between features need a resolver.
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [
    ...[...sourceFiles(clientRoot)].flatMap((file) => findProblems(file, fs.readFileSync(file, 'utf8'))),
    ...[...sourceFiles(adaptersRoot)].flatMap((file) =>
      findAdapterProblems(file, fs.readFileSync(file, 'utf8')),
    ),
  ];
  if (problems.length > 0) {
    console.error(`Import direction broken:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
