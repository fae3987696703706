import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { renderCover, renderCoverParts } from './cover-art';

/**
 * Photos for the illustrator's tests (test support only). The real person comes from the sample
 * photos shipped in the `@vladmandic/face-api` npm package; the others are drawn here, with a fixed
 * pseudo-random texture so they look like photos (grain) and never change between runs.
 */

const require = createRequire(import.meta.url);

/** A sample photo of `@vladmandic/face-api` (1920 px wide group photos of adults). */
export function faceApiSample(n: 1 | 2 | 3 | 4 | 5 | 6): string {
  // The package's `main` lives in dist/; the samples are in demo/.
  let dir = path.dirname(require.resolve('@vladmandic/face-api'));
  while (path.basename(dir) !== 'face-api' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'demo', `sample${n}.jpg`);
}

/** A square JPEG crop around the middle person of sample1.jpg, as the wizard's cropper would send it. */
export async function personPhoto(): Promise<Buffer> {
  return sharp(faceApiSample(1))
    .extract({ left: 560, top: 180, width: 820, height: 820 })
    .resize(768, 768)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Film grain from a fixed seed, as a PNG to blend with `overlay`. */
async function grain(size: number, strength: number, seed: number): Promise<Buffer> {
  let state = seed >>> 0;
  const noise = Buffer.alloc(size * size);
  for (let i = 0; i < noise.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    noise[i] = 128 + Math.round((state / 4294967296 - 0.5) * strength);
  }
  return sharp(noise, { raw: { width: size, height: size, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

/** A sunny landscape with mountains and trees: no person in it. */
export async function landscapePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fa8e8"/><stop offset="1" stop-color="#cfe8f7"/></linearGradient></defs>
  <rect width="768" height="768" fill="url(#s)"/>
  <circle cx="610" cy="140" r="66" fill="#ffe680"/>
  <path d="M0 400 L150 230 L290 385 L430 190 L595 365 L768 250 V768 H0 Z" fill="#7d8fa8"/>
  <path d="M0 540 Q190 450 385 520 T768 500 V768 H0 Z" fill="#5d9b4a"/>
  <path d="M0 655 Q240 575 500 645 T768 625 V768 H0 Z" fill="#3f7d36"/>
  <rect x="115" y="540" width="14" height="58" fill="#5b3a1e"/><circle cx="122" cy="520" r="38" fill="#2f6b2a"/>
  <rect x="575" y="578" width="14" height="58" fill="#5b3a1e"/><circle cx="582" cy="556" r="44" fill="#2f6b2a"/>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await grain(768, 60, 99), blend: 'overlay' }])
    .blur(1)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The teddy's fur and its muzzle's, as `teddyPhoto` and `busyToyPhoto` paint them. */
export const TEDDY_FUR = { fur: '#a86b3c', light: '#e2c09a' } as const;
export type TeddyColours = { fur: string; light: string };

/** A plush bear sitting on a striped blanket, drawn with a fur-like grain (`colours`: its fur's). */
export async function teddyPhoto(colours: TeddyColours = TEDDY_FUR): Promise<Buffer> {
  const stripes = Array.from(
    { length: 10 },
    (_, i) => `<rect x="0" y="${i * 77}" width="768" height="38" fill="#a9c8e0"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="#bcd7ea"/>${stripes}${teddy(colours)}
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await grain(768, 90, 12345), blend: 'overlay' }])
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The same bear held up in front of a busy street (issue 30: such photos became a grey or black
 * blob): asphalt, kerbs, shop fronts, cars, signs and passers-by in many colours, greys and blacks
 * among them, all around the toy and behind it. `seed` varies the street; `size` is the bear's scale
 * (1 fills the frame as in `teddyPhoto`).
 */
export async function busyToyPhoto(seed = 1, size = 0.8, bear: TeddyColours = TEDDY_FUR): Promise<Buffer> {
  let state = (seed * 2654435761) >>> 0;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const street = ['#3a3a3d', '#6b6b70', '#9a9aa0', '#1c1c1e', '#c9c9cc', '#d64541', '#2f6fb5', '#f2c230'];
  const more = ['#3f8f4a', '#e07b39', '#8e44ad', '#f5f5f0', '#5a3b2a', '#e88fb0', '#14a3a3', '#b0322c'];
  const colours = [...street, ...more];
  const pick = () => colours[Math.floor(random() * colours.length)]!;
  const shapes: string[] = ['<rect width="800" height="800" fill="#58585c"/>'];
  for (let i = 0; i < 90; i++) {
    const x = Math.round(random() * 800);
    const y = Math.round(random() * 800);
    const w = Math.round(30 + random() * 200);
    const h = Math.round(20 + random() * 160);
    shapes.push(
      random() < 0.6
        ? `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${Math.round(random() * 20)}" fill="${pick()}"/>`
        : `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${pick()}"/>`,
    );
  }
  // Lines of a zebra crossing and a window's frames, as streets have.
  for (let i = 0; i < 8; i++)
    shapes.push(`<rect x="${i * 100 + 10}" y="700" width="50" height="100" fill="#ececec"/>`);
  const offset = (800 * (1 - size)) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768" viewBox="0 0 800 800">${shapes.join('')}
  <g transform="translate(${offset} ${offset}) scale(${size})">${teddy(bear)}</g>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await grain(768, 90, 777 + seed), blend: 'overlay' }])
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The bear of the test photos, in an 800 x 800 frame. */
function teddy({ fur, light }: TeddyColours): string {
  return `<ellipse cx="400" cy="560" rx="190" ry="200" fill="${fur}"/>
  <ellipse cx="400" cy="590" rx="110" ry="120" fill="${light}"/>
  <circle cx="230" cy="470" r="70" fill="${fur}"/><circle cx="570" cy="470" r="70" fill="${fur}"/>
  <circle cx="270" cy="730" r="75" fill="${fur}"/><circle cx="530" cy="730" r="75" fill="${fur}"/>
  <circle cx="270" cy="740" r="42" fill="${light}"/><circle cx="530" cy="740" r="42" fill="${light}"/>
  <circle cx="260" cy="150" r="70" fill="${fur}"/><circle cx="540" cy="150" r="70" fill="${fur}"/>
  <circle cx="260" cy="150" r="38" fill="${light}"/><circle cx="540" cy="150" r="38" fill="${light}"/>
  <circle cx="400" cy="270" r="170" fill="${fur}"/>
  <ellipse cx="400" cy="330" rx="80" ry="62" fill="${light}"/>
  <ellipse cx="400" cy="305" rx="28" ry="20" fill="#2b1a10"/>
  <path d="M400 325 V350 M370 360 Q400 380 430 360" stroke="#2b1a10" stroke-width="7" fill="none" stroke-linecap="round"/>
  <circle cx="335" cy="235" r="18" fill="#1a1010"/><circle cx="465" cy="235" r="18" fill="#1a1010"/>
  <circle cx="341" cy="229" r="6" fill="#fff"/><circle cx="471" cy="229" r="6" fill="#fff"/>
  <path d="M300 430 Q400 470 500 430 L480 470 Q400 500 320 470 Z" fill="#d2415a"/>`;
}

/** A plain single-colour picture: neither a person nor a toy. */
export async function flatPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 768, height: 768, channels: 3, background: '#d8c8b0' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Bytes that no image decoder accepts. */
export const GARBAGE = Buffer.from(
  'this is not a photo, just some bytes \u0000\u0001\u0002 from a broken upload',
);

/** A hero cover as the local illustrator draws it, from `personPhoto` (no detection model needed). */
export async function heroCover(): Promise<Buffer> {
  return (await heroCoverParts()).image;
}

/** The hero cover and its art without the words (what the print-size drawing keeps beside it). */
export async function heroCoverParts(size?: number): Promise<{ image: Buffer; art: Buffer }> {
  const parts = await renderCoverParts(
    {
      theme: 'hero',
      title: 'Mia',
      subtitle: 'and the Night Guardian',
      imprint: 'A Cuddle Tales story',
      photo: await personPhoto(),
      seed: 1,
      size,
    },
    { art: true },
  );
  if (!parts.art) throw new Error('no art');
  return { image: parts.image, art: parts.art };
}

/** A plush toy cover as the local illustrator draws it, from `teddyPhoto`. */
export async function toyCover(): Promise<Buffer> {
  return renderCover({
    theme: 'toy',
    title: 'Teddy,',
    subtitle: 'the Night Guardian',
    imprint: 'A Cuddle Tales story',
    photo: await teddyPhoto(),
    seed: 2,
  });
}
