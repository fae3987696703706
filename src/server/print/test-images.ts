import sharp from 'sharp';

// Pictures for the print tests, drawn with sharp from SVG: no files, no fonts, any size.

const PALETTES = [
  ['#ffb347', '#ff6f91', '#ffe066'],
  ['#6dd5ed', '#2193b0', '#f9f871'],
  ['#a8e063', '#56ab2f', '#ffffff'],
  ['#c471f5', '#fa71cd', '#fff3b0'],
] as const;

/** A colourful "illustration": a gradient sky, a sun, hills, a little house. */
export function makeStoryImage(
  size: number,
  { seed = 0, format = 'png', width = size }: { seed?: number; format?: 'png' | 'jpeg'; width?: number } = {},
): Promise<Buffer> {
  const [from, to, sun] = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  const w = width;
  const h = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 100 100" preserveAspectRatio="none">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100" height="100" fill="url(#sky)"/>
  <circle cx="${25 + ((seed * 13) % 50)}" cy="24" r="11" fill="${sun}"/>
  <path d="M0 70 Q 25 55 50 70 T 100 68 V 100 H 0 Z" fill="#3c9d5d"/>
  <path d="M0 82 Q 30 72 60 84 T 100 80 V 100 H 0 Z" fill="#2e7d4a"/>
  <rect x="58" y="56" width="18" height="16" fill="#fff1d6"/><path d="M55 57 L67 46 L79 57 Z" fill="#d9534f"/>
  <rect x="65" y="63" width="5" height="9" fill="#8a5a44"/>
  <rect x="1" y="1" width="98" height="98" fill="none" stroke="#ffffff" stroke-width="0.6"/>
</svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'png' ? image.png() : image.jpeg({ quality: 92 })).toBuffer();
}

/** Black line art on white, as the coloring book's pages are. */
export function makeLineArt(size: number, { seed = 0 }: { seed?: number } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#ffffff"/>
  <g fill="none" stroke="#000000" stroke-width="0.8" stroke-linejoin="round">
    <circle cx="${30 + (seed % 5) * 8}" cy="25" r="10"/>
    <path d="M5 75 Q 30 55 55 72 T 95 70"/>
    <rect x="55" y="45" width="25" height="22"/><path d="M51 46 L67.5 32 L84 46 Z"/>
    <rect x="63" y="55" width="8" height="12"/>
    <path d="M15 90 C 25 80 35 95 45 88 S 70 80 85 92"/>
    <rect x="2" y="2" width="96" height="96"/>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
