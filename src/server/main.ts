// The shop's entry (`npm start`). On an embedded shop's first start, PGlite's initdb runs in a child
// process (db/pglite-folder.ts) before this process loads the shop's modules, so the two never hold
// their memory at the same moment (issue 37: initdb's child alone peaks near 850 MB; beside a loaded
// server the whole process tree went over 1 GB). Then the shop itself (shop.ts). A configuration
// error is left to shop.ts to report.
import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig } from './config';
import { createPgliteFolder } from './db/pglite-folder';

if (cluster.isPrimary) {
  try {
    const config = loadConfig();
    if (!config.databaseUrl) await createPgliteFolder(path.join(config.dataDir, 'db'));
  } catch {
    // shop.ts reads the configuration again and opens the database, and says what is wrong
  }
}
await import('./shop');
