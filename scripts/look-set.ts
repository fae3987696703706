// `npx tsx scripts/look-set.ts <out-dir>`: cuts every face out of the sample photos shipped in the
// face-model packages (test/fixtures/look-set/LICENCES.md lists them) as the wizard's cropper would
// send a portrait: the face in the middle with room for the hair around it, 480 px square JPEGs.
// Used once to build the labelled set; kept so the set can be rebuilt and extended.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '@vladmandic/human';
import sharp from 'sharp';
import { faceModules, HUMAN_BASE, loadHuman } from '../src/server/adapters/illustrator/photo-check';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => {
  let dir = path.dirname(require.resolve(name));
  while (!dir.endsWith(name.split('/')[1]!) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
};

export const LOOK_SET_SOURCES: { pkg: string; file: string }[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ pkg: '@vladmandic/face-api', file: `demo/sample${n}.jpg` })),
  { pkg: '@vladmandic/human', file: 'assets/samples.jpg' },
];

async function main() {
  const out = process.argv[2] ?? 'test/fixtures/look-set';
  await fs.mkdir(out, { recursive: true });
  const human = await loadHuman({
    ...HUMAN_BASE,
    face: faceModules({ maxDetected: 40, minConfidence: 0.5 }),
  } as Partial<Config>);
  for (const source of LOOK_SET_SOURCES) {
    const file = path.join(packageDir(source.pkg), source.file);
    const { data, info } = await sharp(file)
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = human.tf.tensor4d(data, [1, info.height, info.width, 3], 'int32');
    const result = await human.detect(input);
    human.tf.dispose(input);
    const stem = `${source.pkg.split('/')[1]}-${path.basename(source.file, '.jpg')}`;
    let n = 0;
    for (const face of [...result.face].sort((a, b) => a.box[0] - b.box[0])) {
      const [x, y, w, h] = face.box;
      if (w < 60) continue; // too small to read eyes from
      const side = Math.round(Math.max(w, h) * 2.2);
      const cx = x + w / 2;
      const cy = y + h / 2 + h * 0.1;
      const left = Math.max(0, Math.round(cx - side / 2));
      const top = Math.max(0, Math.round(cy - side / 2));
      const width = Math.min(side, info.width - left);
      const height = Math.min(side, info.height - top);
      n++;
      const name = `${stem}-${n}.jpg`;
      await sharp(file)
        .rotate()
        .extract({ left, top, width, height })
        .resize(480, 480, { fit: 'contain', background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toFile(path.join(out, name));
      console.log(name, Math.round(w), face.score.toFixed(2));
    }
  }
}

void main();
