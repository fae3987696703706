import fs from 'node:fs';

/**
 * The node arguments that start the shop's server or worker in a bench. `npm run bench` builds first
 * and sets BENCH_SERVER=build, so the benches measure what `npm start` runs (build/server, compiled
 * JavaScript); a bench started on its own (`npx tsx bench/x.ts`) runs the TypeScript, always current.
 */
export function serverArgs(entry: 'main' | 'worker'): string[] {
  const compiled = `build/server/${entry}.js`;
  if (process.env.BENCH_SERVER === 'build') {
    if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run npm run build first`);
    return ['--enable-source-maps', compiled];
  }
  return ['--import', 'tsx', `src/server/${entry}.ts`];
}
