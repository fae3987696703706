/**
 * Tiny SVG toolkit for the catalogue artwork: palette, a seeded random source, a document
 * builder that hands out unique ids for gradients and clip paths, and a few shape helpers.
 * Everything is plain strings so a scene is just a function returning SVG markup.
 */

export const C = {
  ink: '#2e2a4f',
  inkSoft: '#5b5675',
  ink100: '#e9e6f3',
  cream50: '#fffdf8',
  cream: '#fff8ee',
  cream200: '#fff1df',
  cream300: '#fbe6cc',
  sand: '#eadcc8',
  sandDark: '#d9cbb8',
  coral100: '#fce3d8',
  coral300: '#f5a98f',
  coral500: '#f28c6f',
  coral: '#d9553a',
  coral600: '#c4492f',
  coral700: '#a83b24',
  honey: '#f6c36b',
  honeyLight: '#fbdc9c',
  amber: '#f3b04f',
  caramel: '#e3a56c',
  caramelDark: '#c98650',
  muzzle: '#fbe3c6',
  earPink: '#f6c7b4',
  cheek: '#f29c86',
  lavender100: '#ece7f7',
  lavender200: '#ddd4f1',
  lavender300: '#c7bbe6',
  lavender400: '#a596d4',
  night0: '#231f47',
  night1: '#2e2a5c',
  night2: '#413a7a',
  night3: '#5d5399',
  night4: '#8376bd',
  plum: '#4a3f7a',
  mint: '#bfe3cf',
  sky: '#cfe6f5',
  white: '#ffffff',
} as const;

/** Mulberry32: a small deterministic PRNG so star fields are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to 0.1 so the markup stays short and identical across runs. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

export type Stop = [offset: number, color: string, opacity?: number];

export class Doc {
  private readonly defs: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private stops(stops: Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('');
  }

  /** Vertical (default) or arbitrary linear gradient in objectBoundingBox units; returns url(). */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient in user space centred on (cx, cy). */
  radial(cx: number, cy: number, r: number, stops: Stop[]): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from the given shapes; returns the attribute to put on a <g>. */
  clip(shapes: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `clip-path="url(#${id})"`;
  }

  render(body: string, outWidth = this.width, outHeight = this.height): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${this.width} ${this.height}">`,
      `<defs>${this.defs.join('')}</defs>`,
      body,
      '</svg>',
    ].join('');
  }
}

export const g = (inner: string, attrs = ''): string => `<g${attrs ? ` ${attrs}` : ''}>${inner}</g>`;

export const at = (x: number, y: number, s = 1, rot = 0): string =>
  `transform="translate(${n(x)} ${n(y)})${rot ? ` rotate(${n(rot)})` : ''}${s !== 1 ? ` scale(${s})` : ''}"`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const path = (d: string, fill: string, extra = ''): string =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** Ink outline attributes, the bear mark's rounded line style. */
export const line = (w: number, color: string = C.ink): string =>
  `stroke="${color}" stroke-width="${n(w)}" stroke-linejoin="round" stroke-linecap="round"`;

/** A stroked open path (no fill). */
export const stroke = (d: string, w: number, color: string = C.ink, extra = ''): string =>
  `<path d="${d}" fill="none" ${line(w, color)}${extra ? ` ${extra}` : ''}/>`;

/** Four-pointed storybook sparkle of radius r. */
export const sparkle = (x: number, y: number, r: number, fill: string, extra = ''): string => {
  const k = r * 0.17;
  return `<path d="M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
};

/**
 * A union of circles with one clean outline: all circles stroked first, then all filled on top,
 * so inner seams disappear. Used for clouds, curly hair and fluffy things.
 */
export const blob = (circles: Array<[number, number, number]>, fill: string, outline = 0, color = C.ink) => {
  const under = outline ? circles.map(([x, y, r]) => circle(x, y, r + outline / 2, color)).join('') : '';
  const over = circles.map(([x, y, r]) => circle(x, y, r, fill)).join('');
  return under + over;
};

export interface StarOpts {
  seed: number;
  x: number;
  y: number;
  w: number;
  h: number;
  count: number;
  colors?: string[];
  /** Share of sparkles (the rest are dots). */
  sparkles?: number;
  size?: number;
  /** Rectangles [x, y, w, h] to keep free (moon, characters). */
  avoid?: Array<[number, number, number, number]>;
}

/** A deterministic scatter of dots and sparkles, spread with a loose grid so it never clumps. */
export function stars(o: StarOpts): string {
  const rand = rng(o.seed);
  const colors = o.colors ?? [C.honeyLight, C.white, C.honey];
  const size = o.size ?? 1;
  const cols = Math.max(1, Math.round(Math.sqrt((o.count * o.w) / o.h)));
  const rows = Math.max(1, Math.ceil(o.count / cols));
  const cw = o.w / cols;
  const ch = o.h / rows;
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const x = o.x + (j + 0.15 + rand() * 0.7) * cw;
      const y = o.y + (i + 0.15 + rand() * 0.7) * ch;
      const kind = rand();
      const color = colors[Math.floor(rand() * colors.length)] ?? C.white;
      const scale = 0.6 + rand() * 0.8;
      if (o.avoid?.some(([ax, ay, aw, ah]) => x > ax && x < ax + aw && y > ay && y < ay + ah)) continue;
      if (kind < (o.sparkles ?? 0.3)) out.push(sparkle(x, y, 13 * scale * size, color));
      else out.push(circle(x, y, 3.2 * scale * size, color, kind > 0.85 ? 'opacity=".6"' : ''));
    }
  }
  return out.join('');
}

/** Cheap halo made of a few flat translucent rings (compresses better than a gradient). */
export function halo(x: number, y: number, r: number, color: string, rings = 3, opacity = 0.12): string {
  const out: string[] = [];
  for (let i = rings; i >= 1; i--) out.push(circle(x, y, r * (1 + i * 0.22), color, `opacity="${opacity}"`));
  return out.join('');
}
