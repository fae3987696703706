import type { Prop, Scene, Setting } from '../../../stories/scene';
import { LIGHTS, type Light, type Paint, r, randomFrom, SPACE } from './paint';

/**
 * The settings of the stories, drawn in a 1000 x 1000 space with their main feature (bed, tub,
 * window, tree, castle) on the left; the composer mirrors them for `side: right`. Each setting keeps
 * the bottom of the picture (below about y = 760) plain, floor, grass, water or cloud, where the
 * print code sets the text panel.
 */

/** A nest (bed, bath, boat): its middle, its width, and for a bed the top of its pillow. */
export type Spot = { x: number; y: number; width: number; pillow?: { x: number; y: number } };

export type SettingArt = {
  /** Behind the characters. */
  back: string;
  /** In front of the characters (blanket, tub side, boat side, foreground grass). */
  front: string;
  /** Lights over the tinted room, behind the characters (lamp, moon halo, fireflies, lanterns). */
  glow: string;
  /** Where characters stand. */
  ground: number;
  /** The bed's mattress, the bath water, the boat: where `in-bed`, `in-bath`, `in-boat` go. */
  nest?: Spot;
  /** Props that sit on the nest's cover in front of the characters (the star on the blanket). */
  onFront?: string;
  /**
   * Where the owl and the hedgehog the words name are (the setting's own space): a companion is
   * never placed before them (issue 35; the lead's place keeps them clear by the scene's design).
   */
  creatures?: readonly Area[];
  /**
   * Where what sits in the nest may show (SVG shapes, the setting's own space): a cast's leaf boat
   * (issue 35) is longer than deep, so a child at its end would show its legs under the hull.
   */
  nestClip?: string;
};

/** A rectangle of the drawing space. */
export type Area = { x0: number; y0: number; x1: number; y1: number };

export type SettingContext = {
  scene: Scene;
  light: Light;
  p: Paint;
  has: (prop: Prop) => boolean;
  rand: () => number;
  /**
   * How many children the page draws (issue 35): two or three get a longer bed and a longer tub, so
   * every child of the cast is in it (docs/decisions/030-siblings.md). Absent: one, as before.
   */
  cast?: number | undefined;
  /** The owl and the hedgehog drawn so far, where they are (`SettingArt.creatures`). */
  creatures?: Area[];
};

/** How much longer the bed and the tub are for a cast of two and of three: every child side by side. */
const CAST_NEST_EXTRA: Record<number, number> = { 2: 220, 3: 320 };
const nestExtra = (c: SettingContext) => CAST_NEST_EXTRA[c.cast ?? 1] ?? 0;
/** The leaf boat is longer only where the cast sits in it (not where it waits by the bank). */
const boatExtra = (c: SettingContext) => (c.scene.child?.place === 'in-boat' ? nestExtra(c) : 0);

export function drawSetting(scene: Scene, p: Paint, variant = 0, cast = 1): SettingArt {
  const light = LIGHTS[scene.time];
  const props = new Set<Prop>(scene.props);
  const context: SettingContext = {
    scene,
    light,
    p,
    has: (prop) => props.has(prop),
    rand: randomFrom(JSON.stringify({ ...scene, prompt: '' }) + (variant ? `#${variant}` : '')),
    ...(cast > 1 ? { cast } : {}),
    creatures: [],
  };
  const art = SETTINGS[scene.setting](context);
  const party = partyProps(context, PARTY_SPOTS[scene.setting]);
  return {
    ...art,
    back: art.back + party.back,
    glow: art.glow + party.glow,
    creatures: context.creatures ?? [],
  };
}

// --- shared pieces ------------------------------------------------------------------------------

/**
 * A prop the text names, in a group of its own: the layout check finds it by its class and keeps
 * the text panel off it (scenes/layout-check.ts).
 */
export const propGroup = (prop: Prop, svg: string) => (svg ? `<g class="prop-${prop}">${svg}</g>` : '');

let gradientId = 0;
/** A vertical gradient fill in colour, white in line art. */
function sky(
  c: SettingContext,
  x: number,
  y: number,
  w: number,
  h: number,
  top = c.light.skyTop,
  low = c.light.skyLow,
) {
  if (c.p.line) return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff" ${c.p.s()}/>`;
  const id = `g${gradientId++}`;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${low}"/></linearGradient></defs><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})" stroke="none"/>`;
}

function starShape(c: SettingContext, x: number, y: number, size: number, colour = '#ffe27a', weight = 0.8) {
  const s = size;
  const d = `M${r(x)} ${r(y - s)} L${r(x + s * 0.3)} ${r(y - s * 0.3)} L${r(x + s)} ${r(y - s * 0.2)} L${r(x + s * 0.45)} ${r(y + s * 0.25)} L${r(x + s * 0.62)} ${r(y + s)} L${r(x)} ${r(y + s * 0.6)} L${r(x - s * 0.62)} ${r(y + s)} L${r(x - s * 0.45)} ${r(y + s * 0.25)} L${r(x - s)} ${r(y - s * 0.2)} L${r(x - s * 0.3)} ${r(y - s * 0.3)} Z`;
  return `<path d="${d}" fill="${c.p.f(colour)}" ${c.p.s(weight)}/>`;
}

/** Small stars over an area: dots in colour, a few big stars in line art (crayon-sized). */
function starField(c: SettingContext, x: number, y: number, w: number, h: number, count: number) {
  let out = '';
  if (c.p.line) {
    // Few and big: a star a small hand can colour, never a sprinkle of specks.
    const stars = Math.min(5, Math.max(2, Math.round(count / 20)));
    for (let i = 0; i < stars; i++) {
      const sx = x + w * ((i + 0.25 + c.rand() * 0.5) / stars);
      out += starShape(c, sx, y + 45 + c.rand() * Math.max(0, h - 90), 32);
    }
    return out;
  }
  for (let i = 0; i < count; i++) {
    const size = 1.5 + c.rand() * 3.5;
    out += `<circle cx="${r(x + c.rand() * w)}" cy="${r(y + c.rand() * h)}" r="${r(size)}" fill="#fff6d6" fill-opacity="${r(0.55 + c.rand() * 0.45)}"/>`;
  }
  return out;
}

function cloud(c: SettingContext, x: number, y: number, w: number, colour = c.light.cloud) {
  const h = w * 0.42;
  const d = `M${r(x)} ${r(y + h)} Q${r(x - w * 0.08)} ${r(y + h * 0.45)} ${r(x + w * 0.16)} ${r(y + h * 0.45)} Q${r(x + w * 0.2)} ${r(y)} ${r(x + w * 0.45)} ${r(y + h * 0.12)} Q${r(x + w * 0.62)} ${r(y - h * 0.22)} ${r(x + w * 0.78)} ${r(y + h * 0.3)} Q${r(x + w * 1.05)} ${r(y + h * 0.35)} ${r(x + w)} ${r(y + h)} Z`;
  return `<path d="${d}" fill="${c.p.f(colour)}" ${c.p.s()}/>`;
}

function moon(c: SettingContext, x: number, y: number, radius: number, face: boolean) {
  const halo = c.p.colourOnly(
    `<circle cx="${x}" cy="${y}" r="${r(radius * 1.9)}" fill="#fff4c8" fill-opacity="0.16"/><circle cx="${x}" cy="${y}" r="${r(radius * 1.4)}" fill="#fff4c8" fill-opacity="0.2"/>`,
  );
  let body = `<circle cx="${x}" cy="${y}" r="${radius}" fill="${c.p.f('#fdf0b8')}" ${c.p.s()}/>`;
  if (face) {
    const e = radius * 0.28;
    body +=
      c.p.stroke(`M${r(x - e * 1.5)} ${r(y - e * 0.3)} q${r(e * 0.5)} ${r(-e * 0.5)} ${r(e)} 0`, 1.2) +
      c.p.stroke(`M${r(x + e * 0.5)} ${r(y - e * 0.3)} q${r(e * 0.5)} ${r(-e * 0.5)} ${r(e)} 0`, 1.2) +
      c.p.stroke(`M${r(x - e * 1.2)} ${r(y + e * 0.9)} q${r(e * 1.2)} ${r(e * 1.1)} ${r(e * 2.4)} 0`, 1.2) +
      c.p.colourOnly(
        `<circle cx="${r(x - e * 1.9)}" cy="${r(y + e * 0.6)}" r="${r(e * 0.45)}" fill="#f6b3a0" fill-opacity="0.7"/><circle cx="${r(x + e * 1.9)}" cy="${r(y + e * 0.6)}" r="${r(e * 0.45)}" fill="#f6b3a0" fill-opacity="0.7"/>`,
      );
  } else {
    body += c.p.colourOnly(
      `<circle cx="${r(x - radius * 0.3)}" cy="${r(y + radius * 0.2)}" r="${r(radius * 0.16)}" fill="#efdc97"/><circle cx="${r(x + radius * 0.35)}" cy="${r(y - radius * 0.3)}" r="${r(radius * 0.1)}" fill="#efdc97"/>`,
    );
  }
  return { back: body, glow: halo };
}

function sun(c: SettingContext, x: number, y: number, radius: number) {
  let rays = '';
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    rays += c.p.stroke(
      `M${r(x + Math.cos(a) * radius * 1.25)} ${r(y + Math.sin(a) * radius * 1.25)} L${r(x + Math.cos(a) * radius * 1.6)} ${r(y + Math.sin(a) * radius * 1.6)}`,
      1.6,
      '#f2a93b',
    );
  }
  return `${rays}<circle cx="${x}" cy="${y}" r="${radius}" fill="${c.p.f('#ffd54f')}" ${c.p.s()}/>`;
}

/** What the sky holds at this hour, for a window view or an outdoor sky. */
function skyContents(c: SettingContext, x: number, y: number, w: number, h: number) {
  let back = '';
  let glow = '';
  const faceMoon = c.has('moon-face');
  if (c.light.sky === 'sun-low') {
    // The sun halfway behind the hills: the text says it "slips down behind the hills".
    back += sun(c, x + w * 0.62, y + h * 0.78, Math.min(w, h) * 0.16);
    back += hills(c, x, y + h * 0.72, w, h * 0.28, c.light.grassFar);
  } else if (c.light.sky === 'sun') {
    back += sun(c, x + w * 0.7, y + h * 0.3, Math.min(w, h) * 0.13);
    back += cloud(c, x + w * 0.1, y + h * 0.25, w * 0.3);
  } else if (c.light.sky === 'moon' || c.has('moon') || faceMoon) {
    back += starField(c, x, y, w, h * 0.8, Math.round((w * h) / 4000));
    if (c.has('moon') || faceMoon) {
      const m = moon(c, x + w * 0.62, y + h * 0.36, Math.min(w, h) * (faceMoon ? 0.3 : 0.16), faceMoon);
      back += m.back;
      glow += m.glow;
    }
  } else {
    back += starField(c, x, y, w, h * 0.4, Math.round((w * h) / 12000));
  }
  return { back, glow };
}

function hills(c: SettingContext, x: number, y: number, w: number, h: number, colour: string) {
  return `<path d="M${x} ${r(y + h)} L${x} ${r(y + h * 0.4)} Q${r(x + w * 0.25)} ${r(y - h * 0.2)} ${r(x + w * 0.5)} ${r(y + h * 0.35)} Q${r(x + w * 0.75)} ${r(y - h * 0.1)} ${r(x + w)} ${r(y + h * 0.3)} L${r(x + w)} ${r(y + h)} Z" fill="${c.p.f(colour)}" ${c.p.s()}/>`;
}

function tree(c: SettingContext, x: number, base: number, height: number, leaves = c.light.tree, lean = 0) {
  const w = height * 0.45;
  const trunk = `<path d="M${r(x - w * 0.09)} ${base} L${r(x - w * 0.06 + lean * 0.3)} ${r(base - height * 0.5)} L${r(x + w * 0.06 + lean * 0.3)} ${r(base - height * 0.5)} L${r(x + w * 0.09)} ${base} Z" fill="${c.p.f(c.light.trunk)}" ${c.p.s()}/>`;
  const cy = base - height * 0.68;
  const crown = `<path d="M${r(x - w * 0.5 + lean)} ${r(cy + w * 0.2)} Q${r(x - w * 0.62 + lean)} ${r(cy - w * 0.45)} ${r(x - w * 0.1 + lean)} ${r(cy - w * 0.55)} Q${r(x + w * 0.2 + lean * 1.3)} ${r(cy - w * 0.95)} ${r(x + w * 0.45 + lean)} ${r(cy - w * 0.35)} Q${r(x + w * 0.7 + lean)} ${r(cy + w * 0.1)} ${r(x + w * 0.4 + lean)} ${r(cy + w * 0.45)} Q${r(x)} ${r(cy + w * 0.7)} ${r(x - w * 0.5 + lean)} ${r(cy + w * 0.2)} Z" fill="${c.p.f(leaves)}" ${c.p.s()}/>`;
  return trunk + crown;
}

function curtains(
  c: SettingContext,
  x: number,
  y: number,
  w: number,
  h: number,
  colour = '#d8788c',
  blowing = false,
) {
  const sway = blowing ? 40 : 0;
  const left = `<path d="M${r(x - 30)} ${y} L${r(x + w * 0.22)} ${y} Q${r(x + w * 0.12 + sway)} ${r(y + h * 0.5)} ${r(x + w * 0.2 + sway * 1.5)} ${r(y + h + 20)} L${r(x - 30)} ${r(y + h + 20)} Z" fill="${c.p.f(colour)}" ${c.p.s()}/>`;
  const right = `<path d="M${r(x + w + 30)} ${y} L${r(x + w * 0.78)} ${y} Q${r(x + w * 0.88 + sway)} ${r(y + h * 0.5)} ${r(x + w * 0.8 + sway * 1.5)} ${r(y + h + 20)} L${r(x + w + 30)} ${r(y + h + 20)} Z" fill="${c.p.f(colour)}" ${c.p.s()}/>`;
  const rod = `<rect x="${r(x - 45)}" y="${r(y - 14)}" width="${r(w + 90)}" height="14" rx="7" fill="${c.p.f('#8a5c3b')}" ${c.p.s()}/>`;
  return left + right + rod;
}

/** A window in a wall: frame, the sky of the hour, and what the sky holds. */
function windowView(c: SettingContext, x: number, y: number, w: number, h: number, outdoors = '') {
  const view = skyContents(c, x, y, w, h);
  const frame =
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" ${c.p.s(1.6)}/>` +
    `<rect x="${r(x + w / 2 - 6)}" y="${y}" width="12" height="${h}" fill="${c.p.f('#fbf3e4')}" ${c.p.s()}/>` +
    `<rect x="${r(x - 20)}" y="${r(y + h)}" width="${r(w + 40)}" height="22" rx="6" fill="${c.p.f('#fbf3e4')}" ${c.p.s()}/>`;
  return {
    back: `<g>${sky(c, x, y, w, h)}${view.back}${outdoors}</g>${frame}`,
    glow: view.glow,
  };
}

function lamp(c: SettingContext, x: number, base: number, on: boolean) {
  const table = `<rect x="${r(x - 60)}" y="${base}" width="120" height="${r(SPACE * 0.74 - base)}" rx="8" fill="${c.p.f('#b9825a')}" ${c.p.s()}/>`;
  const stem = `<rect x="${r(x - 6)}" y="${r(base - 70)}" width="12" height="70" fill="${c.p.f('#e9d7b8')}" ${c.p.s()}/>`;
  const shade = `<path d="M${r(x - 50)} ${r(base - 60)} L${r(x - 30)} ${r(base - 130)} L${r(x + 30)} ${r(base - 130)} L${r(x + 50)} ${r(base - 60)} Z" fill="${c.p.f(on ? '#ffd77a' : '#c9b48e')}" ${c.p.s()}/>`;
  const glow = on
    ? c.p.colourOnly(
        `<circle cx="${x}" cy="${r(base - 90)}" r="240" fill="#ffcf70" fill-opacity="0.14"/><circle cx="${x}" cy="${r(base - 90)}" r="130" fill="#ffe2a0" fill-opacity="0.22"/>`,
      )
    : '';
  return { back: propGroup(on ? 'lamp' : 'lamp-off', table + stem + shade), glow };
}

function fireflies(c: SettingContext, count: number, top: number, bottom: number) {
  let out = '';
  for (let i = 0; i < (c.p.line ? Math.min(count, 6) : count); i++) {
    const x = 40 + c.rand() * (SPACE - 80);
    const y = top + c.rand() * (bottom - top);
    out += c.p.line
      ? `<circle cx="${r(x)}" cy="${r(y)}" r="26" fill="#fff" ${c.p.s()}/>`
      : `<circle cx="${r(x)}" cy="${r(y)}" r="22" fill="#d9ff7a" fill-opacity="0.22"/><circle cx="${r(x)}" cy="${r(y)}" r="6" fill="${i % 2 ? '#f6e27a' : '#c9f56b'}"/>`;
  }
  return out;
}

function lanterns(c: SettingContext, spots: [number, number][]) {
  let back = '';
  let glow = '';
  for (const [x, y] of spots) {
    back += `<path d="M${r(x - 24)} ${r(y - 40)} Q${r(x - 34)} ${r(y - 5)} ${r(x - 20)} ${y} L${r(x + 20)} ${y} Q${r(x + 34)} ${r(y - 5)} ${r(x + 24)} ${r(y - 40)} Z" fill="${c.p.f('#ffb85c')}" ${c.p.s()}/><rect x="${r(x - 16)}" y="${r(y - 50)}" width="32" height="10" rx="3" fill="${c.p.f('#c0533f')}" ${c.p.s()}/>`;
    glow += c.p.colourOnly(
      `<circle cx="${x}" cy="${r(y - 22)}" r="70" fill="#ffc46b" fill-opacity="0.2"/><ellipse cx="${x}" cy="${r(y + 18)}" rx="40" ry="10" fill="#ffd27a" fill-opacity="0.35"/>`,
    );
  }
  return { back, glow };
}

/**
 * The green leaf boat (the text: "a boat made from a big green leaf"), back half and front half; a
 * cast's longer boat (`w` wider) keeps the height of a boat `h` / 0.3 wide. Its front is a
 * `nest-front`: what a child in the boat sits behind.
 */
function leafBoat(c: SettingContext, cx: number, y: number, w: number, h = w * 0.3) {
  const green = '#5fae4e';
  const back = `<path d="M${r(cx - w / 2)} ${r(y - h * 0.4)} Q${r(cx)} ${r(y - h * 0.15)} ${r(cx + w / 2)} ${r(y - h * 0.6)} L${r(cx + w * 0.4)} ${r(y)} Z" fill="${c.p.f('#4a9440')}" ${c.p.s()}/>`;
  const front =
    `<path d="M${r(cx - w / 2)} ${r(y - h * 0.4)} Q${r(cx - w * 0.3)} ${r(y + h * 0.75)} ${r(cx + w * 0.1)} ${r(y + h * 0.7)} Q${r(cx + w * 0.42)} ${r(y + h * 0.6)} ${r(cx + w / 2)} ${r(y - h * 0.6)} Q${r(cx)} ${r(y + h * 0.05)} ${r(cx - w / 2)} ${r(y - h * 0.4)} Z" fill="${c.p.f(green)}" ${c.p.s(1.2)}/>` +
    c.p.stroke(
      `M${r(cx - w * 0.42)} ${r(y - h * 0.15)} Q${r(cx)} ${r(y + h * 0.45)} ${r(cx + w * 0.45)} ${r(y - h * 0.35)}`,
      1,
      '#2f6b2a',
    ) +
    c.p.stroke(
      `M${r(cx - w / 2)} ${r(y - h * 0.4)} q${r(-w * 0.06)} ${r(-h * 0.3)} ${r(-w * 0.02)} ${r(-h * 0.55)}`,
      1.4,
      '#2f6b2a',
    );
  // Above the tips, and inside the hull: where a child sitting in the boat shows.
  const clip = `<rect x="-10" y="-10" width="${SPACE + 20}" height="${r(y - h * 0.6 + 10)}"/><path d="M${r(cx - w / 2)} ${r(y - h * 0.6)} L${r(cx - w / 2)} ${r(y - h * 0.4)} Q${r(cx - w * 0.3)} ${r(y + h * 0.75)} ${r(cx + w * 0.1)} ${r(y + h * 0.7)} Q${r(cx + w * 0.42)} ${r(y + h * 0.6)} ${r(cx + w / 2)} ${r(y - h * 0.6)} Z"/>`;
  return {
    back: propGroup('leaf-boat', back),
    front: `<g class="nest-front">${propGroup('leaf-boat', front)}</g>`,
    clip,
  };
}

/**
 * Grass tufts scattered over a lawn (colour only): texture and depth, smaller towards the horizon,
 * kept above the bottom of the page where the words go.
 */
function tufts(c: SettingContext, top: number, bottom: number, count: number) {
  if (c.p.line) return '';
  let d = '';
  for (let i = 0; i < count; i++) {
    const y = top + c.rand() * (bottom - top);
    const s = 0.5 + ((y - top) / (bottom - top)) * 0.9;
    const x = 20 + c.rand() * (SPACE - 40);
    d += `M${r(x - 12 * s)} ${r(y)} l${r(4 * s)} ${r(-16 * s)} M${r(x)} ${r(y)} l0 ${r(-22 * s)} M${r(x + 12 * s)} ${r(y)} l${r(-4 * s)} ${r(-16 * s)} `;
  }
  return `<path d="${d}" fill="none" stroke="#0f2d3a" stroke-opacity="0.28" stroke-width="3.5" stroke-linecap="round"/>`;
}

const night = (c: SettingContext) => c.scene.time === 'night';

function groundPlane(c: SettingContext, y: number, colour: string) {
  return `<rect x="-10" y="${y}" width="${SPACE + 20}" height="${SPACE - y + 10}" fill="${c.p.f(colour)}" ${c.p.s()}/>`;
}

/** Little sparkles around a spot: the magic of the toy, the star's wink. */
export function sparkles(c: SettingContext, cx: number, cy: number, spread: number) {
  let out = '';
  // Line art: three stars big enough to colour rather than five small specks.
  const count = c.p.line ? 3 : 5;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + 0.4;
    out += starShape(
      c,
      cx + Math.cos(a) * spread,
      cy + Math.sin(a) * spread * 0.7,
      c.p.line ? 34 : 16,
      '#fff1a8',
      0.6,
    );
  }
  return out;
}

// --- the settings --------------------------------------------------------------------------------

const FLOOR = 660;

function bedroom(c: SettingContext): SettingArt {
  const { p, light } = c;
  const night = c.scene.time === 'night';
  let back = sky(c, -10, -10, SPACE + 20, FLOOR + 10, light.wall, light.wallLow);
  if (p.line)
    back = `<rect x="-10" y="-10" width="${SPACE + 20}" height="${FLOOR + 10}" fill="#fff" ${p.s()}/>`;
  // Wallpaper of little stars: texture for the colour page, left out of the line art.
  back += wallpaper(c, FLOOR);
  let glow = '';
  back += groundPlane(c, FLOOR, light.floor);
  back += floorboards(c, FLOOR);
  back += `<ellipse cx="560" cy="880" rx="340" ry="72" fill="${p.f('#d7a1b8')}" ${p.s()}/>`;
  back += p.colourOnly(
    `<ellipse cx="560" cy="880" rx="290" ry="52" fill="none" stroke="#f3c6d6" stroke-width="6" stroke-dasharray="18 14"/>`,
  );
  // With the dressing gown, the door comes in beside the window, so a close view of the bed still
  // shows what the text points at ("your dressing gown on the door").
  const gown = c.has('dressing-gown');
  const doorX = gown ? 700 : 860;
  const winX = gown ? 280 : 560;
  if (!gown) {
    // A framed picture over the bed: a middle ground between the wall and the bed.
    back += `<rect x="250" y="150" width="170" height="130" rx="8" fill="${p.f('#f7efe0')}" ${p.s(1.2)}/>`;
    back += `<path d="M270 262 Q320 200 350 232 Q375 205 400 262 Z" fill="${p.f('#8cc48a')}" ${p.s()}/>`;
    back += `<circle cx="370" cy="190" r="17" fill="${p.f('#ffd54f')}" ${p.s()}/>`;
  }
  // The window on the far wall.
  const win = windowView(c, winX, 110, 250, 290);
  back += win.back;
  glow += win.glow;
  if (night && !p.line)
    // Moonlight falling from the window onto the floor: a warm, pale light, not a dark room.
    glow += `<path d="M${winX} 400 L${winX + 250} 400 L${winX + 340} ${FLOOR + 180} L${winX - 90} ${FLOOR + 180} Z" fill="#fff1c2" fill-opacity="0.13"/>`;
  if (c.has('curtains')) back += curtains(c, winX, 110, 250, 290, night ? '#b9a4e6' : '#8fb3d9');
  // The door, at the right edge (or beside the window when the dressing gown hangs on it).
  back += `<rect x="${doorX}" y="150" width="150" height="${FLOOR - 150}" fill="${p.f('#c8956a')}" ${p.s()}/><circle cx="${doorX + 25}" cy="430" r="11" fill="${p.f('#f2c14e')}" ${p.s()}/>`;
  back += p.colourOnly(
    `<rect x="${doorX + 22}" y="185" width="106" height="170" rx="8" fill="none" stroke="#1d1845" stroke-opacity="0.18" stroke-width="4"/><rect x="${doorX + 22}" y="400" width="106" height="210" rx="8" fill="none" stroke="#1d1845" stroke-opacity="0.18" stroke-width="4"/>`,
  );
  if (c.has('tall-shadow')) {
    // The dressing gown's shadow, stretched tall across the wall: a giant's head and shoulders, soft
    // edged and plainly a shadow, not a monster.
    const shade = p.line ? '#fff' : '#34357a';
    const d =
      'M0 660 L15 330 Q0 250 50 225 Q40 150 90 120 Q145 95 175 150 Q200 200 170 235 Q220 260 215 330 L230 660 Z';
    back += `<path transform="translate(${doorX - 240} 0)" d="${d}" fill="${shade}" fill-opacity="${p.line ? 1 : 0.55}" ${p.line ? p.s() : 'stroke="none"'}/>`;
  }
  if (c.has('shadow-bunny')) {
    const fill = p.line ? '#fff' : '#585d9e';
    const outline = p.line ? p.s() : '';
    back += `<g transform="translate(${doorX - 840} 0)"><ellipse cx="700" cy="300" rx="70" ry="50" fill="${fill}" ${outline}/><ellipse cx="670" cy="210" rx="18" ry="58" transform="rotate(-12 670 210)" fill="${fill}" ${outline}/><ellipse cx="712" cy="205" rx="18" ry="58" transform="rotate(10 712 205)" fill="${fill}" ${outline}/></g>`;
  }
  if (gown) {
    back += `<g transform="translate(${doorX - 860} 0)"><path d="M905 190 Q870 200 872 260 L860 560 Q935 585 1000 560 L985 260 Q985 200 950 190 Z" fill="${p.f('#7fa6d6')}" ${p.s()}/>${p.stroke('M928 200 L915 560')}<rect x="868" y="360" width="125" height="18" rx="8" fill="${p.f('#f0d56e')}" ${p.s()}/></g>`;
  }
  if (c.has('slippers'))
    back += propGroup(
      'slippers',
      `<ellipse cx="700" cy="790" rx="46" ry="20" fill="${p.f('#ee8f7f')}" ${p.s()}/><ellipse cx="780" cy="802" rx="46" ry="20" fill="${p.f('#ee8f7f')}" ${p.s()}/>`,
    );
  // The bed, head on the left: big, so the child in it is big too.
  let front = '';
  let onFront = '';
  let nest: Spot | undefined;
  // A cast's bed is longer: every child sits in it (issue 35).
  const extra = nestExtra(c);
  if (c.has('bed')) {
    const wood = night ? '#a7755a' : '#b7835e';
    back += `<path d="M30 780 L30 340 Q30 290 85 290 Q140 290 140 340 L140 780 Z" fill="${p.f(wood)}" ${p.s(1.2)}/>`;
    back += `<rect x="130" y="560" width="${520 + extra}" height="170" rx="16" fill="${p.f('#f4eee6')}" ${p.s()}/>`;
    back += `<rect x="${628 + extra}" y="520" width="36" height="260" rx="12" fill="${p.f(wood)}" ${p.s()}/>`;
    back += `<ellipse cx="232" cy="548" rx="96" ry="42" fill="${p.f('#ffffff')}" ${p.s()}/>`;
    back += p.colourOnly(`<ellipse cx="232" cy="562" rx="70" ry="18" fill="#e9e2f0"/>`);
    nest = { x: 390 + extra / 2, y: 580, width: 500 + extra, pillow: { x: 232, y: 530 } };
    if (c.has('blanket')) {
      const quilt = p.line ? '#fff' : c.scene.time === 'morning' ? '#f29bb0' : '#e07a93';
      const foot = extra
        ? `Q${520 + extra / 2} 568 ${640 + extra} 586 L${650 + extra} 740 Q${400 + extra / 2} 768 140 740`
        : 'Q520 568 640 586 L650 740 Q400 768 140 740';
      // The group `nest-front`: what a child in the bed is behind (a test finds every child of a cast in it).
      front += `<g class="nest-front"><path d="M250 590 Q330 565 420 580 ${foot} L140 628 Q180 595 250 590 Z" fill="${p.f(quilt)}" ${p.s(1.2)}/></g>`;
      // A big patchwork: regions a crayon can fill.
      front +=
        p.stroke('M320 578 L310 752') +
        p.stroke('M480 574 L488 756') +
        (extra ? p.stroke(`M${640 + extra / 2} 578 L${648 + extra / 2} 756`) : '') +
        p.stroke(`M150 666 Q${400 + extra / 2} 690 ${646 + extra} 660`);
      front += p.colourOnly(
        `<circle cx="400" cy="712" r="10" fill="#ffd9e2"/><circle cx="560" cy="624" r="10" fill="#ffd9e2"/><circle cx="230" cy="710" r="10" fill="#ffd9e2"/><circle cx="580" cy="712" r="10" fill="#ffd9e2"/>`,
      );
      front += coverLyingChild(c, quilt);
    } else {
      front += `<g class="nest-front"><rect x="140" y="640" width="${500 + extra}" height="95" rx="12" fill="${p.f('#f4eee6')}" ${p.s()}/></g>`;
    }
    // The tiny star on the blanket; in line art one big star, without the sparkles' small specks.
    if (c.has('star'))
      onFront += propGroup(
        'star',
        p.line
          ? starShape(c, 560, 650, 52, '#ffe066', 1)
          : starShape(c, 560, 650, 40, '#ffe066', 1) + sparkles(c, 560, 650, 70),
      );
  }
  if (c.has('lamp') || c.has('lamp-off')) {
    const l = lamp(c, c.has('bed') ? Math.min(945, 755 + extra) : 160, 560, c.has('lamp'));
    back += l.back;
    glow += l.glow;
  }
  return { back, front, glow, ground: 800, nest, onFront };
}

/** Little stars on the wall, as a pattern: one tile, repeated by the renderer (a lean SVG). */
function wallpaper(c: SettingContext, bottom: number) {
  if (c.p.line) return '';
  const id = `w${gradientId++}`;
  return `<defs><pattern id="${id}" width="90" height="90" patternUnits="userSpaceOnUse"><path d="M25 15 l4 9 9 1 -7 6 2 9 -8 -5 -8 5 2 -9 -7 -6 9 -1 Z" fill="#ffffff" fill-opacity="0.22"/><circle cx="70" cy="62" r="5" fill="#ffffff" fill-opacity="0.2"/></pattern></defs><rect x="-10" y="-10" width="${SPACE + 20}" height="${bottom + 10}" fill="url(#${id})"/>`;
}

/** Floorboards: a few long lines, colour only. */
function floorboards(c: SettingContext, top: number) {
  if (c.p.line) return '';
  let out = '';
  for (let y = top + 40, gap = 40; y < SPACE; gap *= 1.35, y += gap)
    out += `<path d="M-10 ${r(y)} L${SPACE + 10} ${r(y)}" stroke="#1d1845" stroke-opacity="0.12" stroke-width="3"/>`;
  return out;
}

function bathroom(c: SettingContext): SettingArt {
  const { p, light } = c;
  const wall = c.scene.time === 'night' ? '#8fb1c9' : '#bfe0e6';
  let back = `<rect x="-10" y="-10" width="${SPACE + 20}" height="${FLOOR + 10}" fill="${p.f(wall)}" ${p.s()}/>`;
  for (let y = 120; y < FLOOR; y += 135) back += p.stroke(`M0 ${y} L${SPACE} ${y}`, 0.6, '#7aa2b3');
  for (let x = 130; x < SPACE; x += 135) back += p.stroke(`M${x} 120 L${x} ${FLOOR}`, 0.6, '#7aa2b3');
  back += `<rect x="-10" y="-10" width="${SPACE + 20}" height="130" fill="${p.f(light.wall)}" ${p.s()}/>`;
  back += groundPlane(c, FLOOR, '#e7d2b8');
  const win = windowView(c, 700, 170, 180, 200);
  back += win.back;
  back += `<rect x="660" y="${FLOOR - 150}" width="90" height="150" rx="8" fill="${p.f('#f0c07a')}" ${p.s()}/>`;
  back += `<rect x="560" y="210" width="30" height="170" rx="10" fill="${p.f('#f5a0a0')}" ${p.s()}/>${p.stroke('M575 150 L575 210')}`;
  // The tub on the left; its front side goes over the child. A cast's tub is longer (issue 35).
  const extra = nestExtra(c);
  const mid = 300 + extra / 2;
  back += `<rect x="40" y="520" width="${520 + extra}" height="40" rx="20" fill="${p.f('#ffffff')}" ${p.s()}/>`;
  back += `<ellipse cx="${mid}" cy="545" rx="${250 + extra / 2}" ry="22" fill="${p.f('#9fd3ea')}" ${p.s()}/>`;
  let front = `<g class="nest-front"><path d="M40 540 L${560 + extra} 540 L${540 + extra} 720 Q${mid} 760 60 720 Z" fill="${p.f('#ffffff')}" ${p.s(1.2)}/></g><rect x="90" y="720" width="26" height="50" rx="8" fill="${p.f('#d9a441')}" ${p.s()}/><rect x="${484 + extra}" y="720" width="26" height="50" rx="8" fill="${p.f('#d9a441')}" ${p.s()}/>`;
  if (c.has('bubbles')) {
    const foam = [
      [110, 530, 42],
      [175, 515, 50],
      [250, 528, 40],
      [400, 522, 46],
      [470, 530, 40],
      [330, 535, 34],
      ...(extra
        ? [
            [560, 518, 44],
            [640, 530, 40],
            [700, 524, 36],
          ]
        : []),
    ];
    for (const [x, y, rad] of foam)
      front += `<circle cx="${x}" cy="${y}" r="${rad}" fill="${p.f('#f4fbff')}" ${p.s(0.8)}/>`;
    const floating = [
      [140, 380, 24],
      [220, 300, 30],
      [420, 330, 20],
      [470, 240, 26],
      [330, 200, 18],
    ];
    for (const [x, y, rad] of floating)
      front += `<circle cx="${x}" cy="${y}" r="${rad}" fill="${p.line ? '#fff' : '#e9f7ff'}" fill-opacity="${p.line ? 1 : 0.6}" ${p.s(0.8)}/>${p.colourOnly(`<circle cx="${x! - rad! * 0.35}" cy="${y! - rad! * 0.35}" r="${rad! * 0.2}" fill="#fff"/>`)}`;
  }
  return { back, front, glow: win.glow, ground: 800, nest: { x: mid, y: 545, width: 360 + extra } };
}

function windowSetting(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = sky(c, -10, -10, SPACE + 20, 710, light.wall, light.wallLow);
  if (p.line) back = `<rect x="-10" y="-10" width="${SPACE + 20}" height="720" fill="#fff" ${p.s()}/>`;
  back += groundPlane(c, 700, light.floor);
  const windy = c.has('wind');
  let outdoors = '';
  if (windy) {
    outdoors += tree(c, 230, 620, 300, light.tree, 60) + tree(c, 480, 640, 240, light.tree, 50);
    outdoors +=
      p.stroke('M130 180 Q230 120 330 190 T520 170', 1.2, '#cfe0ff') +
      p.stroke('M160 300 Q280 250 380 310 T560 300', 1.2, '#cfe0ff');
    for (let i = 0; i < 5; i++)
      outdoors += `<ellipse cx="${r(180 + c.rand() * 380)}" cy="${r(140 + c.rand() * 300)}" rx="14" ry="7" transform="rotate(${r(c.rand() * 90)} 0 0)" fill="${p.f('#d9a04a')}" ${p.s(0.6)}/>`;
  } else if (light.sky !== 'sun-low') {
    outdoors += tree(c, 200, 640, 220, light.tree);
  }
  const win = windowView(c, 100, 80, 560, 540, outdoors);
  back += win.back;
  if (c.has('curtains'))
    back += curtains(c, 100, 80, 560, 540, c.scene.time === 'sunset' ? '#e58a6f' : '#8fb3d9', windy);
  // The window seat below the sill.
  back += `<rect x="60" y="640" width="640" height="90" rx="16" fill="${p.f('#c99a73')}" ${p.s()}/>`;
  back += `<rect x="80" y="615" width="220" height="40" rx="18" fill="${p.f('#f1b7c6')}" ${p.s()}/>`;
  let glow = win.glow;
  if (c.has('music-notes')) {
    const note = (x: number, y: number) =>
      `<ellipse cx="${x}" cy="${y}" rx="16" ry="12" fill="${p.f('#fff2b0')}" ${p.s()}/>${p.stroke(`M${x + 14} ${y} L${x + 14} ${y - 60} L${x + 36} ${y - 48}`, 1)}`;
    glow += note(760, 260) + note(840, 360) + note(720, 420);
  }
  return { back, front: '', glow, ground: 800, nest: { x: 380, y: 640, width: 320 } };
}

function garden(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = sky(c, -10, -10, SPACE + 20, 620);
  const contents = skyContents(c, 250, 0, 750, 480);
  back += contents.back;
  back += hills(c, -10, 420, SPACE + 20, 180, light.grassFar);
  // The house, its lit window behind the child: home is close.
  back += `<path d="M-10 640 L-10 260 L110 170 L230 260 L230 640 Z" fill="${p.f('#d9b38c')}" ${p.s()}/><rect x="70" y="330" width="90" height="100" fill="${p.f('#ffd77a')}" ${p.s()}/>`;
  back += groundPlane(c, 600, light.grass) + tufts(c, 610, 740, 22);
  // The fence.
  for (let x = 250; x < SPACE; x += 70)
    back += `<rect x="${x}" y="500" width="34" height="120" rx="4" fill="${p.f('#e9dcc6')}" ${p.s()}/>`;
  back += `<rect x="240" y="530" width="${SPACE - 230}" height="22" fill="${p.f('#e9dcc6')}" ${p.s()}/>`;
  const glow =
    contents.glow +
    p.colourOnly('<rect x="70" y="330" width="90" height="100" fill="#ffe6a0" fill-opacity="0.35"/>');
  if (c.has('apple-tree') || c.has('owl')) {
    back += tree(c, 820, 640, 520, light.tree);
    for (const [x, y] of [
      [740, 300],
      [880, 260],
      [900, 360],
      [780, 200],
    ])
      back += `<circle cx="${x}" cy="${y}" r="18" fill="${p.f('#e2574c')}" ${p.s()}/>`;
  }
  if (c.has('owl')) back += creature(c, 'owl', 835, 400);
  // On the grass by the fence, above where the text panel goes.
  if (c.has('hedgehog')) back += creature(c, 'hedgehog', 510, 650);
  const front = '';
  if (c.has('sleeping-flowers')) {
    for (const [x, colour] of [
      [300, '#f28fb0'],
      [380, '#f6c15c'],
      [700, '#b79af0'],
      [780, '#f28fb0'],
      [880, '#f6c15c'],
    ] as const) {
      back += p.stroke(`M${x} 700 L${x} 620`, 1, '#3d6b3a');
      // Closed buds: the flowers are "fast asleep".
      back += `<path d="M${x - 20} 620 Q${x} 560 ${x + 20} 620 Q${x} 640 ${x - 20} 620 Z" fill="${p.f(colour)}" ${p.s()}/>`;
    }
  }
  if (c.has('wind'))
    back +=
      p.stroke('M300 200 Q400 140 500 210 T700 190', 1.2, '#cfe0ff') +
      p.stroke('M340 330 Q460 280 560 340 T760 320', 1.2, '#cfe0ff');
  return { back, front, glow, ground: 790 };
}

const INK_DARK = '#1d1845';

function forestPath(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = sky(c, -10, -10, SPACE + 20, 640);
  if (light.sky !== 'sun') back += starField(c, 0, 0, SPACE, 250, 60);
  else back += cloud(c, 620, 60, 260);
  back += groundPlane(c, 560, light.grass) + tufts(c, 570, 740, 22);
  // Rows of trees, the far ones darker.
  for (const [x, h] of [
    [80, 520],
    [330, 440],
    [560, 480],
    [900, 540],
    [760, 420],
  ] as const)
    back += tree(c, x, 600, h, light.grassFar);
  for (const [x, h] of [
    [20, 700],
    [230, 620],
  ] as const)
    back += tree(c, x, 700, h, light.tree);
  // The path winds from the front into the wood.
  back += `<path d="M360 1010 Q420 820 560 740 Q660 680 620 600 L680 600 Q760 690 660 760 Q560 840 640 1010 Z" fill="${p.f('#c9a77c')}" ${p.s()}/>`;
  let glow = '';
  if (c.has('glowing-mushrooms')) {
    for (const [x, y, s] of [
      [300, 700, 1.2],
      [720, 660, 1],
      // The nearest ones stay above the text panel's place.
      [840, 690, 1.4],
      [180, 680, 1.1],
      [560, 640, 0.8],
    ] as const) {
      back += propGroup(
        'glowing-mushrooms',
        `<rect x="${r(x - 8 * s)}" y="${r(y - 30 * s)}" width="${r(16 * s)}" height="${r(30 * s)}" rx="4" fill="${p.f('#f3ead6')}" ${p.s()}/><path d="M${r(x - 34 * s)} ${r(y - 26 * s)} Q${x} ${r(y - 80 * s)} ${r(x + 34 * s)} ${r(y - 26 * s)} Z" fill="${p.f('#7fe0d0')}" ${p.s()}/>`,
      );
      glow += p.colourOnly(
        `<circle cx="${x}" cy="${r(y - 35 * s)}" r="${r(75 * s)}" fill="#8ff5e0" fill-opacity="0.22"/>`,
      );
    }
  }
  // The owl on the trunk of the near tree, low enough to stay in a close view.
  if (c.has('owl')) back += creature(c, 'owl', 250, 370);
  if (c.has('hedgehog')) back += creature(c, 'hedgehog', 760, 770);
  return { back, front: '', glow, ground: 790 };
}

function meadow(c: SettingContext): SettingArt {
  const { light } = c;
  let back = sky(c, -10, -10, SPACE + 20, 600);
  const contents = skyContents(c, 0, 0, SPACE, 420);
  back += contents.back;
  back += hills(c, -10, 380, SPACE + 20, 200, light.grassFar);
  if (c.has('rooftops')) back += propGroup('rooftops', rooftops(c));
  for (const x of [60, 190, 880]) back += tree(c, x, 560, 300, light.tree);
  back += groundPlane(c, 540, light.grass) + tufts(c, 550, 740, 26);
  let front = '';
  // Round bushes in the near corners: a foreground that frames the page and leaves its middle calm.
  for (const [x, w] of [
    [-60, 300],
    [800, 280],
  ] as const)
    front += cloud(c, x, 880, w, night(c) ? '#2f6b5a' : '#4f9a5e');
  let glow = contents.glow;
  if (c.has('fireflies')) glow += fireflies(c, c.p.line ? 9 : 26, 200, 720);
  if (c.has('hedgehog')) back += creature(c, 'hedgehog', 650, 700);
  return { back, front, glow, ground: 790 };
}

function river(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = sky(c, -10, -10, SPACE + 20, 520);
  const contents = skyContents(c, 300, 0, 700, 380);
  back += contents.back;
  back += hills(c, -10, 330, SPACE + 20, 170, light.grassFar);
  back += `<rect x="-10" y="470" width="${SPACE + 20}" height="230" fill="${p.f(light.water)}" ${p.s()}/>`;
  back += p.colourOnly(
    p.stroke('M80 560 q40 -10 80 0 M620 620 q50 -12 100 0 M380 520 q30 -8 60 0', 0.8, '#9fc0ef'),
  );
  // The near bank at the bottom: plain, for the words.
  back += `<path d="M-10 700 Q300 670 500 690 T1010 680 L1010 1010 L-10 1010 Z" fill="${p.f(light.grass)}" ${p.s()}/>`;
  let glow = contents.glow;
  if (c.has('lanterns')) {
    const l = lanterns(c, [
      [560, 560],
      [720, 600],
      [860, 540],
      [470, 640],
    ]);
    back += l.back;
    glow += l.glow;
  }
  let front = '';
  let nest: Spot | undefined;
  let nestClip: string | undefined;
  if (c.has('leaf-boat')) {
    // A cast that climbs in gets a longer boat (issue 35), still by the near bank.
    const extra = boatExtra(c);
    const x = Math.max(30 + (340 + extra) / 2, 250);
    const boat = leafBoat(c, x, 600, 340 + extra, 340 * 0.3);
    back += boat.back;
    front += boat.front;
    nest = { x, y: 600, width: 300 + extra };
    if (extra) nestClip = boat.clip;
  }
  return { back, front, glow, ground: 830, nest, ...(nestClip ? { nestClip } : {}) };
}

function skySetting(c: SettingContext, what: 'sky' | 'stars' | 'moon' | 'castle'): SettingArt {
  const { p, light } = c;
  const deep = what === 'stars';
  let back = sky(
    c,
    -10,
    -10,
    SPACE + 20,
    SPACE + 20,
    deep ? '#0b1038' : light.skyTop,
    deep ? '#283a84' : light.skyLow,
  );
  let glow = '';
  back += starField(c, 0, 0, SPACE, 700, deep ? 220 : 90);
  if (what === 'moon') {
    const m = moon(c, 250, 330, 210, c.has('moon-face'));
    back += m.back;
    glow += m.glow;
  } else if (c.has('moon')) {
    const m = moon(c, 820, 170, 70, false);
    back += m.back;
    glow += m.glow;
  }
  if (what === 'castle') {
    // A castle of pillows on a cloud, its windows like night-lights.
    const tower = (x: number, top: number, w: number, colour: string) =>
      `<rect x="${x}" y="${top}" width="${w}" height="${640 - top}" rx="${w * 0.3}" fill="${p.f(colour)}" ${p.s()}/><path d="M${x - 10} ${top + 20} Q${x + w / 2} ${top - 60} ${x + w + 10} ${top + 20} Q${x + w / 2} ${top + 40} ${x - 10} ${top + 20} Z" fill="${p.f('#f7d6e6')}" ${p.s()}/><rect x="${x + w / 2 - 18}" y="${top + 80}" width="36" height="50" rx="18" fill="${p.f('#ffd77a')}" ${p.s()}/>`;
    back +=
      tower(60, 260, 110, '#dfe5fb') + tower(330, 300, 100, '#dfe5fb') + tower(180, 170, 140, '#f1e9ff');
    back += `<rect x="100" y="420" width="300" height="220" rx="40" fill="${p.f('#e9eefc')}" ${p.s()}/><path d="M210 640 L210 540 Q250 490 290 540 L290 640 Z" fill="${p.f('#ffd77a')}" ${p.s()}/>`;
    glow += p.colourOnly('<circle cx="250" cy="420" r="260" fill="#ffe3a6" fill-opacity="0.1"/>');
  }
  if (c.has('star')) {
    // The little star that winks: a face with one eye closed.
    back += propGroup(
      'star',
      starShape(c, 760, 230, 80, '#ffe066', 1.2) +
        `<circle cx="740" cy="225" r="7" fill="${p.line ? '#000' : INK_DARK}"/>${p.stroke('M770 225 q10 6 20 0', 1)}${p.stroke('M745 250 q15 12 30 0', 1)}`,
    );
    glow += p.colourOnly('<circle cx="760" cy="230" r="140" fill="#fff3b0" fill-opacity="0.18"/>');
  }
  if (c.has('sparkles')) glow += sparkles(c, 760, 230, 130);
  if (c.has('grey-cloud')) {
    back += cloud(c, 430, 200, 520, '#8d8fa3');
    // Tangled, grumbly: a scribble inside and a frown, nothing scary.
    back +=
      p.stroke('M540 330 q35 -45 70 0 t70 0 t70 0', 1.4, '#4d4f63') +
      p.stroke('M620 380 q50 -24 100 0', 1.4, '#4d4f63');
  }
  if (c.has('pink-cloud')) {
    back += cloud(c, 560, 250, 320, '#f7a8c4');
    back +=
      p.stroke('M650 350 q40 30 80 0', 1.2) +
      `<circle cx="650" cy="320" r="7" fill="${p.line ? '#000' : INK_DARK}"/><circle cx="730" cy="320" r="7" fill="${p.line ? '#000' : INK_DARK}"/>`;
    glow += p.colourOnly('<circle cx="720" cy="200" r="200" fill="#ffc4dc" fill-opacity="0.15"/>');
  }
  if (c.has('clouds') || what !== 'stars') {
    back += cloud(c, 620, 420, 260) + cloud(c, -60, 520, 300);
  }
  // A bank of cloud at the bottom: the floor of the sky, plain for the words.
  back += `<path d="M-10 760 Q100 690 220 730 Q330 670 450 730 Q580 680 700 735 Q830 690 1010 740 L1010 1010 L-10 1010 Z" fill="${p.f(deep ? '#aeb8e8' : light.cloud)}" ${p.s()}/>`;
  let front = '';
  let nest: Spot | undefined;
  let nestClip: string | undefined;
  if (c.has('leaf-boat')) {
    // A cast's boat is longer (issue 35: "the leaf boat sails up" with every child in it), kept
    // inside the page.
    const extra = boatExtra(c);
    const half = (460 + extra) / 2;
    const x = Math.min(
      SPACE - 30 - half,
      Math.max(30 + half, what === 'castle' ? 680 : what === 'moon' ? 620 : 420),
    );
    const y = what === 'stars' ? 520 : 620;
    const boat = leafBoat(c, x, y, 460 + extra, 460 * 0.3);
    back += boat.back;
    front += boat.front;
    nest = { x, y, width: 400 + extra };
    if (extra) nestClip = boat.clip;
  }
  return { back, front, glow, ground: 800, nest, ...(nestClip ? { nestClip } : {}) };
}

function kitchen(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = `<rect x="-10" y="-10" width="${SPACE + 20}" height="${FLOOR + 10}" fill="${p.f(light.wall)}" ${p.s()}/>`;
  back += groundPlane(c, FLOOR, '#d9b48a');
  const win = windowView(c, 120, 90, 300, 260);
  back += win.back + curtains(c, 120, 90, 300, 260, '#f2c14e');
  back += `<rect x="560" y="120" width="360" height="60" rx="8" fill="${p.f('#b7835e')}" ${p.s()}/>`;
  for (const x of [600, 700, 800])
    back += `<rect x="${x}" y="70" width="60" height="50" rx="10" fill="${p.f('#7fc4b8')}" ${p.s()}/>`;
  // The table in front, breakfast on it.
  let front = `<rect x="180" y="620" width="640" height="40" rx="12" fill="${p.f('#c48a5c')}" ${p.s()}/><rect x="230" y="660" width="30" height="160" fill="${p.f('#a8714a')}" ${p.s()}/><rect x="740" y="660" width="30" height="160" fill="${p.f('#a8714a')}" ${p.s()}/>`;
  if (c.has('breakfast')) {
    front += `<ellipse cx="420" cy="615" rx="90" ry="20" fill="${p.f('#ffffff')}" ${p.s()}/><ellipse cx="420" cy="595" rx="60" ry="16" fill="${p.f('#e8b060')}" ${p.s()}/><ellipse cx="420" cy="580" rx="60" ry="16" fill="${p.f('#e8b060')}" ${p.s()}/><rect x="400" y="560" width="30" height="12" fill="${p.f('#fff4c0')}" ${p.s(0.6)}/>`;
    front += `<rect x="560" y="555" width="60" height="62" rx="10" fill="${p.f('#f28fa0')}" ${p.s()}/><path d="M620 570 q25 0 25 20 q0 18 -25 18" fill="none" ${p.s()}/>`;
    front += `<circle cx="690" cy="600" r="26" fill="${p.f('#f08a3c')}" ${p.s()}/>`;
  }
  return { back, front, glow: win.glow, ground: 760 };
}

/**
 * A child lying alone in the bed is under the blanket (issue 30: the body lay on top of it): the
 * quilt rises over the body from under the arms to the feet, or over the lower face when the words
 * say the blanket is pulled up to the nose (`blanket-up`). The lying figure's head rests at the
 * pillow end (scenes/index.ts `placeChild`), so the shapes follow its body in the setting's space.
 * A cast tucked in sits up to the chest and keeps the flat quilt.
 */
function coverLyingChild(c: SettingContext, quilt: string): string {
  const child = c.scene.child;
  if ((c.cast ?? 1) > 1 || child?.place !== 'in-bed' || (child.pose !== 'lying' && child.pose !== 'sleeping'))
    return '';
  const { p } = c;
  const edge = c.has('blanket-up')
    ? // Across the face just under the eyes, then over the shoulder and along the body.
      'M178 536 Q262 518 352 526 Q372 470 430 468 Q540 462 626 478'
    : // From under the arm, over the body and along it: the shoulder and the pyjamas' top show.
      'M404 590 Q404 500 452 472 Q540 460 626 478';
  const turned = c.has('blanket-up')
    ? // The quilt's edge turned over: a band of its lining under the face.
      p.colourOnly(
        '<path d="M178 536 Q262 518 352 526 L356 546 Q262 538 182 556 Z" fill="#ffffff" fill-opacity="0.55"/>',
      )
    : '';
  return `<g class="nest-front"><path d="${edge} Q646 520 646 586 L640 600 L300 600 Q240 590 178 600 Z" fill="${p.f(quilt)}" ${p.s(1.2)}/>${turned}</g>${c.has('blanket-up') ? p.stroke('M400 480 Q420 540 410 598') : ''}`;
}

/**
 * The village far below the hill (birthday-adventure: "they can see the rooftops"): little houses
 * on the far slope, red and brown roofs, a lit window or two, away from the middle where the toy sits.
 */
function rooftops(c: SettingContext) {
  const { p } = c;
  let out = '';
  for (const [x, base, w, roof] of [
    [590, 500, 58, '#c8553d'],
    [655, 492, 50, '#8a5a44'],
    [712, 502, 62, '#d9704f'],
    [775, 494, 48, '#c8553d'],
    [628, 522, 54, '#8a5a44'],
    [742, 526, 56, '#b8483a'],
  ] as const) {
    const h = w * 0.62;
    out += `<rect x="${x - w / 2}" y="${base - h}" width="${w}" height="${h}" fill="${p.f('#f1e4cf')}" ${p.s(0.8)}/>`;
    out += `<path d="M${r(x - w * 0.62)} ${r(base - h)} L${x} ${r(base - h - w * 0.5)} L${r(x + w * 0.62)} ${r(base - h)} Z" fill="${p.f(roof)}" ${p.s(0.8)}/>`;
    out += `<rect x="${r(x - w * 0.12)}" y="${r(base - h * 0.7)}" width="${r(w * 0.24)}" height="${r(h * 0.34)}" fill="${p.f('#ffd77a')}" ${p.s(0.6)}/>`;
  }
  return out;
}

/** The owl or the hedgehog at (x, y), as a named prop, its place noted (`SettingArt.creatures`). */
function creature(c: SettingContext, which: 'owl' | 'hedgehog', x: number, y: number) {
  // The owl's body round its middle; the hedgehog from its nose (left) to its back, above its base.
  c.creatures?.push(
    which === 'owl'
      ? { x0: x - 48, y0: y - 60, x1: x + 48, y1: y + 60 }
      : { x0: x - 96, y0: y - 77, x1: x + 80, y1: y },
  );
  return propGroup(which, which === 'owl' ? owl(c, x, y) : hedgehog(c, x, y));
}

/** The owl, one eye open and one blinking, sitting at (x, y) (its middle). */
function owl(c: SettingContext, x: number, y: number) {
  const { p } = c;
  const ink = p.line ? '#000' : INK_DARK;
  return (
    `<ellipse cx="${x}" cy="${y}" rx="48" ry="60" fill="${p.f('#a07850')}" ${p.s()}/><circle cx="${x - 17}" cy="${y - 15}" r="17" fill="${p.f('#fff6d0')}" ${p.s()}/><circle cx="${x + 17}" cy="${y - 15}" r="17" fill="${p.f('#fff6d0')}" ${p.s()}/>` +
    `<circle cx="${x - 17}" cy="${y - 14}" r="7" fill="${ink}"/>${p.stroke(`M${x + 7} ${y - 14} q10 6 20 0`, 1)}` +
    `<path d="M${x - 7} ${y} L${x + 7} ${y} L${x} ${y + 14} Z" fill="${p.f('#f2b84b')}" ${p.s(0.8)}/>`
  );
}

/** The hedgehog, nose to the left, its base at (x, y) (the middle of its back's foot). */
function hedgehog(c: SettingContext, x: number, y: number) {
  const { p } = c;
  const ink = p.line ? '#000' : INK_DARK;
  const dx = x - 510;
  const dy = y - 760;
  let out = `<g transform="translate(${dx} ${dy})"><path d="M430 760 Q430 690 510 690 Q590 690 590 760 Z" fill="${p.f('#8a6548')}" ${p.s()}/><path d="M430 760 Q410 745 418 730 L445 742 Z" fill="${p.f('#d8b48e')}" ${p.s()}/>`;
  for (let i = 0; i < 5; i++) out += p.stroke(`M${460 + i * 25} 705 l10 -22`, 0.8);
  // An eye and a nose, so it reads as a hedgehog and not a pile of leaves.
  out += `<circle cx="448" cy="728" r="5" fill="${ink}"/><circle cx="414" cy="734" r="5" fill="${ink}"/></g>`;
  return out;
}

// --- the birthday's things: balloons, garlands, presents, the cake -------------------------------

export const BALLOON_RED = '#e2574c';
export const PARTY_COLOURS = ['#f6c15c', '#6fb3e0', '#b79af0', '#7cc47a', '#f28fb0'] as const;
/** The birthday's things need only the paint box: the covers draw them too (cover-art.ts). */
type PenOnly = Pick<SettingContext, 'p'>;

/** One balloon, its middle at (x, y); its string runs to `to`, or dangles free. */
export function balloon(
  c: PenOnly,
  x: number,
  y: number,
  rad: number,
  colour: string,
  to?: { x: number; y: number },
) {
  const { p } = c;
  const knotY = y + rad;
  const string = to
    ? p.stroke(
        `M${x} ${r(knotY + 10)} Q${r((x + to.x) / 2 + 25)} ${r((knotY + to.y) / 2)} ${to.x} ${to.y}`,
        0.6,
      )
    : p.stroke(`M${x} ${r(knotY + 10)} q22 45 0 90 q-22 45 0 90`, 0.6);
  return (
    string +
    `<ellipse cx="${x}" cy="${y}" rx="${r(rad * 0.84)}" ry="${rad}" fill="${p.f(colour)}" ${p.s()}/>` +
    `<path d="M${x - 9} ${r(knotY + 12)} L${x} ${r(knotY - 2)} L${x + 9} ${r(knotY + 12)} Z" fill="${p.f(colour)}" ${p.s(0.8)}/>` +
    p.colourOnly(
      `<ellipse cx="${r(x - rad * 0.3)}" cy="${r(y - rad * 0.35)}" rx="${r(rad * 0.14)}" ry="${r(rad * 0.24)}" fill="#fff" fill-opacity="0.6"/>`,
    )
  );
}

/** A bunch of balloons tied at (x, y), the red one among them. */
export function balloonBunch(c: PenOnly, x: number, y: number, lean = 0) {
  const to = { x, y };
  // Leaning (their strings slanting) so that a bunch tied near the page's edge floats inside it.
  const at = x - lean;
  return (
    balloon(c, at - 70, y - 330, 58, PARTY_COLOURS[0], to) +
    balloon(c, at + 65, y - 350, 58, PARTY_COLOURS[1], to) +
    balloon(c, at, y - 430, 62, BALLOON_RED, to) +
    balloon(c, at - 15, y - 270, 50, PARTY_COLOURS[2], to)
  );
}

/** Paper garlands strung across the top of the picture, from x0 to x1, sagging between pins. */
export function bunting(c: PenOnly, y: number, x0 = -10, x1 = SPACE + 10) {
  const { p } = c;
  const sag = 50;
  const mid = (x0 + x1) / 2;
  let out = p.stroke(`M${x0} ${y} Q${mid} ${y + sag * 2} ${x1} ${y}`, 0.7);
  const flags = 9;
  for (let i = 1; i < flags; i++) {
    const t = i / flags;
    const fx = x0 + (x1 - x0) * t;
    // The point on the quadratic curve at t.
    const fy = (1 - t) * (1 - t) * y + 2 * t * (1 - t) * (y + sag * 2) + t * t * y;
    const colour = i % 3 === 0 ? BALLOON_RED : PARTY_COLOURS[i % PARTY_COLOURS.length]!;
    out += `<path d="M${r(fx - 28)} ${r(fy)} L${r(fx + 28)} ${r(fy)} L${r(fx)} ${r(fy + 62)} Z" fill="${p.f(colour)}" ${p.s(0.8)}/>`;
  }
  return out;
}

/** Three wrapped presents with ribbons and bows, standing on the floor at (x, y) (their left foot). */
export function presents(c: PenOnly, x: number, y: number) {
  const { p } = c;
  const box = (bx: number, by: number, w: number, h: number, colour: string, ribbon: string) =>
    `<rect x="${bx}" y="${by - h}" width="${w}" height="${h}" rx="6" fill="${p.f(colour)}" ${p.s()}/>` +
    `<rect x="${r(bx + w / 2 - 9)}" y="${by - h}" width="18" height="${h}" fill="${p.f(ribbon)}" ${p.s(0.7)}/>` +
    `<path d="M${r(bx + w / 2)} ${by - h} q-40 -40 -44 -4 q-2 18 44 4 Z" fill="${p.f(ribbon)}" ${p.s(0.8)}/>` +
    `<path d="M${r(bx + w / 2)} ${by - h} q40 -40 44 -4 q2 18 -44 4 Z" fill="${p.f(ribbon)}" ${p.s(0.8)}/>`;
  return (
    box(x, y, 150, 120, '#6fb3e0', '#f6c15c') +
    box(x + 160, y, 110, 90, '#f28fb0', '#ffffff') +
    box(x + 40, y - 120, 80, 70, '#7cc47a', BALLOON_RED)
  );
}

/** The birthday cake on its plate, centred at x with its plate at y; its candles lit or blown out. */
export function cake(c: PenOnly, x: number, y: number, lit: boolean) {
  const { p } = c;
  let back =
    `<ellipse cx="${x}" cy="${y}" rx="150" ry="20" fill="${p.f('#ffffff')}" ${p.s()}/>` +
    `<rect x="${x - 120}" y="${y - 100}" width="240" height="100" rx="14" fill="${p.f('#8a5a3c')}" ${p.s()}/>` +
    `<rect x="${x - 85}" y="${y - 175}" width="170" height="78" rx="12" fill="${p.f('#f6a8bf')}" ${p.s()}/>` +
    // The icing's drips over the bottom tier: a wavy edge.
    `<path d="M${x - 120} ${y - 80} q20 30 40 0 q20 30 40 0 q20 30 40 0 q20 30 40 0 q20 30 40 0 q20 30 40 0 L${x + 120} ${y - 100} L${x - 120} ${y - 100} Z" fill="${p.f('#fff4f7')}" ${p.s(0.8)}/>`;
  back += p.colourOnly(
    `<circle cx="${x - 60}" cy="${y - 140}" r="7" fill="${BALLOON_RED}"/><circle cx="${x}" cy="${y - 130}" r="7" fill="${BALLOON_RED}"/><circle cx="${x + 55}" cy="${y - 142}" r="7" fill="${BALLOON_RED}"/>`,
  );
  let glow = '';
  for (const [i, dx] of [-60, -30, 0, 30, 60].entries()) {
    const cx = x + dx;
    const top = y - 175 - 50;
    back += `<rect x="${cx - 7}" y="${top}" width="14" height="50" rx="4" fill="${p.f(PARTY_COLOURS[i]!)}" ${p.s(0.7)}/>`;
    if (lit) {
      back += `<path d="M${cx} ${top - 36} Q${cx + 14} ${top - 14} ${cx} ${top - 4} Q${cx - 14} ${top - 14} ${cx} ${top - 36} Z" fill="${p.f('#ffd54f')}" ${p.s(0.7)}/>`;
      glow += p.colourOnly(`<circle cx="${cx}" cy="${top - 20}" r="34" fill="#ffe08a" fill-opacity="0.35"/>`);
    } else {
      // Blown out: a little curl of smoke.
      back += p.stroke(`M${cx} ${top - 4} q-10 -14 0 -26 q10 -12 0 -24`, 0.6, '#9a9ab8');
    }
  }
  return {
    back,
    glow: lit
      ? glow + p.colourOnly(`<circle cx="${x}" cy="${y - 240}" r="190" fill="#ffd27a" fill-opacity="0.16"/>`)
      : '',
  };
}

/**
 * Where each setting puts the birthday's things, in its own space (feature on the left): the
 * balloons' knot, the presents' left foot, the runaway balloon, the garlands' height. A setting
 * without a spot does not draw that thing.
 */
type PartySpots = {
  /** `atBedFoot`: tied to the foot of the bed, which a cast's longer bed moves along (issue 35). */
  bunch?: { x: number; y: number; atBedFoot?: boolean };
  presents?: { x: number; y: number };
  loose?: { x: number; y: number };
  bunting?: number;
};

const PARTY_SPOTS: Record<Setting, PartySpots> = {
  bedroom: {
    bunch: { x: 646, y: 530, atBedFoot: true },
    presents: { x: 700, y: 760 },
    loose: { x: 660, y: 220 },
  },
  bathroom: {},
  window: { loose: { x: 420, y: 250 } },
  garden: {
    bunch: { x: 260, y: 510 },
    presents: { x: 300, y: 740 },
    loose: { x: 560, y: 190 },
    bunting: 480,
  },
  'forest-path': { loose: { x: 880, y: 220 } },
  meadow: { loose: { x: 560, y: 150 }, bunch: { x: 230, y: 560 } },
  river: { loose: { x: 560, y: 170 } },
  sky: { loose: { x: 700, y: 300 } },
  stars: {},
  moon: {},
  castle: {},
  kitchen: { bunch: { x: 900, y: 560 }, bunting: 30 },
  'party-room': {
    bunch: { x: 330, y: 500 },
    presents: { x: 60, y: 745 },
    loose: { x: 480, y: 190 },
    bunting: 40,
  },
};

function partyProps(c: SettingContext, spots: PartySpots) {
  let back = '';
  if (c.has('bunting') && spots.bunting !== undefined) back += bunting(c, spots.bunting);
  if (c.has('balloons') && spots.bunch) {
    // "The balloons are tied to the end of the bed": at its foot post, wherever a cast's bed ends.
    const x = spots.bunch.x + (spots.bunch.atBedFoot ? nestExtra(c) : 0);
    back += balloonBunch(c, x, spots.bunch.y, Math.max(0, x + 125 - (SPACE - 25)));
  }
  if (c.has('loose-balloon') && spots.loose)
    back += balloon(c, spots.loose.x, spots.loose.y, 62, BALLOON_RED);
  if (c.has('presents') && spots.presents) back += presents(c, spots.presents.x, spots.presents.y);
  return { back, glow: '' };
}

/**
 * The living room dressed for the party: a sofa on the left, a window, the garlands, and with the
 * cake a table in front of the characters, the cake on it.
 */
function partyRoom(c: SettingContext): SettingArt {
  const { p, light } = c;
  let back = sky(c, -10, -10, SPACE + 20, FLOOR + 10, light.wall, light.wallLow);
  if (p.line)
    back = `<rect x="-10" y="-10" width="${SPACE + 20}" height="${FLOOR + 10}" fill="#fff" ${p.s()}/>`;
  back += groundPlane(c, FLOOR, light.floor) + floorboards(c, FLOOR);
  back += `<ellipse cx="560" cy="870" rx="360" ry="70" fill="${p.f('#9fc7a8')}" ${p.s()}/>`;
  const win = windowView(c, 600, 130, 260, 260);
  back += win.back + curtains(c, 600, 130, 260, 260, '#f2c14e');
  let glow = win.glow;
  // A picture on the wall over the sofa.
  back += `<rect x="120" y="170" width="170" height="120" rx="8" fill="${p.f('#f7efe0')}" ${p.s(1.2)}/><path d="M140 272 Q190 210 220 240 Q245 215 270 272 Z" fill="${p.f('#8cc48a')}" ${p.s()}/>`;
  // The sofa on the left.
  back += `<rect x="-20" y="470" width="380" height="120" rx="30" fill="${p.f('#e58a6f')}" ${p.s()}/>`;
  back += `<rect x="-20" y="570" width="400" height="110" rx="20" fill="${p.f('#d9745c')}" ${p.s()}/>`;
  back += `<rect x="330" y="530" width="60" height="150" rx="24" fill="${p.f('#e58a6f')}" ${p.s()}/>`;
  back += `<rect x="30" y="680" width="24" height="40" fill="${p.f('#8a5c3b')}" ${p.s()}/><rect x="320" y="680" width="24" height="40" fill="${p.f('#8a5c3b')}" ${p.s()}/>`;
  let front = '';
  if (c.has('music-notes')) {
    const note = (x: number, y: number) =>
      `<ellipse cx="${x}" cy="${y}" rx="16" ry="12" fill="${p.f('#fff2b0')}" ${p.s()}/>${p.stroke(`M${x + 14} ${y} L${x + 14} ${y - 60} L${x + 36} ${y - 48}`, 1)}`;
    glow += note(180, 380) + note(900, 470) + note(260, 460);
  }
  if (c.has('cake')) {
    // The table before the sofa, the cake on it: the characters stand beside it, on the open side.
    front += `<rect x="60" y="640" width="580" height="40" rx="12" fill="${p.f('#c48a5c')}" ${p.s()}/><rect x="100" y="680" width="30" height="150" fill="${p.f('#a8714a')}" ${p.s()}/><rect x="570" y="680" width="30" height="150" fill="${p.f('#a8714a')}" ${p.s()}/>`;
    const drawn = cake(c, 310, 640, c.has('candles'));
    front += drawn.back;
    glow += drawn.glow;
  }
  return { back, front, glow, ground: 760 };
}

const SETTINGS: Record<Setting, (c: SettingContext) => SettingArt> = {
  bedroom,
  bathroom,
  window: windowSetting,
  garden,
  'forest-path': forestPath,
  meadow,
  river,
  sky: (c) => skySetting(c, 'sky'),
  stars: (c) => skySetting(c, 'stars'),
  moon: (c) => skySetting(c, 'moon'),
  castle: (c) => skySetting(c, 'castle'),
  kitchen,
  'party-room': partyRoom,
};
