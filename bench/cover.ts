// Times the local illustrator on a 12 MP phone photo, the way the server handles an upload: clean the
// photo, then make the hero cover (photo check + painting + type). Prints one JSON line.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalIllustrator } from '../src/server/adapters/illustrator/local';
import { cleanPhoto } from '../src/server/modules/uploads/photo';

const RUNS = Number(process.env.BENCH_COVER_RUNS ?? 5);
const require = createRequire(import.meta.url);
const sample = path.join(
  path.dirname(require.resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample2.jpg',
);

const photo12mp = await sharp(await fs.readFile(sample))
  .resize(4000, 3000, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toBuffer();
const illustrator = createLocalIllustrator();
let peakRss = process.memoryUsage().rss;
const timer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

// The first cover also loads the detection model; it is reported apart.
const times: number[] = [];
let firstMs = 0;
for (let run = 0; run <= RUNS; run++) {
  const started = performance.now();
  const cleaned = await cleanPhoto(photo12mp);
  const square = await sharp(cleaned.data)
    .resize(1200, 1200, { fit: 'cover' })
    .jpeg({ quality: 95 })
    .toBuffer();
  const result = await illustrator.generateCover({
    kind: 'hero_generation',
    photo: square,
    name: 'Mia',
    language: 'en',
  });
  if (!result.ok) throw new Error(`cover failed: ${result.code}`);
  const elapsed = performance.now() - started;
  if (run === 0) firstMs = elapsed;
  else times.push(elapsed);
}
clearInterval(timer);
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    photoMegapixels: 12,
    runs: RUNS,
    firstCoverMs: Math.round(firstMs),
    medianCoverMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  }),
);
