import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Language } from '../../../shared/i18n';
import type { CoverScene } from '../../stories/catalogue';
import { INK } from './characters/palette';
import type { Figure } from './characters/types';
import { paintFor } from './scenes/paint';
import {
  BALLOON_RED,
  balloon,
  balloonBunch,
  bunting,
  cake,
  PARTY_COLOURS,
  presents,
} from './scenes/settings';

/**
 * Deterministic storybook cover art: a night-time scene drawn as vector SVG, the drawn child or the
 * stylised toy (characters/) standing in a moonlit ring, and the title set with the shipped TTF
 * fonts. No randomness: the same input gives the same PNG, byte for byte (the star field comes from
 * a seed derived from the input). Everything is laid out in 1024 design units and drawn at `size`
 * pixels, so the approved cover is drawn again at print size from the same inputs.
 */

/** The design size: every position below is in these units. */
export const COVER_SIZE = 1024;

/** A guard against decompression bombs: photos are a few megapixels at most. */
const MAX_INPUT_PIXELS = 50_000_000;

const require = createRequire(import.meta.url);

function fontFile(family: 'fredoka' | 'nunito', variant: string): string {
  // The packages have no `exports` map: their index.js sits beside one folder per weight.
  const root = path.dirname(require.resolve(`@expo-google-fonts/${family}`));
  const name = `${family[0]!.toUpperCase()}${family.slice(1)}_${variant}.ttf`;
  return path.join(root, variant, name);
}

type Font = { file: string; description: string };

/** Fredoka for the title, Nunito for the small print; Pango loads them from the files given. */
const FONTS = {
  title: { file: fontFile('fredoka', '700Bold'), description: 'Fredoka Bold' },
  subtitle: { file: fontFile('fredoka', '600SemiBold'), description: 'Fredoka SemiBold' },
  small: { file: fontFile('nunito', '800ExtraBold'), description: 'Nunito ExtraBold' },
} satisfies Record<string, Font>;

/**
 * The small print at the bottom of every cover: the shop's, not a story's (the cover's own lines are
 * in the story folder, stories/{themeId}/book.{language}.json, read by stories/book-words.ts).
 */
export const COVER_IMPRINT: Record<Language, string> = {
  en: 'A Cuddle Tales story',
  fr: 'Une histoire Contes Doudou',
  de: 'Eine Geschichte von Kuschelgeschichten',
  it: 'Una storia di Fiabe Coccole',
};

export type CoverTheme = 'hero' | 'toy';

/**
 * The subject's box as fractions of the photo, and how much of the portrait's width it should fill
 * (a face about 0.4, leaving room for hair and shoulders; a toy about 0.85).
 */
export type Focus = { x: number; y: number; width: number; height: number; fill: number };

export type CoverArtInput = {
  theme: CoverTheme;
  /** The big line: the child's or the toy's name. */
  title: string;
  /** The line on the ribbon under the name. */
  subtitle: string;
  /** The small print at the bottom. */
  imprint: string;
  /**
   * Who is on the cover: a drawn figure (the local illustrator: the child, or the drawn toy),
   * or a photo painted in the ring (kept for test fixtures of the page references).
   */
  figure?: Figure | undefined;
  /**
   * A second drawn figure beside the first, on its `side` of the cover (the toy beside the child
   * on the hero cover, docs/decisions/021-the-toy-drawn.md), at the scenes' toy scale.
   */
  companion?: { figure: Figure; side: 'left' | 'right' } | undefined;
  /**
   * The children beside the star (issue 35, docs/decisions/030-siblings.md), each drawn with its own
   * toy in its arms, `scale` its height beside the star's: the whole cast on the hero cover, in a row
   * with the star in the middle. Absent or empty: the cover as before.
   */
  cast?: readonly { figure: Figure; scale: number }[] | undefined;
  /** The photo (any format sharp reads), already checked; ignored when a figure is given. */
  photo?: Buffer | undefined;
  /** Where the subject is, as fractions of the photo; the portrait is framed around it. */
  focus?: Focus | undefined;
  /** Drives the star field; derive it from the request so the same request gives the same cover. */
  seed: number;
  /**
   * "Make a new one" (wizard): 0 is the first cover; 1, 2, … paint the sky another time of night
   * (SKIES, in turn), so a new request is visibly another cover and still the same book.
   */
  variant?: number | undefined;
  /** The cover's width and height in pixels (default 1024; 2625 for print). */
  size?: number | undefined;
  /**
   * The story's cover scene (its story.json `coverArt`): the moonlit night by default, or a sunny
   * afternoon with the birthday's things round the ring.
   */
  scene?: CoverScene | undefined;
};

/** The book's warm ink outline (one palette for the covers, the characters and the pages). */
export { INK };

const THEMES = {
  hero: {
    ring: '#f6c65b',
    ringLight: '#fff0b8',
    ribbon: '#e4677a',
    ribbonDark: '#a9435c',
    titleStops: ['#fff6c9', '#ffd45e', '#f6a531'],
    glow: '#ffd98a',
    halo: '#fff3da',
  },
  toy: {
    ring: '#f49ac1',
    ringLight: '#ffe1ef',
    ribbon: '#3fa9a0',
    ribbonDark: '#2a7472',
    titleStops: ['#fff0f7', '#ffb6d5', '#f27fb0'],
    glow: '#ffc2dd',
    halo: '#fff0f6',
  },
} as const;

/**
 * The sky and far hills of a cover, one per variant in turn: the first is the cover as it always was
 * (its bytes must not change: approved covers are drawn again at print size from the same inputs).
 */
export const SKIES = [
  {
    sky: ['#0f1239', '#262d6d', '#4a4796', '#8c6bb3'],
    farHill: ['#45559a', '#2d3772'],
    midHill: ['#2f6b82', '#234a66'],
  },
  // Dusk: a rose and apricot sunset under the first stars.
  {
    sky: ['#2b1d4f', '#6a3b7a', '#c0607a', '#f2a46b'],
    farHill: ['#6b4f8f', '#4a3670'],
    midHill: ['#3f6f78', '#2b4b5e'],
  },
  // Northern lights: a teal and green night.
  {
    sky: ['#062433', '#0d4a5c', '#1f7f86', '#62b99c'],
    farHill: ['#2f5d7a', '#1f3f5c'],
    midHill: ['#2a5e56', '#1c4140'],
  },
  // Before dawn: a clear blue over a golden horizon.
  {
    sky: ['#1d3a6e', '#3f74b5', '#86b6e0', '#f7dca6'],
    farHill: ['#5a74b0', '#3b4f8a'],
    midHill: ['#3c7a7f', '#285563'],
  },
] as const;

/** The sky of a variant: SKIES in turn. */
export function skyOf(variant: number | undefined): (typeof SKIES)[number] {
  const index = Math.max(0, Math.floor(variant ?? 0)) % SKIES.length;
  return SKIES[index]!;
}

/** The room for the name's ink, above the ribbon. */
const TITLE_BOX = { width: 860, height: 150, bottom: 190 } as const;
/** The top of the ribbon under the name. */
const RIBBON_TOP = 200;
/** Room around the name's ink for its outline and halo. */
const TITLE_PAD = 28;

/** Where the portrait sits on the cover. */
const PORTRAIT = { cx: 512, cy: 590, r: 246 } as const;

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string: a stable 32-bit seed. */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * A four-pointed sparkle centred on (x, y). Translucent shapes here use `fill-opacity`, never
 * `opacity`: librsvg draws each element with `opacity` on a page-sized layer of its own (about 1 ms each).
 */
export function sparkle(x: number, y: number, size: number, fill: string, opacity = 1): string {
  const s = size;
  const w = size * 0.28;
  const d = [
    `M${round(x)} ${round(y - s)}`,
    `Q${round(x + w * 0.35)} ${round(y - w * 0.35)} ${round(x + s)} ${round(y)}`,
    `Q${round(x + w * 0.35)} ${round(y + w * 0.35)} ${round(x)} ${round(y + s)}`,
    `Q${round(x - w * 0.35)} ${round(y + w * 0.35)} ${round(x - s)} ${round(y)}`,
    `Q${round(x - w * 0.35)} ${round(y - w * 0.35)} ${round(x)} ${round(y - s)}Z`,
  ].join(' ');
  return `<path d="${d}" fill="${fill}" fill-opacity="${opacity}"/>`;
}

/** A cottage with a lit window, standing on a hill at (x, y). */
export function cottage(x: number, y: number, scale: number, wall: string, roof: string): string {
  const s = scale;
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-22 0 V-30 H22 V0 Z" fill="${wall}" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M-29 -28 L0 -54 L29 -28 Z" fill="${roof}" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>
    <rect x="10" y="-60" width="8" height="16" fill="${roof}" stroke="${INK}" stroke-width="2.5"/>
    <rect x="-13" y="-22" width="11" height="11" rx="2" fill="#ffd66b"/>
    <rect x="4" y="-22" width="9" height="22" rx="2" fill="#2b2550"/>
  </g>`;
}

/** A round tree on a stick, standing at (x, y). */
export function tree(x: number, y: number, scale: number, leaf: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect x="-3.5" y="-26" width="7" height="26" rx="3" fill="#3a2a4f" stroke="${INK}" stroke-width="2.5"/>
    <circle cx="0" cy="-44" r="24" fill="${leaf}" stroke="${INK}" stroke-width="3"/>
    <path d="M-12 -52 Q-6 -62 4 -60" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4" fill="none" stroke-linecap="round"/>
  </g>`;
}

/** A little five-petal flower on a short stem. */
export function flower(x: number, y: number, scale: number, petal: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map((angle) => {
      const a = (angle * Math.PI) / 180;
      return `<circle cx="${round(Math.cos(a) * 5)}" cy="${round(-14 + Math.sin(a) * 5)}" r="4.2" fill="${petal}"/>`;
    })
    .join('');
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})">
    <path d="M0 0 V-12" stroke="#1f5a4c" stroke-width="2.5" stroke-linecap="round"/>${petals}<circle cx="0" cy="-14" r="3" fill="#f6b73c"/>
  </g>`;
}

/** A tuft of grass. */
export function tuft(x: number, y: number): string {
  return `<path transform="translate(${round(x)} ${round(y)})" d="M-6 0 Q-7 -9 -11 -14 M0 0 Q0 -11 1 -18 M6 0 Q7 -8 12 -12" stroke="#4f9f84" stroke-width="3" fill="none" stroke-linecap="round"/>`;
}

/** A soft cloud: overlapping circles on a flat base. */
function cloud(x: number, y: number, scale: number, opacity: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-70 0 Q-72 -26 -44 -28 Q-36 -58 -4 -52 Q14 -74 40 -52 Q70 -52 70 -24 Q88 -18 80 0 Z" fill="#c9c3f0" fill-opacity="${opacity}"/>
  </g>`;
}

/** The sky, moon, stars and far hills, behind the portrait. */
export function backgroundSvg(theme: CoverTheme, seed: number, variant = 0): string {
  const colours = THEMES[theme];
  const { sky, farHill, midHill } = skyOf(variant);
  const next = random(seed);
  const { cx, cy, r } = PORTRAIT;
  const moon = { x: 880, y: 330, r: 54 };
  const stars: string[] = [];
  let placed = 0;
  for (let attempt = 0; attempt < 400 && placed < 90; attempt++) {
    const x = 16 + next() * (COVER_SIZE - 32);
    const y = 14 + next() * 700;
    const size = next();
    const twinkle = next();
    // Keep the portrait, the moon and a little margin free of stars.
    if (Math.hypot(x - cx, y - cy) < r + 40) continue;
    if (Math.hypot(x - moon.x, y - moon.y) < moon.r + 36) continue;
    // Big sparkles stay clear of the title and its ribbon.
    const big = size > 0.86;
    if (big && x > 190 && x < 834 && y > 20 && y < 320) continue;
    placed++;
    if (big) stars.push(sparkle(x, y, 7 + size * 9, '#fff3c4', 0.95));
    else
      stars.push(
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(0.9 + size * 1.9)}" fill="#fffbe8" fill-opacity="${round(0.45 + twinkle * 0.55)}"/>`,
      );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/>
      <stop offset="0.42" stop-color="${sky[1]}"/>
      <stop offset="0.72" stop-color="${sky[2]}"/>
      <stop offset="1" stop-color="${sky[3]}"/>
    </linearGradient>
    <radialGradient id="moonGlow">
      <stop offset="0" stop-color="#fff4c8" stop-opacity="0.55"/>
      <stop offset="0.45" stop-color="#fff4c8" stop-opacity="0.16"/>
      <stop offset="1" stop-color="#fff4c8" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="portraitGlow">
      <stop offset="0.62" stop-color="${colours.glow}" stop-opacity="0.5"/>
      <stop offset="0.8" stop-color="${colours.glow}" stop-opacity="0.16"/>
      <stop offset="1" stop-color="${colours.glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="farHill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${farHill[0]}"/>
      <stop offset="1" stop-color="${farHill[1]}"/>
    </linearGradient>
    <linearGradient id="midHill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${midHill[0]}"/>
      <stop offset="1" stop-color="${midHill[1]}"/>
    </linearGradient>
    <linearGradient id="tail" x1="70" y1="150" x2="205" y2="96" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fff8dc" stop-opacity="0"/>
      <stop offset="1" stop-color="#fff8dc" stop-opacity="0.9"/>
    </linearGradient>
    <mask id="crescent">
      <circle cx="${moon.x}" cy="${moon.y}" r="${moon.r}" fill="#fff"/>
      <circle cx="${moon.x - 26}" cy="${moon.y - 16}" r="${moon.r - 4}" fill="#000"/>
    </mask>
  </defs>
  <rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#sky)"/>
  ${cloud(150, 330, 1.1, 0.18)}
  ${cloud(930, 520, 0.8, 0.14)}
  ${cloud(90, 560, 0.7, 0.12)}
  ${stars.join('\n  ')}
  <circle cx="${moon.x}" cy="${moon.y}" r="${moon.r * 3}" fill="url(#moonGlow)"/>
  <circle cx="${moon.x}" cy="${moon.y}" r="${moon.r}" fill="#fff1bf" stroke="${INK}" stroke-width="4" mask="url(#crescent)"/>
  <g mask="url(#crescent)" fill="#f3dc98">
    <circle cx="${moon.x + 30}" cy="${moon.y + 10}" r="7"/>
    <circle cx="${moon.x + 18}" cy="${moon.y + 34}" r="5"/>
    <circle cx="${moon.x + 38}" cy="${moon.y - 14}" r="4"/>
  </g>
  <path d="M70 150 Q130 118 205 96" stroke="url(#tail)" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${sparkle(208, 95, 13, '#fff8dc')}
  <circle cx="${cx}" cy="${cy}" r="${r + 96}" fill="url(#portraitGlow)"/>
  <path d="M0 760 Q140 690 300 735 T610 725 T1024 700 V1024 H0 Z" fill="url(#farHill)" stroke="${INK}" stroke-width="4"/>
  ${cottage(118, 748, 1, '#f3d9b1', '#d45d5d')}
  ${tree(205, 742, 0.9, '#3d8a7a')}
  ${cottage(912, 718, 0.9, '#e9d3f0', '#5b7bd5')}
  ${tree(840, 726, 1, '#4a9a83')}
  ${tree(985, 714, 0.75, '#3d8a7a')}
  <path d="M0 850 Q180 790 360 835 Q560 885 760 830 Q900 795 1024 820 V1024 H0 Z" fill="url(#midHill)" stroke="${INK}" stroke-width="4"/>
</svg>`;
}

/** The frame around the portrait and the near hills, in front of the portrait. */
export function foregroundSvg(theme: CoverTheme, seed: number): string {
  const colours = THEMES[theme];
  const next = random(seed ^ 0x5bd1e995);
  const { cx, cy, r } = PORTRAIT;
  const ringSparkles: string[] = [];
  for (const angle of [-150, -112, -68, -28, 18, 162]) {
    const a = ((angle + (next() - 0.5) * 10) * Math.PI) / 180;
    const x = cx + Math.cos(a) * (r + 20);
    const y = cy + Math.sin(a) * (r + 20);
    ringSparkles.push(sparkle(x, y, 13 + next() * 9, '#fff3c4'));
  }
  const flowers: string[] = [];
  const petals = ['#ffd3e2', '#fff6d8', '#d9ccff', '#ffe08a'];
  for (const [left, right, top] of [
    [40, 300, 930],
    [730, 990, 915],
  ] as const) {
    for (let i = 0; i < 7; i++) {
      const x = left + next() * (right - left);
      const y = top + next() * 70;
      const colour = petals[Math.floor(next() * petals.length)]!;
      flowers.push(flower(x, y, 0.8 + next() * 0.5, colour));
    }
    for (let i = 0; i < 6; i++) flowers.push(tuft(left + next() * (right - left), top + next() * 75));
  }
  const fireflies: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = 30 + next() * 964;
    const y = 880 + next() * 110;
    // Keep the imprint line at the bottom readable.
    if (y > 955 && Math.abs(x - COVER_SIZE / 2) < 220) continue;
    fireflies.push(
      `<circle cx="${round(x)}" cy="${round(y)}" r="${round(2 + next() * 2.5)}" fill="#fff2a8" fill-opacity="${round(0.5 + next() * 0.5)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
  <defs>
    <linearGradient id="nearHill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2a7a6e"/>
      <stop offset="1" stop-color="#18384d"/>
    </linearGradient>
    <radialGradient id="shade" cx="0.5" cy="0.45" r="0.5">
      <stop offset="0.7" stop-color="#1d1845" stop-opacity="0"/>
      <stop offset="1" stop-color="#1d1845" stop-opacity="0.38"/>
    </radialGradient>
  </defs>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shade)"/>
  <circle cx="${cx}" cy="${cy}" r="${r + 9}" fill="none" stroke="${INK}" stroke-width="24"/>
  <circle cx="${cx}" cy="${cy}" r="${r + 9}" fill="none" stroke="${colours.ring}" stroke-width="13"/>
  <path d="M${cx - (r + 9) * 0.77} ${cy - (r + 9) * 0.64} A${r + 9} ${r + 9} 0 0 1 ${cx - (r + 9) * 0.1} ${cy - (r + 9) * 0.995}" fill="none" stroke="${colours.ringLight}" stroke-width="5" stroke-linecap="round"/>
  ${ringSparkles.join('\n  ')}
  <path d="M0 905 Q120 830 250 875 Q330 905 390 960 Q520 920 640 955 Q720 890 820 872 Q940 850 1024 890 V1024 H0 Z" fill="url(#nearHill)" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M40 900 Q110 862 190 868" stroke="#7fd0b5" stroke-opacity="0.45" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M800 886 Q880 862 960 872" stroke="#7fd0b5" stroke-opacity="0.45" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${flowers.join('\n  ')}
  ${fireflies.join('\n  ')}
</svg>`;
}

// --- the afternoon cover: a sunny party sky over green hills (the birthday story) -----------------

/** The afternoon skies, one per variant in turn (as SKIES for the night). */
const DAY_SKIES = [
  {
    sky: ['#4fa8e6', '#86c8f2', '#c7e6f7', '#fbeed2'],
    farHill: ['#b5d98a', '#93c46c'],
    midHill: ['#86c462', '#5fa24c'],
  },
  // Late afternoon: a golden light.
  {
    sky: ['#5b9fd8', '#9cc4e6', '#f3dfb8', '#ffcf8f'],
    farHill: ['#c8d47e', '#a3b95e'],
    midHill: ['#8fbf5a', '#679c45'],
  },
  // A pink party sky.
  {
    sky: ['#7fb2ec', '#b3c6f2', '#f2cfe2', '#ffe6c9'],
    farHill: ['#a9d69a', '#86bf7c'],
    midHill: ['#7cc06a', '#56a052'],
  },
  // A bright, clear day.
  {
    sky: ['#3d9be0', '#6fbdf0', '#aee0f7', '#eef8e0'],
    farHill: ['#a7d47f', '#84bd5e'],
    midHill: ['#79bd58', '#539b45'],
  },
] as const;

const dayPen = { p: paintFor(false) };

/** A white summer cloud. */
function dayCloud(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-70 0 Q-72 -26 -44 -28 Q-36 -58 -4 -52 Q14 -74 40 -52 Q70 -52 70 -24 Q88 -18 80 0 Z" fill="#ffffff" fill-opacity="0.9" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>
  </g>`;
}

/** The sun with its rays, centred on (x, y). */
function sunSvg(x: number, y: number, radius: number): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * 30 * Math.PI) / 180;
    const from = radius + 12;
    const to = radius + (i % 2 === 0 ? 38 : 26);
    return `M${round(x + Math.cos(a) * from)} ${round(y + Math.sin(a) * from)} L${round(x + Math.cos(a) * to)} ${round(y + Math.sin(a) * to)}`;
  }).join(' ');
  return `<circle cx="${x}" cy="${y}" r="${radius * 2.6}" fill="#fff4c8" fill-opacity="0.35"/>
  <path d="${rays}" stroke="#f6b73c" stroke-width="7" stroke-linecap="round"/>
  <circle cx="${x}" cy="${y}" r="${radius}" fill="#ffd54f" stroke="${INK}" stroke-width="4"/>`;
}

/** A thing of the scenes (1000-unit space) placed on the cover at (x, y), scaled. */
const placed = (x: number, y: number, scale: number, svg: string) =>
  `<g transform="translate(${round(x)} ${round(y)}) scale(${scale})">${svg}</g>`;

/**
 * The afternoon's sky, sun, garlands, balloons and far hills, behind the portrait. The balloons
 * stand beside the ring, inside the square the printed front shows (src/server/book/cover-art.ts).
 */
export function dayBackgroundSvg(theme: CoverTheme, seed: number, scene: CoverScene, variant = 0): string {
  const colours = THEMES[theme];
  const { sky, farHill, midHill } = DAY_SKIES[Math.max(0, Math.floor(variant)) % DAY_SKIES.length]!;
  const { cx, cy, r } = PORTRAIT;
  const has = (prop: CoverScene['props'][number]) => scene.props.includes(prop);
  const next = random(seed);
  const sparkles: string[] = [];
  for (let i = 0; i < 10; i++) {
    const x = 30 + next() * 964;
    const y = 330 + next() * 330;
    if (Math.abs(x - cx) < r + 60) continue;
    sparkles.push(sparkle(x, y, 6 + next() * 6, '#ffffff', 0.8));
  }
  let party = '';
  if (has('bunting')) party += bunting(dayPen, 300, -10, COVER_SIZE + 10);
  // The bunch on the right of the ring, its strings down to the hill; the runaway on the left.
  if (has('balloons')) party += placed(850, 700, 0.6, balloonBunch(dayPen, 0, 0));
  if (has('loose-balloon')) party += balloon(dayPen, 200, 540, 42, BALLOON_RED);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/>
      <stop offset="0.42" stop-color="${sky[1]}"/>
      <stop offset="0.72" stop-color="${sky[2]}"/>
      <stop offset="1" stop-color="${sky[3]}"/>
    </linearGradient>
    <radialGradient id="portraitGlow">
      <stop offset="0.62" stop-color="${colours.halo}" stop-opacity="0.6"/>
      <stop offset="1" stop-color="${colours.halo}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="farHill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${farHill[0]}"/>
      <stop offset="1" stop-color="${farHill[1]}"/>
    </linearGradient>
    <linearGradient id="midHill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${midHill[0]}"/>
      <stop offset="1" stop-color="${midHill[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#sky)"/>
  ${dayCloud(110, 650, 0.6)}
  ${dayCloud(900, 300, 0.7)}
  ${sunSvg(95, 430, 40)}
  ${sparkles.join('\n  ')}
  <circle cx="${cx}" cy="${cy}" r="${r + 90}" fill="url(#portraitGlow)"/>
  ${party}
  <path d="M0 760 Q140 690 300 735 T610 725 T1024 700 V1024 H0 Z" fill="url(#farHill)" stroke="${INK}" stroke-width="4"/>
  ${cottage(118, 748, 1, '#fff3dc', '#e2574c')}
  ${tree(205, 742, 0.9, '#58a052')}
  ${tree(840, 726, 1, '#6fb85a')}
  ${tree(985, 714, 0.75, '#58a052')}
  <path d="M0 850 Q180 790 360 835 Q560 885 760 830 Q900 795 1024 820 V1024 H0 Z" fill="url(#midHill)" stroke="${INK}" stroke-width="4"/>
</svg>`;
}

/** The ring and the near hill of the afternoon, with the presents, the cake and confetti in front. */
export function dayForegroundSvg(theme: CoverTheme, seed: number, scene: CoverScene): string {
  const colours = THEMES[theme];
  const next = random(seed ^ 0x5bd1e995);
  const { cx, cy, r } = PORTRAIT;
  const has = (prop: CoverScene['props'][number]) => scene.props.includes(prop);
  const ringSparkles = [-150, -112, -68, -28].map((angle) => {
    const a = (angle * Math.PI) / 180;
    return sparkle(cx + Math.cos(a) * (r + 20), cy + Math.sin(a) * (r + 20), 13 + next() * 9, '#fff3c4');
  });
  const confetti: string[] = [];
  for (let i = 0; i < 26; i++) {
    const x = 20 + next() * 984;
    const y = 880 + next() * 120;
    // Keep the imprint line at the bottom readable.
    if (y > 950 && Math.abs(x - COVER_SIZE / 2) < 230) continue;
    const colour = PARTY_COLOURS[Math.floor(next() * PARTY_COLOURS.length)]!;
    confetti.push(
      `<rect x="${round(x)}" y="${round(y)}" width="10" height="5" rx="1.5" fill="${colour}" transform="rotate(${Math.round(next() * 180)} ${round(x + 5)} ${round(y + 2.5)})"/>`,
    );
  }
  const flowers: string[] = [];
  for (let i = 0; i < 8; i++) {
    const x = 60 + next() * 904;
    if (Math.abs(x - cx) < 200) continue;
    flowers.push(flower(x, 925 + next() * 50, 0.9, PARTY_COLOURS[i % PARTY_COLOURS.length]!));
  }
  let things = '';
  // The cake on the left and the presents on the right, inside the printed front's square.
  if (has('cake')) things += placed(150, 950, 0.42, cake(dayPen, 0, 0, has('candles')).back);
  if (has('presents')) things += placed(815, 952, 0.5, presents(dayPen, 0, 0));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
  <circle cx="${cx}" cy="${cy}" r="${r + 9}" fill="none" stroke="${INK}" stroke-width="24"/>
  <circle cx="${cx}" cy="${cy}" r="${r + 9}" fill="none" stroke="${colours.ring}" stroke-width="13"/>
  <path d="M${cx - (r + 9) * 0.77} ${cy - (r + 9) * 0.64} A${r + 9} ${r + 9} 0 0 1 ${cx - (r + 9) * 0.1} ${cy - (r + 9) * 0.995}" fill="none" stroke="${colours.ringLight}" stroke-width="5" stroke-linecap="round"/>
  ${ringSparkles.join('\n  ')}
  <path d="M0 905 Q120 830 250 875 Q330 905 390 960 Q520 920 640 955 Q720 890 820 872 Q940 850 1024 890 V1024 H0 Z" fill="#6cb552" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M40 900 Q110 862 190 868" stroke="#c9f0a8" stroke-opacity="0.6" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${flowers.join('\n  ')}
  ${things}
  ${confetti.join('\n  ')}
</svg>`;
}

/** A ribbon banner with folded tails, sized around a line of text. */
function ribbonSvg(theme: CoverTheme, width: number, height: number): string {
  const colours = THEMES[theme];
  const tail = 46;
  const fold = 14;
  const total = width + 2 * tail;
  const h = height;
  const drop = 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total + 8}" height="${h + drop + 16}" viewBox="-4 -4 ${total + 8} ${h + drop + 16}">
  <path d="M0 ${drop} H${tail + fold} V${h + drop} H0 L${tail * 0.45} ${drop + h / 2} Z" fill="${colours.ribbonDark}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M${total} ${drop} H${total - tail - fold} V${h + drop} H${total} L${total - tail * 0.45} ${drop + h / 2} Z" fill="${colours.ribbonDark}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M${tail} ${h} L${tail + fold} ${h + drop} V${h} Z" fill="${INK}"/>
  <path d="M${total - tail} ${h} L${total - tail - fold} ${h + drop} V${h} Z" fill="${INK}"/>
  <path d="M${tail} 0 Q${total / 2} -10 ${total - tail} 0 V${h} Q${total / 2} ${h - 10} ${tail} ${h} Z" fill="${colours.ribbon}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M${tail + 12} 8 Q${total / 2} -1 ${total - tail - 12} 8" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** Escapes text for Pango markup. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

type Alpha = { data: Buffer; width: number; height: number };
/** A rendered line (or lines) of text and the font size it was rendered at. */
type Glyphs = Alpha & { size: number };

/** Crops an alpha mask to the pixels that carry ink (Pango adds line spacing above and below). */
function cropToInk(alpha: Alpha): Alpha {
  const { data, width, height } = alpha;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! > 8) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  if (bottom < 0) return { data: Buffer.alloc(1), width: 1, height: 1 };
  const w = right - left + 1;
  const h = bottom - top + 1;
  const out = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) data.copy(out, y * w, (top + y) * width + left, (top + y) * width + left + w);
  return { data: out, width: w, height: h };
}

/**
 * Renders one line of text to an alpha mask cropped to its ink, with the given TTF file (Pango
 * through sharp; no system fonts and no SVG <text>). The line is shrunk to fit the box.
 */
async function textAlpha(
  text: string,
  font: Font,
  sizePx: number,
  box: { width: number; height: number },
): Promise<Glyphs> {
  const render = async (size: number) => {
    const { data, info } = await sharp({
      text: {
        text: escapeMarkup(text),
        fontfile: font.file,
        font: `${font.description} ${size}`,
        rgba: true,
        dpi: 72,
        wrap: 'none',
        align: 'centre',
        // Line height in points, for names set on two lines.
        spacing: Math.round(size * 0.05),
      },
    })
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { ...cropToInk({ data, width: info.width, height: info.height }), size };
  };
  const first = await render(sizePx);
  const scale = Math.min(box.width / first.width, box.height / first.height);
  if (scale >= 1) return first;
  return render(Math.max(8, Math.floor(sizePx * scale)));
}

/**
 * Splits a long name into two balanced lines at a space or hyphen, or returns it unchanged when it
 * has no break or is short enough to read on one line.
 */
export function titleLines(title: string, maxOneLine = 14): string {
  if ([...title].length <= maxOneLine) return title;
  let best = -1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < title.length - 1; i++) {
    if (title[i] !== ' ' && title[i] !== '-') continue;
    const gap = Math.abs(title.length / 2 - i);
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  }
  if (best < 0) return title;
  // A space is replaced by the line break; a hyphen stays at the end of the first line.
  return title[best] === ' '
    ? `${title.slice(0, best)}\n${title.slice(best + 1)}`
    : `${title.slice(0, best + 1)}\n${title.slice(best + 1)}`;
}

const solid = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

/** An RGBA image of one colour (or an SVG fill) shaped by an alpha mask. */
async function shaped(alpha: Alpha, fill: string | Buffer): Promise<Buffer> {
  const base =
    typeof fill === 'string'
      ? sharp({ create: { width: alpha.width, height: alpha.height, channels: 3, background: solid(fill) } })
      : sharp(
          await sharp(fill).resize(alpha.width, alpha.height, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
          { raw: { width: alpha.width, height: alpha.height, channels: 3 } },
        );
  return base
    .joinChannel(alpha.data, { raw: { width: alpha.width, height: alpha.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Pads an alpha mask and grows it into a rounded outline of about `width` px. */
async function outline(alpha: Alpha, pad: number, width: number): Promise<Alpha> {
  const raw = { width: alpha.width, height: alpha.height, channels: 1 as const };
  const padded = await sharp(alpha.data, { raw })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#000000' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const size = { width: alpha.width + 2 * pad, height: alpha.height + 2 * pad };
  // Blur spreads the glyphs; a steep gain turns the blurred edge back into a crisp, rounded stroke.
  const grown = await sharp(padded, { raw: { ...size, channels: 1 } })
    .blur(width * 0.55)
    .linear(6, -60)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: grown, ...size };
}

/** The big name: a gradient fill, an ink outline and a soft shadow. */
async function titleLayer(
  theme: CoverTheme,
  text: string,
  k: number,
): Promise<{ image: Buffer; width: number; height: number; pad: number; drop: number }> {
  const stops = THEMES[theme].titleStops;
  const lines = titleLines(text);
  const lineCount = lines.split('\n').length;
  const glyphs = await textAlpha(lines, FONTS.title, Math.round(170 * k), {
    width: TITLE_BOX.width * k,
    height: TITLE_BOX.height * k,
  });
  const pad = Math.round(TITLE_PAD * k);
  const drop = Math.round(10 * k);
  // Outline and halo keep their proportions when a long name is set smaller.
  const weight = Math.max(0.55, glyphs.size / (170 * k));
  const [inkAlpha, haloAlpha] = await Promise.all([
    outline(glyphs, pad, 8 * weight * k),
    outline(glyphs, pad, 19 * weight * k),
  ]);
  const size = { width: inkAlpha.width, height: inkAlpha.height };
  const paddedGlyphs = await sharp(glyphs.data, {
    raw: { width: glyphs.width, height: glyphs.height, channels: 1 },
  })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#000000' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="${1 / lineCount}" spreadMethod="repeat">
        <stop offset="0.3" stop-color="${stops[0]}"/><stop offset="0.55" stop-color="${stops[1]}"/><stop offset="0.8" stop-color="${stops[2]}"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const shadowAlpha = await sharp(haloAlpha.data, { raw: { ...size, channels: 1 } })
    .linear(0.45, 0)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const [shadow, halo, ink, fill] = await Promise.all([
    shaped({ ...size, data: shadowAlpha }, '#070720'),
    shaped(haloAlpha, THEMES[theme].halo),
    shaped(inkAlpha, INK),
    shaped({ ...size, data: paddedGlyphs }, gradient),
  ]);
  const image = await sharp({
    create: {
      width: size.width,
      height: size.height + drop,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      { input: shadow, left: 0, top: drop },
      { input: halo, left: 0, top: 0 },
      { input: ink, left: 0, top: 0 },
      { input: fill, left: 0, top: 0 },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { image, width: size.width, height: size.height + drop, pad, drop };
}

/** The subtitle on its ribbon. */
async function ribbonLayer(
  theme: CoverTheme,
  text: string,
  k: number,
): Promise<{ image: Buffer; width: number; height: number }> {
  const glyphs = await textAlpha(text, FONTS.subtitle, Math.round(44 * k), {
    width: 700 * k,
    height: 60 * k,
  });
  const bandHeight = 78;
  // The band is drawn in design units and rasterised at k times (72 dpi is one unit a pixel).
  const bandWidth = Math.max(glyphs.width / k + 70, 300);
  const ribbon = await sharp(Buffer.from(ribbonSvg(theme, bandWidth, bandHeight)), { density: 72 * k })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const textImage = await shaped(glyphs, '#fff8e8');
  const textShadow = await shaped(glyphs, '#3b1838');
  const left = Math.round((ribbon.info.width - glyphs.width) / 2);
  // The band starts 4 units down (the SVG's margin for its outline); centre the ink on it.
  const top = Math.round(4 * k + (bandHeight * k - glyphs.height) / 2 - k);
  const image = await sharp(ribbon.data)
    .composite([
      { input: textShadow, left: left + Math.round(2 * k), top: top + Math.round(3 * k) },
      { input: textImage, left, top },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { image, width: ribbon.info.width, height: ribbon.info.height };
}

/** The small imprint line at the bottom. */
async function imprintLayer(
  text: string,
  k: number,
): Promise<{ image: Buffer; width: number; height: number }> {
  const glyphs = await textAlpha(text, FONTS.small, Math.round(26 * k), { width: 600 * k, height: 40 * k });
  return { image: await shaped(glyphs, '#fff3d6'), width: glyphs.width, height: glyphs.height };
}

/** The square crop of the photo that frames the subject: around the face with room for hair and shoulders. */
export function portraitCrop(
  width: number,
  height: number,
  focus?: CoverArtInput['focus'],
): { left: number; top: number; width: number; height: number } {
  const full = Math.min(width, height);
  let side = full;
  let cx = width / 2;
  let cy = height / 2;
  if (focus && focus.width > 0 && focus.height > 0) {
    const fx = (focus.x + focus.width / 2) * width;
    const fy = (focus.y + focus.height / 2) * height;
    const subject = Math.max(focus.width * width, focus.height * height);
    // Never zoom in past a third of the photo (a blurry crop), never out past the photo.
    side = Math.min(full, Math.max(subject / focus.fill, full * 0.35));
    cx = fx;
    // A face sits a little above the centre of a portrait, with the shoulders below.
    cy = focus.fill < 0.6 ? fy + side * 0.08 : fy;
  }
  const left = Math.round(Math.min(Math.max(cx - side / 2, 0), width - side));
  const top = Math.round(Math.min(Math.max(cy - side / 2, 0), height - side));
  const s = Math.round(side);
  return { left, top, width: Math.min(s, width - left), height: Math.min(s, height - top) };
}

type Raw = { data: Buffer; info: { width: number; height: number; channels: number } };
const asRaw = (image: Raw) => ({
  raw: { width: image.info.width, height: image.info.height, channels: image.info.channels as 1 | 3 | 4 },
});

/**
 * Lifts dark photos: a gamma curve that brings the mean brightness of the centre (where the face
 * usually is) towards a mid tone. Never darkens, never lifts so far that black hair turns grey.
 */
function brighten(image: Raw): Raw {
  const { data, info } = image;
  const { width, height, channels } = info;
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(height * 0.15); y < Math.floor(height * 0.75); y += 2) {
    for (let x = Math.floor(width * 0.25); x < Math.floor(width * 0.75); x += 2) {
      const i = (y * width + x) * channels;
      sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count++;
    }
  }
  const mean = Math.max(sum / Math.max(count, 1) / 255, 0.01);
  const gamma = Math.min(1, Math.max(0.7, Math.log(0.5) / Math.log(mean)));
  if (gamma >= 0.99) return image;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(255 * (v / 255) ** gamma);
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = lut[data[i]!]!;
  return { data: out, info };
}

/** The painted look's knobs, tuned by eye on the face-api sample photos. */
const PAINT = {
  medianSize: 5,
  saturation: 1.3,
  colours: 14,
  /** How much of the flat palette image lies over the smooth one (softens blotchy skin). */
  paletteOpacity: 0.6,
  lineBlur: 3,
  lineGain: 4,
} as const;

/**
 * The painted cut-out: normalise, median twice, more saturation, a 14-colour palette, then ink
 * edges multiplied on top, in a soft round mask. Each stage goes through a buffer: sharp applies
 * the operations of one pipeline in its own fixed order.
 */
export async function paintPortrait(
  photo: Buffer,
  diameter: number,
  focus?: CoverArtInput['focus'],
): Promise<Buffer> {
  const upright = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const crop = portraitCrop(upright.info.width, upright.info.height, focus);
  const square = await sharp(upright.data, asRaw(upright))
    .extract(crop)
    .resize(diameter, diameter, { fit: 'cover', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const normalised = await sharp(square.data, asRaw(square))
    .normalise({ lower: 1, upper: 99 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lifted = brighten(normalised);
  const smooth1 = await sharp(lifted.data, asRaw(lifted))
    .median(PAINT.medianSize)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smooth2 = await sharp(smooth1.data, asRaw(smooth1))
    .median(PAINT.medianSize)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const vivid = await sharp(smooth2.data, asRaw(smooth2))
    .modulate({ saturation: PAINT.saturation })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The palette is made by the PNG encoder (libimagequant), without dithering: flat areas of paint.
  const posterised = await sharp(vivid.data, asRaw(vivid))
    .png({ palette: true, colours: PAINT.colours, dither: 0, effort: 1, compressionLevel: 0 })
    .toBuffer();
  const flatOnTop = await sharp(posterised)
    .removeAlpha()
    .ensureAlpha(PAINT.paletteOpacity)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const softUnder = await sharp(vivid.data, asRaw(vivid))
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const painted = await sharp(softUnder.data, asRaw(softUnder))
    .composite([{ input: flatOnTop }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

  // Ink lines: colour-dodge the grey image with its inverted blur (a pencil sketch), then deepen.
  const grey = await sharp(smooth2.data, asRaw(smooth2))
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const invertedBlur = await sharp(grey.data, asRaw(grey))
    .negate()
    .blur(PAINT.lineBlur)
    .extractChannel(0)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const sketch = await sharp(grey.data, asRaw(grey))
    .composite([{ input: invertedBlur, blend: 'colour-dodge' }])
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const gain = PAINT.lineGain;
  const lines = await sharp(sketch.data, asRaw(sketch))
    .linear(gain, 255 - gain * 255)
    .median(3)
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  const inked = await sharp(painted.data, asRaw(painted))
    .composite([{ input: lines, blend: 'multiply' }])
    .removeAlpha()
    .raw()
    .toBuffer();
  // A warm glow from the top left, as if lit by a bedside lamp: ties the photo to the scene.
  const glow = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${diameter}" height="${diameter}">
      <defs><radialGradient id="w" cx="0.35" cy="0.3" r="0.8">
        <stop offset="0" stop-color="#ffd9a0" stop-opacity="0.6"/>
        <stop offset="0.6" stop-color="#ffb98a" stop-opacity="0.25"/>
        <stop offset="1" stop-color="#6d5bd0" stop-opacity="0.4"/>
      </radialGradient></defs>
      <rect width="100%" height="100%" fill="url(#w)"/></svg>`,
  );
  const lit = await sharp(inked, { raw: { width: diameter, height: diameter, channels: 3 } })
    .composite([{ input: glow, blend: 'soft-light' }])
    .removeAlpha()
    .raw()
    .toBuffer();

  const mask = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${diameter}" height="${diameter}"><circle cx="${diameter / 2}" cy="${diameter / 2}" r="${diameter / 2 - 3}" fill="#fff"/></svg>`,
    ),
  )
    .extractChannel(3)
    .blur(1.6)
    .raw()
    .toBuffer();
  return sharp(lit, { raw: { width: diameter, height: diameter, channels: 3 } })
    .joinChannel(mask, { raw: { width: diameter, height: diameter, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Where a cover's figure stands: its ground anchor on the front hill, within a height. */
const STAGE = {
  x: 512,
  ground: 950,
  hero: 640,
  toy: 600,
  maxWidth: 620,
  /** A pair: the star moves this far off centre, the companion stands this far the other way. */
  pairShift: 90,
  companionShift: 200,
  /** The companion's size beside the star: the scenes' toy scale (scenes/index.ts TOY_SCALE). */
  companionScale: 0.74,
} as const;

/**
 * The ring's backdrop and the figure, in design units: a moonlit glow inside the ring, and the
 * figure standing in front of it with its feet on the front hill (it steps out of the frame).
 */
export function figureSvg(
  theme: CoverTheme,
  figure: Figure,
  companion?: CoverArtInput['companion'],
  scene?: CoverScene,
): { backdrop: string; figure: string } {
  const { cx, cy, r } = PORTRAIT;
  const colours = THEMES[theme];
  const scale = Math.min(
    (theme === 'hero' ? STAGE.hero : STAGE.toy) / figure.height,
    STAGE.maxWidth / figure.width,
  );
  // With a companion the pair shares the stage: the star a little off centre, the companion beside.
  const away = companion ? (companion.side === 'left' ? 1 : -1) : 0;
  const x = STAGE.x + away * STAGE.pairShift - figure.anchors.ground.x * scale;
  const y = STAGE.ground - figure.anchors.ground.y * scale;
  let second = '';
  if (companion) {
    const k = scale * STAGE.companionScale;
    const c = companion.figure;
    const gx = STAGE.x - away * STAGE.companionShift - c.anchors.ground.x * k;
    const gy = STAGE.ground - c.anchors.ground.y * k;
    second = `<g transform="translate(${round(gx)} ${round(gy)}) scale(${round(k * 1000) / 1000})">${c.svg}</g>`;
  }
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">`;
  const backdrop = `${open}
  <defs><radialGradient id="window" cx="0.5" cy="0.42" r="0.6">
    <stop offset="0" stop-color="${colours.halo}"/>
    <stop offset="0.55" stop-color="${colours.glow}"/>
    <stop offset="1" stop-color="${scene?.time === 'afternoon' ? '#8fcff2' : '#8c6bb3'}"/>
  </radialGradient></defs>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#window)"/>
  <ellipse cx="${cx}" cy="${cy + r * 0.78}" rx="${r * 0.62}" ry="${r * 0.12}" fill="#6d5bd0" fill-opacity="0.25"/>
</svg>`;
  const placed = `${open}${second}<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale * 1000) / 1000})">${figure.svg}</g></svg>`;
  return { backdrop, figure: placed };
}

/**
 * The hero cover of a cast (issue 35): the children in a row on the front hill, the star in the
 * middle a little in front, the others beside it turned to it, the star's toy at the row's end on its
 * side. The children are drawn smaller than a lone star so the row stays inside the cover's width.
 */
function castFigureSvg(
  figure: Figure,
  companion: CoverArtInput['companion'],
  cast: NonNullable<CoverArtInput['cast']>,
  scene?: CoverScene,
): { backdrop: string; figure: string } {
  const { backdrop } = figureSvg('hero', figure, undefined, scene);
  const base = (STAGE.hero / figure.height) * (cast.length === 1 ? 0.86 : 0.76);
  type Member = { figure: Figure; k: number };
  const star: Member = { figure, k: base };
  const others: Member[] = cast.map((child) => ({
    figure: child.figure,
    k: base * Math.min(1.15, Math.max(0.8, child.scale)),
  }));
  // The row: one companion on each side of the star (two children: the companion away from the toy).
  const toySide = companion?.side ?? 'left';
  const row: Member[] =
    others.length === 1
      ? toySide === 'left'
        ? [star, others[0]!]
        : [others[0]!, star]
      : [others[0]!, star, others[1]!];
  const toy: Member | undefined = companion
    ? { figure: companion.figure, k: base * STAGE.companionScale }
    : undefined;
  if (toy) {
    if (toySide === 'left') row.unshift(toy);
    else row.push(toy);
  }
  // Each member's body takes about 60 % of its drawing's width; the row is centred on the cover.
  const widths = row.map((member) => member.figure.width * member.k * 0.62);
  const total = widths.reduce((sum, width) => sum + width, 0);
  const squeeze = Math.min(1, 900 / total);
  let left = STAGE.x - (total * squeeze) / 2;
  const placed: string[] = [];
  row.forEach((member, index) => {
    const k = member.k * squeeze;
    const centre = left + (widths[index]! * squeeze) / 2;
    left += widths[index]! * squeeze;
    const gx = centre - member.figure.anchors.ground.x * k;
    const gy = STAGE.ground - member.figure.anchors.ground.y * k;
    placed.push(
      `<g transform="translate(${round(gx)} ${round(gy)}) scale(${round(k * 1000) / 1000})">${member.figure.svg}</g>`,
    );
  });
  // The star last, in front of its neighbours.
  const starAt = row.indexOf(star);
  const order = [...placed.filter((_, index) => index !== starAt), placed[starAt]!];
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">`;
  return { backdrop, figure: `${open}${order.join('')}</svg>` };
}

/** The full cover as a `size` x `size` PNG (1024 by default). */
export async function renderCover(input: CoverArtInput): Promise<Buffer> {
  return (await renderCoverParts(input)).image;
}

/** One of the cover's words as a picture: transparent round its ink, `width` x `height` pixels. */
export type CoverWordsLayer = { image: Buffer; width: number; height: number };

/**
 * The cover's words, each a transparent picture at `k` pixels per design unit: the big name
 * (`title`, with its outline, halo and shadow), the line on its ribbon (`ribbon`) and the small
 * strapline (`imprint`). The print layout sets them inside the front panel's safe area of each
 * binding (src/server/print/cover.ts, docs/decisions/022-covers-per-binding.md).
 */
export async function renderCoverWords(
  input: Pick<CoverArtInput, 'theme' | 'title' | 'subtitle' | 'imprint'>,
  k: number,
): Promise<{ title: CoverWordsLayer; ribbon: CoverWordsLayer; imprint: CoverWordsLayer }> {
  const [title, ribbon, imprint] = await Promise.all([
    titleLayer(input.theme, input.title, k),
    ribbonLayer(input.theme, input.subtitle, k),
    imprintLayer(input.imprint, k),
  ]);
  return { title: { image: title.image, width: title.width, height: title.height }, ribbon, imprint };
}

/**
 * The full cover (`image`) and, drawn from the same layers, its art without the words (`art`):
 * the printed cover sets the words itself, where each binding leaves room for them.
 */
export async function renderCoverParts(
  input: CoverArtInput,
  options: { art?: boolean } = {},
): Promise<{ image: Buffer; art?: Buffer }> {
  const size = Math.round(input.size ?? COVER_SIZE);
  const k = size / COVER_SIZE;
  // SVG in design units, drawn at k pixels a unit (librsvg: 72 dpi is one unit a pixel).
  const svg = (markup: string) =>
    sharp(Buffer.from(markup), { density: 72 * k })
      .resize(size, size, { fit: 'fill' })
      .png({ compressionLevel: 1 })
      .toBuffer();
  const { cx, cy, r } = PORTRAIT;
  const drawn = input.figure
    ? input.cast?.length
      ? castFigureSvg(input.figure, input.companion, input.cast, input.scene)
      : figureSvg(input.theme, input.figure, input.companion, input.scene)
    : undefined;
  const day = input.scene?.time === 'afternoon' ? input.scene : undefined;
  const diameter = Math.round(2 * r * k);
  const [subject, title, ribbon, imprint, background, foreground, front] = await Promise.all([
    drawn
      ? svg(drawn.backdrop)
      : input.photo
        ? paintPortrait(input.photo, diameter, input.focus)
        : Promise.reject(new Error('A cover needs a figure or a photo')),
    titleLayer(input.theme, input.title, k),
    ribbonLayer(input.theme, input.subtitle, k),
    imprintLayer(input.imprint, k),
    svg(
      day
        ? dayBackgroundSvg(input.theme, input.seed, day, input.variant)
        : backgroundSvg(input.theme, input.seed, input.variant),
    ),
    svg(day ? dayForegroundSvg(input.theme, input.seed, day) : foregroundSvg(input.theme, input.seed)),
    drawn ? svg(drawn.figure) : undefined,
  ]);
  // The title image has `pad` px around its ink and a shadow below.
  const titleTop = Math.round(TITLE_BOX.bottom * k) - (title.height - title.drop - title.pad);
  const layers: { input: Buffer; left: number; top: number }[] = [
    drawn
      ? { input: subject, left: 0, top: 0 }
      : { input: subject, left: Math.round((cx - r) * k), top: Math.round((cy - r) * k) },
    { input: foreground, left: 0, top: 0 },
  ];
  if (front) layers.push({ input: front, left: 0, top: 0 });
  const words = [
    { input: title.image, left: Math.round((size - title.width) / 2), top: titleTop },
    { input: ribbon.image, left: Math.round((size - ribbon.width) / 2), top: Math.round(RIBBON_TOP * k) },
    { input: imprint.image, left: Math.round((size - imprint.width) / 2), top: Math.round(972 * k) },
  ];
  const encode = (all: typeof layers, compressionLevel: number) =>
    sharp(background)
      .composite(all)
      .png({ compressionLevel, adaptiveFiltering: false, palette: false })
      .toBuffer();
  // The art is an intermediate file for the print layout: encoded fast, not small.
  const [image, art] = await Promise.all([
    encode([...layers, ...words], 6),
    options.art ? encode(layers, 1) : undefined,
  ]);
  return art ? { image, art } : { image };
}
