/**
 * Draws the catalogue artwork (home hero and product slides, the guardian-friend theme gallery and
 * the book image) as SVG in code and renders it to WebP under public/catalog with sharp.
 * Deterministic: no clock, no unseeded randomness, no metadata, so a re-run gives identical bytes.
 *
 *   npx tsx scripts/make-artwork.ts            # every image
 *   npx tsx scripts/make-artwork.ts hero-1 …   # only the named scenes
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ARTWORK } from './artwork/catalog';
import { SCENES } from './artwork/scenes';
import { Doc } from './artwork/svg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');

/** Renders one scene's SVG to a WebP buffer at the given pixel size. */
export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 })
    .webp({ quality: 78, effort: 6, smartSubsample: true })
    .toBuffer();
}

async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2));
  for (const art of ARTWORK) {
    if (only.size > 0 && !only.has(art.scene)) continue;
    const draw = SCENES[art.scene];
    if (!draw) throw new Error(`No scene named ${art.scene}`);
    const doc = new Doc(art.width, art.height);
    const body = draw(doc);
    for (const out of art.outputs) {
      const file = path.join(publicDir, out.file);
      await mkdir(path.dirname(file), { recursive: true });
      const webp = await renderWebp(doc.render(body, out.width, out.height));
      await writeFile(file, webp);
      console.log(`${out.file}  ${out.width}x${out.height}  ${(webp.length / 1024).toFixed(1)} KB`);
    }
  }
}

await main();
