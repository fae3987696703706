import fs from 'node:fs/promises';

/** Removes the temporary DATA_DIR the shop ran on. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('shop-e2e-')) await fs.rm(dir, { recursive: true, force: true });
}
