import fs from 'node:fs/promises';

/** Removes the temporary DATA_DIRs the shops ran on. */
export default async function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_LULU_DATA_DIR]) {
    if (dir?.includes('shop-e2e-')) await fs.rm(dir, { recursive: true, force: true });
  }
}
