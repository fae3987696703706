import { cottage, flower, INK, sparkle, tree, tuft } from './cover-art';

/**
 * The painted backgrounds of the offline book pages: one small vector scene per key of the story
 * vocabulary, drawn on a 1024 x 1024 canvas in the covers' style (flat shapes, ink outlines, a warm
 * storybook palette). Each scene also says where the child and the toy stand: a few layouts per
 * scene, picked by page number. Everything random comes from the seeded generator in the context.
 */

export const SCENE_SIZE = 1024;

/** Where a round character vignette sits: centre and radius, in scene pixels. */
export type Spot = { x: number; y: number; r: number };
export type Layout = { child: Spot; toy: Spot };
export type Palette = 'night' | 'evening' | 'morning';

export type SceneContext = {
  /** Seeded generator in [0, 1). */
  next: () => number;
  /** Where the characters stand on this page (unmirrored scene coordinates). */
  layout: Layout;
  /** A document-unique id for a gradient, mask or clip path. */
  uid: (name: string) => string;
  /** Drawn for a coloring page: leave out the specks (small stars, wallpaper dots, glows of fireflies). */
  line: boolean;
};

/** `back` is drawn behind the characters, `front` over them (a blanket, a boat's hull, a table). */
export type SceneArt = { back: string; front: string };

export type Scene = {
  palette: Palette;
  /** Character placements; the page number picks one. Each needs room for both vignettes. */
  layouts: readonly Layout[];
  draw: (c: SceneContext) => SceneArt;
};

const r1 = (value: number) => Math.round(value * 10) / 10;
const between = (c: SceneContext, low: number, high: number) => low + c.next() * (high - low);

const SKIES: Record<Palette, readonly [string, string, string, string]> = {
  night: ['#0f1239', '#262d6d', '#4a4796', '#8c6bb3'],
  evening: ['#23245f', '#5b3f8f', '#c66c8e', '#f5ae7e'],
  morning: ['#79c3ee', '#acdcf5', '#e4f3f4', '#fff0c8'],
};

/** A vertical gradient id for the sky of a palette. */
function skyGradient(
  c: SceneContext,
  palette: Palette,
  y0 = 0,
  y1 = SCENE_SIZE,
): { defs: string; id: string } {
  const id = c.uid('sky');
  const [a, b, d, e] = SKIES[palette];
  return {
    id,
    defs: `<linearGradient id="${id}" x1="0" y1="${y0}" x2="0" y2="${y1}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${a}"/><stop offset="0.42" stop-color="${b}"/>
      <stop offset="0.75" stop-color="${d}"/><stop offset="1" stop-color="${e}"/></linearGradient>`,
  };
}

function sky(c: SceneContext, palette: Palette, height = SCENE_SIZE): string {
  const g = skyGradient(c, palette, 0, height);
  return `<defs>${g.defs}</defs><rect width="${SCENE_SIZE}" height="${height}" fill="url(#${g.id})"/>`;
}

/** A soft round light (lamp, moon, firefly halo) made of a radial gradient. */
function glow(c: SceneContext, x: number, y: number, r: number, colour: string, opacity: number): string {
  const id = c.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/>
    <stop offset="0.5" stop-color="${colour}" stop-opacity="${r1(opacity * 0.35)}"/>
    <stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>
    <circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="url(#${id})"/>`;
}

/** Stars in an area, kept off the characters and anything listed in `avoid`. */
function stars(
  c: SceneContext,
  count: number,
  area: { x0: number; y0: number; x1: number; y1: number },
  avoid: readonly Spot[] = [],
): string {
  const out: string[] = [];
  const keepOff = [c.layout.child, c.layout.toy, ...avoid];
  for (let attempt = 0, placed = 0; attempt < count * 4 && placed < count; attempt++) {
    const x = between(c, area.x0, area.x1);
    const y = between(c, area.y0, area.y1);
    const size = c.next();
    if (keepOff.some((s) => Math.hypot(x - s.x, y - s.y) < s.r + 30)) continue;
    placed++;
    const twinkle = c.next();
    if (size > 0.85) out.push(sparkle(x, y, 9 + size * 9, '#fff3c4', 0.95));
    else if (!c.line)
      out.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(1.6 + size * 2.6)}" fill="#fffbe8" fill-opacity="${r1(0.55 + twinkle * 0.45)}"/>`,
      );
  }
  return out.join('');
}

/** The moon with its halo; a crescent or a full moon with craters. */
function moon(c: SceneContext, x: number, y: number, r: number, crescent: boolean): string {
  const halo = glow(c, x, y, r * 3.2, '#fff4c8', 0.5);
  if (!crescent) {
    return `${halo}<circle cx="${x}" cy="${y}" r="${r}" fill="#fff1bf" stroke="${INK}" stroke-width="4"/>
      <circle cx="${r1(x - r * 0.3)}" cy="${r1(y - r * 0.2)}" r="${r1(r * 0.18)}" fill="#f3dc98"/>
      <circle cx="${r1(x + r * 0.35)}" cy="${r1(y + r * 0.1)}" r="${r1(r * 0.13)}" fill="#f3dc98"/>
      <circle cx="${r1(x - r * 0.05)}" cy="${r1(y + r * 0.45)}" r="${r1(r * 0.1)}" fill="#f3dc98"/>`;
  }
  // The lit part between the moon's edge and a shadow circle, as one path: a mask costs a full layer.
  const sx = x - r * 0.48;
  const sy = y - r * 0.3;
  const sr = r * 0.93;
  const d = Math.hypot(x - sx, y - sy);
  const a = (r * r - sr * sr + d * d) / (2 * d);
  const h = Math.sqrt(r * r - a * a);
  const ux = (sx - x) / d;
  const uy = (sy - y) / d;
  const p1 = [x + ux * a - uy * h, y + uy * a + ux * h].map(r1);
  const p2 = [x + ux * a + uy * h, y + uy * a - ux * h].map(r1);
  return `${halo}<path d="M${p1[0]} ${p1[1]} A${r} ${r} 0 1 1 ${p2[0]} ${p2[1]} A${r1(sr)} ${r1(sr)} 0 0 0 ${p1[0]} ${p1[1]} Z" fill="#fff1bf" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
}

function sun(c: SceneContext, x: number, y: number, r: number): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const inner = r * 1.25;
    const outer = r * (i % 2 ? 1.55 : 1.75);
    return `<path d="M${r1(x + Math.cos(a) * inner)} ${r1(y + Math.sin(a) * inner)} L${r1(x + Math.cos(a) * outer)} ${r1(y + Math.sin(a) * outer)}" stroke="#ffc94d" stroke-width="9" stroke-linecap="round"/>`;
  }).join('');
  return `${glow(c, x, y, r * 3.5, '#fff3b0', 0.7)}${rays}<circle cx="${x}" cy="${y}" r="${r}" fill="#ffd45e" stroke="${INK}" stroke-width="4"/>
    <path d="M${r1(x - r * 0.55)} ${r1(y - r * 0.25)} Q${r1(x - r * 0.35)} ${r1(y - r * 0.6)} ${r1(x)} ${r1(y - r * 0.62)}" stroke="#fff6c9" stroke-width="6" fill="none" stroke-linecap="round"/>`;
}

/** A puffy cloud with an ink outline: overlapping bumps on a flat base. */
function cloud(x: number, y: number, scale: number, fill: string, opacity = 1, outline = true): string {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 100) / 100})">
    <path d="M-70 0 Q-72 -26 -44 -28 Q-36 -58 -4 -52 Q14 -74 40 -52 Q70 -52 70 -24 Q88 -18 80 0 Z" fill="${fill}" fill-opacity="${opacity}" ${outline ? `stroke="${INK}" stroke-opacity="${opacity}" stroke-width="${r1(4 / scale)}" stroke-linejoin="round"` : ''}/>
  </g>`;
}

/** A rolling hill from the left edge to the right edge, top line through the given heights. */
function hill(heights: readonly number[], fill: string, stroke = true): string {
  const step = SCENE_SIZE / (heights.length - 1);
  let d = `M-10 ${heights[0]}`;
  for (let i = 1; i < heights.length; i++) {
    const x0 = (i - 1) * step;
    const x1 = i * step;
    d += ` C${r1(x0 + step / 2)} ${heights[i - 1]} ${r1(x1 - step / 2)} ${heights[i]} ${r1(i === heights.length - 1 ? x1 + 10 : x1)} ${heights[i]}`;
  }
  d += ` V${SCENE_SIZE + 10} H-10 Z`;
  return `<path d="${d}" fill="${fill}" ${stroke ? `stroke="${INK}" stroke-width="5" stroke-linejoin="round"` : ''}/>`;
}

/** A pine tree standing at (x, y). */
function pine(x: number, y: number, scale: number, fill: string): string {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 100) / 100})">
    <rect x="-6" y="-24" width="12" height="26" fill="#4a3048" stroke="${INK}" stroke-width="3"/>
    <path d="M0 -150 L-34 -96 H-18 L-52 -52 H-30 L-66 -20 H66 L30 -52 H52 L18 -96 H34 Z" fill="${fill}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
  </g>`;
}

/** A glowing firefly: a halo and a bright dot. */
function firefly(x: number, y: number, r: number): string {
  return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 3.2)}" fill="#fff6a0" fill-opacity="0.18"/>
    <circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 1.8)}" fill="#fff6a0" fill-opacity="0.35"/>
    <circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="#fffbd8"/>`;
}

function fireflies(
  c: SceneContext,
  count: number,
  area: { x0: number; y0: number; x1: number; y1: number },
): string {
  const flies = Array.from({ length: count }, () =>
    firefly(between(c, area.x0, area.x1), between(c, area.y0, area.y1), between(c, 3, 6)),
  );
  // Drawn or not, they take their numbers from the generator: the rest of the scene stays in place.
  return c.line ? '' : flies.join('');
}

function flowers(
  c: SceneContext,
  count: number,
  area: { x0: number; y0: number; x1: number; y1: number },
): string {
  const petals = ['#ffd3e2', '#fff6d8', '#d9ccff', '#ffe08a', '#ffb3a7'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = between(c, area.x0, area.x1);
    const y = between(c, area.y0, area.y1);
    out.push(flower(x, y, between(c, 1.6, 2.4), petals[Math.floor(c.next() * petals.length)]!));
    out.push(
      `<g transform="translate(${r1(x + 18)} ${r1(y + 4)}) scale(1.6) translate(${r1(-x - 18)} ${r1(-y - 4)})">${tuft(x + 18, y + 4)}</g>`,
    );
  }
  return out.join('');
}

/** A wall with a wallpaper of small motifs and a wooden floor below `floorY`. */
function room(
  c: SceneContext,
  {
    wall,
    wallDark,
    motif,
    floor,
    floorY,
  }: { wall: string; wallDark: string; motif: string; floor: string; floorY: number },
): string {
  const wallId = c.uid('wall');
  const dots: string[] = [];
  for (let row = 0; row * 86 < floorY && !c.line; row++) {
    for (let col = 0; col < 13; col++) {
      const x = col * 86 + (row % 2) * 43 + 20;
      const y = row * 86 + 40;
      dots.push(
        row % 2
          ? sparkle(x, y, 8, motif, 0.5)
          : `<circle cx="${x}" cy="${y}" r="5" fill="${motif}" fill-opacity="0.45"/>`,
      );
    }
  }
  const boards = Array.from({ length: 9 }, (_, i) => {
    const y = floorY + 18 + i * i * 9 + i * 14;
    return y < SCENE_SIZE
      ? `<path d="M0 ${y} H${SCENE_SIZE}" stroke="${INK}" stroke-opacity="0.35" stroke-width="3"/>`
      : '';
  }).join('');
  return `<defs><linearGradient id="${wallId}" x1="0" y1="0" x2="0" y2="${floorY}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${wallDark}"/><stop offset="1" stop-color="${wall}"/></linearGradient></defs>
    <rect width="${SCENE_SIZE}" height="${floorY}" fill="url(#${wallId})"/>${dots.join('')}
    <rect y="${floorY}" width="${SCENE_SIZE}" height="${SCENE_SIZE - floorY}" fill="${floor}"/>${boards}
    <rect x="-5" y="${floorY - 16}" width="${SCENE_SIZE + 10}" height="22" fill="#f4e3c8" stroke="${INK}" stroke-width="4"/>`;
}

type WindowView = Palette | 'rain' | 'wind';

/** A window with curtains; the sky outside matches the view. */
function windowFrame(
  c: SceneContext,
  {
    x,
    y,
    w,
    h,
    view,
    curtain,
    moonFull,
  }: { x: number; y: number; w: number; h: number; view: WindowView; curtain: string; moonFull?: boolean },
): string {
  const clip = c.uid('pane');
  const palette: Palette = view === 'rain' || view === 'wind' ? 'night' : view;
  const g = skyGradient(c, palette, y, y + h * 1.4);
  let outside = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${g.id})"/>`;
  if (view === 'rain') {
    outside = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#5d6f99"/>
      ${cloud(x + w * 0.3, y + h * 0.3, 1.4, '#7f8db3', 1, false)}${cloud(x + w * 0.8, y + h * 0.2, 1.1, '#8a97bb', 1, false)}`;
    const drops: string[] = [];
    for (let i = 0; i < 46; i++) {
      const dx = between(c, x, x + w);
      const dy = between(c, y, y + h);
      drops.push(
        `<path d="M${r1(dx)} ${r1(dy)} l-7 26" stroke="#dfe9ff" stroke-width="3" stroke-linecap="round" stroke-opacity="0.7"/>`,
      );
    }
    for (let i = 0; i < 10; i++) {
      const dx = between(c, x + 10, x + w - 10);
      const dy = between(c, y + 10, y + h - 10);
      drops.push(
        `<circle cx="${r1(dx)}" cy="${r1(dy)}" r="${r1(between(c, 4, 8))}" fill="#eef4ff" fill-opacity="0.75"/>`,
      );
    }
    outside += drops.join('');
  } else if (view === 'wind') {
    const gusts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const gx = between(c, x - 40, x + w * 0.6);
      const gy = between(c, y + 30, y + h - 60);
      gusts.push(
        `<path d="M${r1(gx)} ${r1(gy)} q50 -34 100 0 t100 0 q26 -30 4 -44" stroke="#e6ecff" stroke-opacity="0.75" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      );
    }
    const leaves = ['#f6c65b', '#e0894a', '#7fc8b8'];
    for (let i = 0; i < 9; i++) {
      const lx = between(c, x + 10, x + w - 10);
      const ly = between(c, y + 10, y + h - 10);
      gusts.push(
        `<ellipse cx="${r1(lx)}" cy="${r1(ly)}" rx="16" ry="8" transform="rotate(${Math.round(between(c, -60, 60))} ${r1(lx)} ${r1(ly)})" fill="${leaves[i % 3]}" stroke="${INK}" stroke-width="3"/>`,
      );
    }
    outside += stars(c, 8, { x0: x, y0: y, x1: x + w, y1: y + h });
    outside += moon(c, x + w * 0.78, y + h * 0.22, Math.min(w, h) * 0.12, true);
    outside += `${cloud(x + w * 0.25, y + h * 0.3, 1.3, '#8f9ad0')}${cloud(x + w * 0.7, y + h * 0.55, 1, '#a3acdc')}`;
    outside += `<path d="M${x + w * 0.1} ${y + h} q30 -160 -10 -260 q40 60 60 20" stroke="#3a2a4f" stroke-width="18" fill="none" stroke-linecap="round"/>`;
    outside += gusts.join('');
  } else if (view === 'morning') {
    outside += sun(c, x + w * 0.68, y + h * 0.32, Math.min(w, h) * 0.13);
    outside += cloud(x + w * 0.28, y + h * 0.55, 0.9, '#ffffff');
  } else {
    outside += stars(c, 14, { x0: x, y0: y, x1: x + w, y1: y + h });
    outside += moon(c, x + w * 0.66, y + h * 0.34, Math.min(w, h) * (moonFull ? 0.18 : 0.15), !moonFull);
    if (view === 'evening') outside += cloud(x + w * 0.3, y + h * 0.7, 0.8, '#e39aa8', 0.9);
  }
  const cx = x + w / 2;
  const cy = y + h / 2;
  const drape = (side: -1 | 1) => {
    const edge = side < 0 ? x - 40 : x + w + 40;
    const inner = side < 0 ? x + w * 0.16 : x + w * 0.84;
    return `<path d="M${edge} ${y - 40} L${inner} ${y - 40} Q${inner + side * 30} ${cy} ${side < 0 ? x + 10 : x + w - 10} ${y + h * 0.62} Q${inner - side * 10} ${y + h * 0.8} ${inner + side * 20} ${y + h + 30} L${edge} ${y + h + 30} Z" fill="${curtain}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
      <path d="M${edge + (side < 0 ? 26 : -26)} ${y - 30} V${y + h + 20}" stroke="#ffffff" stroke-opacity="0.22" stroke-width="8"/>`;
  };
  return `<defs>${g.defs}<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${view === 'rain' ? 6 : 10}"/></clipPath></defs>
    <rect x="${x - 18}" y="${y - 18}" width="${w + 36}" height="${h + 36}" rx="14" fill="#f4e3c8" stroke="${INK}" stroke-width="5"/>
    <g clip-path="url(#${clip})">${outside}</g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="none" stroke="${INK}" stroke-width="4"/>
    <path d="M${cx} ${y} V${y + h} M${x} ${cy} H${x + w}" stroke="#f4e3c8" stroke-width="14"/>
    <path d="M${cx} ${y} V${y + h} M${x} ${cy} H${x + w}" stroke="${INK}" stroke-width="3" stroke-opacity="0.6"/>
    <rect x="${x - 34}" y="${y + h + 10}" width="${w + 68}" height="24" rx="6" fill="#e9cfa6" stroke="${INK}" stroke-width="4"/>
    ${drape(-1)}${drape(1)}
    <rect x="${x - 70}" y="${y - 62}" width="${w + 140}" height="22" rx="11" fill="#8a5a44" stroke="${INK}" stroke-width="4"/>`;
}

/** A bed: headboard, mattress and pillow behind; the blanket is drawn in front of whoever is in it. */
function bed(
  c: SceneContext,
  {
    x,
    y,
    w,
    blanket,
    trim,
    folded,
  }: { x: number; y: number; w: number; blanket: string; trim: string; folded?: boolean },
): SceneArt {
  const dots = c.uid('dots');
  const topY = folded ? y + 150 : y + 70;
  const pattern: string[] = [];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col * 60 < w + 60; col++) {
      pattern.push(
        `<circle cx="${x + col * 60 + (row % 2) * 30}" cy="${topY + 40 + row * 50}" r="9" fill="${trim}" fill-opacity="0.6"/>`,
      );
    }
  }
  const blanketPath = `M${x - 10} ${topY} Q${x + w * 0.25} ${topY - 24} ${x + w * 0.5} ${topY - 6} T${x + w + 10} ${topY - 4} L${x + w + 24} ${y + 330} H${x - 24} Z`;
  return {
    back: `<path d="M${x - 10} ${y + 40} V${y - 160} Q${x - 10} ${y - 230} ${x + 60} ${y - 230} H${x + w - 60} Q${x + w + 10} ${y - 230} ${x + w + 10} ${y - 160} V${y + 40} Z" fill="#b7795a" stroke="${INK}" stroke-width="5"/>
      <path d="M${x + 40} ${y - 150} Q${x + w / 2} ${y - 200} ${x + w - 40} ${y - 150}" stroke="#d69a78" stroke-width="10" fill="none" stroke-linecap="round"/>
      <rect x="${x - 20}" y="${y + 20}" width="${w + 40}" height="110" rx="30" fill="#f7efe2" stroke="${INK}" stroke-width="5"/>
      <path d="M${x + 30} ${y + 30} Q${x + w * 0.5 - 40} ${y - 70} ${x + w * 0.5 + 40} ${y - 20} Q${x + w * 0.55} ${y + 40} ${x + 40} ${y + 70} Z" fill="#ffffff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
      <rect x="${x - 16}" y="${y + 280}" width="26" height="60" fill="#8a5a44" stroke="${INK}" stroke-width="4"/>
      <rect x="${x + w - 10}" y="${y + 280}" width="26" height="60" fill="#8a5a44" stroke="${INK}" stroke-width="4"/>`,
    front: `<defs><clipPath id="${dots}"><path d="${blanketPath}"/></clipPath></defs>
      <path d="${blanketPath}" fill="${blanket}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
      <g clip-path="url(#${dots})">${pattern.join('')}</g>
      <path d="M${x - 4} ${topY + 6} Q${x + w * 0.25} ${topY - 16} ${x + w * 0.5} ${topY + 2} T${x + w + 4} ${topY + 4}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  };
}

/** A bedside lamp with a warm glow, standing on a little table at (x, y). */
function lamp(c: SceneContext, x: number, y: number, on = true): string {
  return `${on ? glow(c, x, y - 150, 260, '#ffd98a', 0.55) : ''}
    <rect x="${x - 60}" y="${y}" width="120" height="18" rx="6" fill="#9a6548" stroke="${INK}" stroke-width="4"/>
    <rect x="${x - 50}" y="${y + 18}" width="100" height="120" fill="#b7795a" stroke="${INK}" stroke-width="4"/>
    <circle cx="${x}" cy="${y + 70}" r="7" fill="#f4e3c8" stroke="${INK}" stroke-width="3"/>
    <path d="M${x - 20} ${y} Q${x} ${y - 20} ${x + 20} ${y} Z M${x - 5} ${y - 12} V${y - 90} H${x + 5} V${y - 12}" fill="#f4e3c8" stroke="${INK}" stroke-width="4"/>
    <path d="M${x - 55} ${y - 90} L${x - 32} ${y - 170} H${x + 32} L${x + 55} ${y - 90} Z" fill="${on ? '#ffd66b' : '#e6b86a'}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
}

/** A rounded rug on the floor. */
function rug(x: number, y: number, w: number, fill: string, trim: string): string {
  return `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${w / 7}" fill="${fill}" stroke="${INK}" stroke-width="4"/>
    <ellipse cx="${x}" cy="${y}" rx="${w / 2 - 24}" ry="${w / 7 - 10}" fill="none" stroke="${trim}" stroke-width="6" stroke-dasharray="18 12"/>`;
}

/** A framed little picture on the wall (a mountain and a sun). */
function picture(x: number, y: number, w: number, h: number, frame: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fff6e6" stroke="${INK}" stroke-width="4"/>
    <rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" fill="#bfe3ea" stroke="${frame}" stroke-width="4"/>
    <path d="M${x + 10} ${y + h - 10} L${x + w * 0.4} ${y + h * 0.45} L${x + w * 0.6} ${y + h * 0.7} L${x + w * 0.75} ${y + h * 0.55} L${x + w - 10} ${y + h - 10} Z" fill="#6fae8f"/>
    <circle cx="${x + w * 0.75}" cy="${y + h * 0.3}" r="${h * 0.1}" fill="#ffd45e"/>`;
}

/** The default layouts: the child a little left of centre, the toy beside, on the ground. */
const GROUND_LAYOUTS: readonly Layout[] = [
  { child: { x: 380, y: 640, r: 170 }, toy: { x: 680, y: 730, r: 118 } },
  { child: { x: 330, y: 620, r: 165 }, toy: { x: 620, y: 750, r: 120 } },
  { child: { x: 590, y: 620, r: 170 }, toy: { x: 290, y: 750, r: 115 } },
];

function bedroom(c: SceneContext, palette: Palette, inBed: boolean): SceneArt {
  const night = palette === 'night';
  const morning = palette === 'morning';
  const wall = morning ? '#ffe4bf' : night ? '#343a78' : '#5d4d93';
  const wallDark = morning ? '#f7cf9f' : night ? '#1c1f4f' : '#3b3373';
  const floorY = 730;
  const { child } = c.layout;
  // In bed, the child lies under the blanket; otherwise the bed stands against the back wall.
  const theBed = inBed
    ? bed(c, {
        x: child.x - 200,
        y: child.y + 20,
        w: 620,
        blanket: night ? '#5b7bd5' : '#e4677a',
        trim: '#fff3c4',
      })
    : bed(c, {
        x: 560,
        y: 500,
        w: 400,
        blanket: morning ? '#f49ac1' : '#e4677a',
        trim: morning ? '#fff0f6' : '#fff3c4',
        folded: morning,
      });
  const back = [
    room(c, {
      wall,
      wallDark,
      motif: morning ? '#ffffff' : '#fff3c4',
      floor: morning ? '#d9a57c' : '#7a4f45',
      floorY,
    }),
    windowFrame(c, {
      x: inBed ? 690 : 110,
      y: 120,
      w: 230,
      h: 270,
      view: palette,
      curtain: morning ? '#7fc8b8' : '#d88bb5',
    }),
    inBed ? '' : picture(700, 150, 130, 100, '#e4677a'),
    rug(inBed ? 300 : 520, 900, 520, morning ? '#f6c65b' : '#d45d7a', '#fff3c4'),
    theBed.back,
    inBed ? '' : theBed.front,
    lamp(c, inBed ? 90 : 440, 590, !morning),
    morning
      ? '<path d="M110 390 L420 1024 H640 L340 390 Z" fill="#fff6c9" fill-opacity="0.35"/>'
      : night
        ? glow(c, 512, 200, 600, '#0b0d2e', 0.35)
        : '',
  ].join('');
  return { back, front: inBed ? theBed.front : '' };
}

function bathroom(c: SceneContext): SceneArt {
  const tiles: string[] = [];
  for (let y = 0; y < 760; y += 72) tiles.push(`<path d="M0 ${y} H1024" stroke="#8fc3cf" stroke-width="3"/>`);
  for (let x = 0; x < 1024; x += 72) tiles.push(`<path d="M${x} 0 V760" stroke="#8fc3cf" stroke-width="3"/>`);
  const { child, toy } = c.layout;
  // The child is in the tub, the rim below the face; the toy watches from a dry stool beside it.
  const tubTop = Math.round(child.y + child.r * 0.62);
  const left = Math.max(30, child.x - child.r - 120);
  const right = Math.min(994, child.x + child.r + 120);
  const bubbles: string[] = [];
  for (let i = 0; i < 18; i++) {
    const x = between(c, left + 50, right - 50);
    const y = tubTop - between(c, -10, 16);
    const r = between(c, 12, 30);
    bubbles.push(
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="#ffffff" stroke="#9cc9dc" stroke-width="3"/><circle cx="${r1(x - r * 0.35)}" cy="${r1(y - r * 0.35)}" r="${r1(r * 0.2)}" fill="#e6f6ff"/>`,
    );
  }
  const floating: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = between(c, 120, 900);
    const y = between(c, 120, tubTop - 180);
    floating.push(
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(c, 8, 20))}" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-width="3"/>`,
    );
  }
  const duckX = toy.x > child.x ? left + 70 : right - 70;
  const seat = toy.y + toy.r + 8;
  const half = toy.r * 0.85;
  const stool = `<path d="M${r1(toy.x - half + 20)} ${seat + 30} L${r1(toy.x - half + 6)} 930 M${r1(toy.x + half - 20)} ${seat + 30} L${r1(toy.x + half - 6)} 930" stroke="#8a5a44" stroke-width="16" stroke-linecap="round"/>
      <rect x="${r1(toy.x - half)}" y="${seat}" width="${r1(2 * half)}" height="34" rx="14" fill="#7fc8b8" stroke="${INK}" stroke-width="5"/>`;
  const mid = (left + right) / 2;
  return {
    back: `<rect width="1024" height="760" fill="#c9ecf0"/>${tiles.join('')}
      <rect y="760" width="1024" height="264" fill="#f3d9b1"/>
      <path d="M0 760 H1024" stroke="${INK}" stroke-width="5"/>
      ${windowFrame(c, { x: 90, y: 110, w: 170, h: 190, view: 'evening', curtain: '#f6c65b' })}
      <rect x="760" y="210" width="180" height="14" rx="7" fill="#b7795a" stroke="${INK}" stroke-width="4"/>
      <path d="M790 224 H910 V420 Q850 440 790 420 Z" fill="#f49ac1" stroke="${INK}" stroke-width="4"/>
      <path d="M790 380 H910" stroke="#ffffff" stroke-width="10"/>
      ${floating.join('')}${stool}
      <rect x="${left - 10}" y="${tubTop - 30}" width="${right - left + 20}" height="40" rx="20" fill="#ffffff" stroke="${INK}" stroke-width="5"/>`,
    front: `${bubbles.join('')}
      <path d="M${left} ${tubTop} H${right} Q${right - 4} ${tubTop + 230} ${right - 150} ${tubTop + 250} H${left + 150} Q${left + 4} ${tubTop + 230} ${left} ${tubTop} Z" fill="#ffffff" stroke="${INK}" stroke-width="5"/>
      <path d="M${left + 40} ${tubTop + 40} Q${left + 70} ${tubTop + 180} ${left + 170} ${tubTop + 210}" stroke="#d6eef5" stroke-width="14" fill="none" stroke-linecap="round"/>
      <path d="M${left + 140} ${tubTop + 245} l-20 60 h40 z M${right - 140} ${tubTop + 245} l20 60 h-40 z" fill="#f6c65b" stroke="${INK}" stroke-width="4"/>
      <g transform="translate(${r1(duckX)} ${tubTop - 12})${duckX > mid ? ' scale(-1 1)' : ''}">
        <ellipse cx="0" cy="0" rx="44" ry="28" fill="#ffd23f" stroke="${INK}" stroke-width="4"/>
        <circle cx="26" cy="-34" r="22" fill="#ffd23f" stroke="${INK}" stroke-width="4"/>
        <path d="M44 -36 L66 -30 L44 -24 Z" fill="#f28c28" stroke="${INK}" stroke-width="3"/>
        <circle cx="32" cy="-40" r="4" fill="${INK}"/>
      </g>`,
  };
}

function windowMoon(c: SceneContext): SceneArt {
  const { child } = c.layout;
  return {
    back: `${room(c, { wall: '#3a3f80', wallDark: '#1c1f4f', motif: '#fff3c4', floor: '#6f4a45', floorY: 820 })}
      ${windowFrame(c, { x: 200, y: 90, w: 624, h: 470, view: 'night', curtain: '#5b7bd5', moonFull: true })}
      ${glow(c, 512, 360, 520, '#fff4c8', 0.18)}
      <rect x="60" y="${child.y + 100}" width="904" height="60" rx="26" fill="#e4677a" stroke="${INK}" stroke-width="5"/>
      <circle cx="150" cy="${child.y + 70}" r="55" fill="#f6c65b" stroke="${INK}" stroke-width="4"/>
      <circle cx="880" cy="${child.y + 75}" r="50" fill="#7fc8b8" stroke="${INK}" stroke-width="4"/>`,
    front: `<rect x="40" y="${child.y + 140}" width="944" height="300" fill="#b7795a" stroke="${INK}" stroke-width="5"/>
      <path d="M40 ${child.y + 140} H984" stroke="#d69a78" stroke-width="10"/>
      <rect x="100" y="${child.y + 190}" width="360" height="120" rx="14" fill="none" stroke="${INK}" stroke-opacity="0.45" stroke-width="4"/>
      <rect x="564" y="${child.y + 190}" width="360" height="120" rx="14" fill="none" stroke="${INK}" stroke-opacity="0.45" stroke-width="4"/>`,
  };
}

function shadowPlay(c: SceneContext): SceneArt {
  const { child } = c.layout;
  const beam = c.uid('beam');
  const rabbit = `<g transform="translate(640 330) scale(1.5)" fill="#1a1c44">
      <ellipse cx="0" cy="40" rx="70" ry="48"/><ellipse cx="62" cy="8" rx="36" ry="30"/>
      <path d="M56 -14 Q40 -110 66 -112 Q80 -60 74 -14 Z M78 -14 Q92 -100 116 -92 Q104 -46 90 -8 Z"/>
      <circle cx="-70" cy="40" r="18"/></g>`;
  const bird = `<path transform="translate(300 230) scale(1.3)" d="M0 0 Q40 -60 90 -20 Q120 -70 170 -50 Q130 -30 120 0 Q80 30 0 0 Z" fill="#1a1c44"/>`;
  return {
    back: `${room(c, { wall: '#2f3470', wallDark: '#161939', motif: '#8f93d6', floor: '#5a3d44', floorY: 800 })}
      <defs><radialGradient id="${beam}" cx="0.5" cy="0.45" r="0.55">
        <stop offset="0" stop-color="#fff1b8" stop-opacity="0.95"/><stop offset="0.7" stop-color="#ffd98a" stop-opacity="0.75"/>
        <stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient></defs>
      <ellipse cx="540" cy="330" rx="430" ry="300" fill="url(#${beam})"/>
      ${bird}${rabbit}
      ${stars(c, 10, { x0: 40, y0: 30, x1: 1000, y1: 200 })}
      <path d="M${child.x + 140} ${child.y + 150} L${child.x + 200} ${child.y + 120} L${child.x + 215} ${child.y + 150} L${child.x + 155} ${child.y + 180} Z" fill="#e4677a" stroke="${INK}" stroke-width="4"/>
      ${rug(512, 900, 700, '#5b7bd5', '#fff3c4')}`,
    front: '',
  };
}

function garden(c: SceneContext): SceneArt {
  const fence: string[] = [];
  for (let x = -20; x < 1040; x += 64) {
    fence.push(
      `<path d="M${x} 620 V500 L${x + 22} 476 L${x + 44} 500 V620 Z" fill="#e9d3f0" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    );
  }
  return {
    back: `${sky(c, 'night')}${stars(c, 60, { x0: 0, y0: 0, x1: 1024, y1: 440 }, [{ x: 820, y: 170, r: 120 }])}
      ${moon(c, 820, 170, 70, true)}
      ${hill([520, 480, 500, 470, 510], '#2f4f86')}
      ${cottage(200, 500, 2.2, '#f3d9b1', '#d45d5d')}
      <rect x="-10" y="540" width="1044" height="16" fill="#e9d3f0" stroke="${INK}" stroke-width="4"/>${fence.join('')}
      ${hill([640, 610, 630, 600, 620], '#2a7a6e')}
      <circle cx="90" cy="620" r="80" fill="#3d8a7a" stroke="${INK}" stroke-width="4"/>
      <circle cx="950" cy="610" r="90" fill="#3d8a7a" stroke="${INK}" stroke-width="4"/>
      <path d="M420 1030 Q470 820 520 640 Q560 820 700 1030 Z" fill="#c9a27a" stroke="${INK}" stroke-width="4"/>
      ${flowers(c, 14, { x0: 20, y0: 680, x1: 1000, y1: 980 })}
      ${fireflies(c, 22, { x0: 20, y0: 300, x1: 1000, y1: 900 })}`,
    front: flowers(c, 6, { x0: 20, y0: 930, x1: 1000, y1: 1010 }),
  };
}

function forestPath(c: SceneContext): SceneArt {
  const far: string[] = [];
  for (let x = -40; x < 1080; x += 90)
    far.push(pine(x + between(c, -20, 20), 560, between(c, 1.4, 1.9), '#2f4f86'));
  const near = [
    pine(70, 900, 3.8, '#2a7a6e'),
    pine(190, 760, 2.6, '#3d8a7a'),
    pine(880, 780, 3, '#2a7a6e'),
    pine(990, 920, 3.6, '#3d8a7a'),
  ].join('');
  const mushrooms = Array.from({ length: 5 }, () => {
    const x = between(c, 60, 960);
    const y = between(c, 860, 990);
    return `<g transform="translate(${r1(x)} ${r1(y)}) scale(1.5)"><rect x="-6" y="-18" width="12" height="18" rx="4" fill="#fff3da" stroke="${INK}" stroke-width="3"/>
      <path d="M-22 -16 Q0 -46 22 -16 Z" fill="#e4677a" stroke="${INK}" stroke-width="3"/><circle cx="-6" cy="-26" r="3.5" fill="#fff"/><circle cx="8" cy="-24" r="3" fill="#fff"/></g>`;
  }).join('');
  return {
    back: `${sky(c, 'evening')}${stars(c, 30, { x0: 0, y0: 0, x1: 1024, y1: 380 })}
      ${moon(c, 512, 190, 60, false)}
      ${far.join('')}
      ${hill([600, 580, 590, 575, 600], '#24566b')}
      <path d="M380 1030 Q420 860 480 760 Q520 680 512 600 Q560 700 600 780 Q680 900 760 1030 Z" fill="#d8b48a" stroke="${INK}" stroke-width="5"/>
      <path d="M512 620 Q540 700 580 780" stroke="#f0d2a8" stroke-width="10" fill="none" stroke-linecap="round"/>
      ${near}${mushrooms}
      ${fireflies(c, 26, { x0: 20, y0: 280, x1: 1000, y1: 940 })}`,
    front: '',
  };
}

function starrySky(c: SceneContext): SceneArt {
  const band = c.uid('band');
  const constellation: string[] = [];
  let px = between(c, 560, 640);
  let py = between(c, 90, 150);
  const points: [number, number][] = [[px, py]];
  for (let i = 0; i < 5; i++) {
    px += between(c, 50, 90);
    py += between(c, -40, 60);
    points.push([px, py]);
  }
  constellation.push(
    `<path d="M${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L')}" stroke="#fff3c4" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="8 8" fill="none"/>`,
  );
  for (const [x, y] of points) constellation.push(sparkle(x, y, 14, '#fff3c4'));
  return {
    back: `${sky(c, 'night')}
      <defs><linearGradient id="${band}" x1="0" y1="1" x2="1" y2="0">
        <stop offset="0.2" stop-color="#c9b8ff" stop-opacity="0"/><stop offset="0.5" stop-color="#d9ccff" stop-opacity="0.35"/>
        <stop offset="0.8" stop-color="#c9b8ff" stop-opacity="0"/></linearGradient></defs>
      <path d="M-50 700 Q400 380 1100 80 L1100 300 Q500 520 -50 900 Z" fill="url(#${band})"/>
      ${stars(c, 150, { x0: 0, y0: 0, x1: 1024, y1: 720 })}${constellation.join('')}
      ${moon(c, 160, 140, 56, true)}
      <path d="M130 380 Q210 330 300 310" stroke="#fff8dc" stroke-opacity="0.7" stroke-width="5" fill="none" stroke-linecap="round"/>${sparkle(300, 310, 14, '#fff8dc')}
      ${hill([840, 780, 760, 800, 860], '#2d3772')}
      ${tree(860, 790, 2.2, '#3d8a7a')}
      ${hill([930, 900, 910, 890, 920], '#2a7a6e')}`,
    front: '',
  };
}

function cloudBoat(c: SceneContext): SceneArt {
  const { child, toy } = c.layout;
  const left = Math.min(child.x - child.r, toy.x - toy.r) - 60;
  const right = Math.max(child.x + child.r, toy.x + toy.r) + 60;
  const deck = Math.max(child.y, toy.y) + 30;
  const mast = (left + right) / 2 + 20;
  const below = Array.from({ length: 7 }, (_, i) =>
    cloud(
      80 + i * 150 + between(c, -20, 20),
      deck + 220 + between(c, -20, 30),
      between(c, 1.6, 2.2),
      '#e8e2ff',
    ),
  ).join('');
  return {
    back: `${sky(c, 'evening')}${stars(c, 50, { x0: 0, y0: 0, x1: 1024, y1: 500 })}
      ${moon(c, 850, 150, 62, true)}
      ${cloud(180, 260, 1.4, '#d9ccff', 0.8)}${cloud(760, 420, 1.1, '#f2c6da', 0.8)}
      <path d="M${mast} ${deck} V${deck - 520}" stroke="#8a5a44" stroke-width="14"/>
      <path d="M${mast} ${deck} V${deck - 520}" stroke="${INK}" stroke-width="4" stroke-opacity="0.7"/>
      <path d="M${mast + 10} ${deck - 500} Q${mast + 230} ${deck - 330} ${mast + 10} ${deck - 150} Z" fill="#fff6d8" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
      <path d="M${mast + 10} ${deck - 520} L${mast + 90} ${deck - 500} L${mast + 10} ${deck - 480} Z" fill="#e4677a" stroke="${INK}" stroke-width="4"/>`,
    front: `<path d="M${left - 60} ${deck} H${right + 60} Q${right + 10} ${deck + 190} ${(left + right) / 2} ${deck + 190} Q${left - 10} ${deck + 190} ${left - 60} ${deck} Z" fill="#f6c65b" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>
      <path d="M${left - 30} ${deck + 40} H${right + 30}" stroke="#d98e3a" stroke-width="10"/>
      <path d="M${left - 40} ${deck + 10} H${right + 40}" stroke="#fff0b8" stroke-width="8" stroke-linecap="round"/>
      ${[0.25, 0.5, 0.75].map((f) => sparkle(left + (right - left) * f, deck + 100, 16, '#fff8dc')).join('')}
      ${below}`,
  };
}

function meadow(c: SceneContext): SceneArt {
  const grass = Array.from({ length: 40 }, () => {
    const x = between(c, 0, 1024);
    const y = between(c, 940, 1020);
    return `<g transform="translate(${r1(x)} ${r1(y)}) scale(2.4) translate(${r1(-x)} ${r1(-y)})">${tuft(x, y)}</g>`;
  }).join('');
  return {
    back: `${sky(c, 'evening')}${stars(c, 40, { x0: 0, y0: 0, x1: 1024, y1: 420 })}
      ${moon(c, 200, 160, 58, true)}
      ${hill([560, 530, 545, 520, 540], '#5b4f9a')}
      ${tree(120, 560, 2.4, '#3d8a7a')}${tree(870, 545, 2.8, '#4a9a83')}${cottage(700, 540, 1.6, '#f3d9b1', '#d45d5d')}
      ${hill([680, 640, 660, 630, 650], '#3f8f6e')}
      ${flowers(c, 22, { x0: 20, y0: 700, x1: 1000, y1: 990 })}
      ${fireflies(c, 45, { x0: 10, y0: 250, x1: 1010, y1: 980 })}`,
    front: `${grass}${fireflies(c, 8, { x0: 10, y0: 700, x1: 1010, y1: 1000 })}`,
  };
}

/** A paper lantern with its light, `s` times its usual size; afloat, it rides on a little raft. */
function lantern(c: SceneContext, x: number, y: number, s: number, afloat: boolean): string {
  return `${glow(c, x, y - 18 * s, 80 * s, '#ffd98a', 0.65)}
    <g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(s * 100) / 100})">
      <rect x="-26" y="-56" width="52" height="50" rx="16" fill="#ffb347" stroke="${INK}" stroke-width="4"/>
      <path d="M-22 -40 H22 M-24 -24 H24" stroke="#ffe08a" stroke-width="4"/>
      <rect x="-16" y="-64" width="32" height="10" rx="4" fill="#a9435c" stroke="${INK}" stroke-width="3"/>
      ${afloat ? `<path d="M-40 -6 H40 L30 8 H-30 Z" fill="#8a5a44" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>` : ''}
    </g>`;
}

function riverLanterns(c: SceneContext): SceneArt {
  const water = c.uid('water');
  const afloat = Array.from({ length: 7 }, (_, i) => {
    const t = i / 6;
    return lantern(
      c,
      640 + t * 150 + between(c, -1, 1) * (15 + 60 * t),
      520 + t * 430,
      0.45 + t * 1.05,
      true,
    );
  }).join('');
  const aloft = Array.from({ length: 6 }, () =>
    lantern(c, between(c, 420, 980), between(c, 70, 360), between(c, 0.35, 0.55), false),
  ).join('');
  const ripples = [0.25, 0.45, 0.65, 0.85]
    .map((t) => {
      const x = 600 + t * 200;
      const y = 500 + t * 480;
      return `<path d="M${r1(x - 40 * t - 20)} ${r1(y)} q${r1(30 * t + 15)} 8 ${r1(60 * t + 30)} 0" stroke="#b8ccff" stroke-opacity="0.55" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  const reeds = [470, 500, 530]
    .map(
      (x, i) =>
        `<path d="M${x} 1030 q${i * 6 - 6} -70 ${i * 14 - 10} -${120 + i * 20}" stroke="#4f9f84" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
  return {
    back: `${sky(c, 'night', 520)}${stars(c, 60, { x0: 0, y0: 0, x1: 1024, y1: 460 })}
      ${moon(c, 160, 130, 54, false)}${aloft}
      <defs><linearGradient id="${water}" x1="0" y1="480" x2="0" y2="1024" gradientUnits="userSpaceOnUse">
        <stop offset="0" stop-color="#6b86d6"/><stop offset="1" stop-color="#2d4a9a"/></linearGradient></defs>
      <path d="M-10 520 Q300 470 1040 500 V1034 H-10 Z" fill="#24466b" stroke="${INK}" stroke-width="5"/>
      ${pine(760, 510, 0.8, '#2a7a6e')}${pine(850, 505, 1, '#2a7a6e')}${pine(960, 512, 0.9, '#3d8a7a')}
      <path d="M600 488 Q640 484 668 488 Q720 610 880 710 Q990 780 1040 790 V1034 H540 Q630 880 605 720 Q585 600 600 488 Z" fill="url(#${water})" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
      ${ripples}${afloat}
      <path d="M-10 500 Q300 470 600 488 Q585 600 605 720 Q630 880 540 1034 H-10 Z" fill="#2a7a6e" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
      ${flowers(c, 8, { x0: 20, y0: 560, x1: 480, y1: 990 })}${reeds}`,
    front: '',
  };
}

function dreamCastle(c: SceneContext): SceneArt {
  const tower = (x: number, y: number, w: number, h: number, roof: string) =>
    `<rect x="${x - w / 2}" y="${y - h}" width="${w}" height="${h}" fill="#f7e6ff" stroke="${INK}" stroke-width="5"/>
     <path d="M${x - w / 2 - 14} ${y - h} L${x} ${y - h - w * 1.3} L${x + w / 2 + 14} ${y - h} Z" fill="${roof}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>
     <path d="M${x} ${y - h - w * 1.3} V${y - h - w * 1.3 - 40} L${x + 34} ${y - h - w * 1.3 - 28} L${x} ${y - h - w * 1.3 - 18}" fill="#ffd45e" stroke="${INK}" stroke-width="3"/>
     <rect x="${x - 12}" y="${y - h + 30}" width="24" height="34" rx="12" fill="#ffd66b" stroke="${INK}" stroke-width="3"/>`;
  return {
    back: `${sky(c, 'evening')}${stars(c, 70, { x0: 0, y0: 0, x1: 1024, y1: 600 }, [{ x: 720, y: 300, r: 220 }])}
      ${glow(c, 720, 330, 420, '#ffe1ef', 0.45)}
      ${cloud(720, 560, 4.2, '#f2e6ff')}
      ${tower(600, 500, 90, 200, '#f49ac1')}${tower(840, 500, 90, 220, '#7fc8b8')}
      <rect x="620" y="330" width="200" height="170" fill="#f7e6ff" stroke="${INK}" stroke-width="5"/>
      <path d="M620 330 v-24 h28 v24 h28 v-24 h28 v24 h28 v-24 h28 v24 h28 v-24 h32 v24" fill="#f7e6ff" stroke="${INK}" stroke-width="4"/>
      ${tower(720, 400, 110, 260, '#b59cff')}
      <path d="M690 500 V440 Q720 400 750 440 V500 Z" fill="#b7795a" stroke="${INK}" stroke-width="4"/>
      ${cloud(520, 600, 2.2, '#ffffff')}${cloud(960, 590, 2, '#ffffff')}
      <path d="M-20 760 Q200 650 400 720 T1040 700" stroke="#f49ac1" stroke-width="26" fill="none" stroke-opacity="0.8"/>
      <path d="M-20 786 Q200 676 400 746 T1040 726" stroke="#ffd45e" stroke-width="26" fill="none" stroke-opacity="0.8"/>
      <path d="M-20 812 Q200 702 400 772 T1040 752" stroke="#7fc8b8" stroke-width="26" fill="none" stroke-opacity="0.8"/>
      ${hill([900, 850, 870, 840, 880], '#d9ccff')}
      ${Array.from({ length: 6 }, (_, i) => cloud(60 + i * 190, 1000, 2.2, '#ffffff')).join('')}`,
    front: '',
  };
}

function rainyWindow(c: SceneContext, view: 'rain' | 'wind' = 'rain'): SceneArt {
  const { child, toy } = c.layout;
  // The cup of cocoa goes on the side of the seat that is free.
  const cup = Math.min(child.x, toy.x) > 1024 - Math.max(child.x, toy.x) ? 110 : 914;
  return {
    back: `${room(c, { wall: '#6d7fb5', wallDark: '#4a5a8f', motif: '#e6ecff', floor: '#7a5a55', floorY: 860 })}
      ${windowFrame(c, { x: 170, y: 80, w: 684, h: 500, view, curtain: '#f6c65b' })}
      ${glow(c, 900, 520, 300, '#ffd98a', 0.3)}
      <rect x="40" y="${child.y + 90}" width="944" height="70" rx="30" fill="#7fc8b8" stroke="${INK}" stroke-width="5"/>
      <path d="M90 ${child.y + 110} Q200 ${child.y + 95} 300 ${child.y + 112} T520 ${child.y + 110} T740 ${child.y + 112} T940 ${child.y + 108}" stroke="#bfe9de" stroke-width="8" fill="none"/>`,
    front: `<rect x="20" y="${child.y + 150}" width="984" height="300" fill="#b7795a" stroke="${INK}" stroke-width="5"/>
      <path d="M20 ${child.y + 150} H1004" stroke="#d69a78" stroke-width="10"/>
      <g transform="translate(${cup} ${child.y + 120})">
        <path d="M-34 -60 H34 L28 0 H-28 Z" fill="#e4677a" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
        <path d="M34 -46 Q58 -40 32 -14" stroke="${INK}" stroke-width="5" fill="none"/>
        <path d="M-12 -76 q-10 -16 4 -30 M10 -76 q-10 -16 4 -30" stroke="#ffffff" stroke-opacity="0.7" stroke-width="4" fill="none" stroke-linecap="round"/>
      </g>`,
  };
}

function breakfast(c: SceneContext): SceneArt {
  const { child, toy } = c.layout;
  const tableY = Math.max(child.y, toy.y) + 60;
  const checks: string[] = [];
  for (let x = 0; x < 1024; x += 64) {
    checks.push(
      `<rect x="${x}" y="${tableY}" width="32" height="${1024 - tableY}" fill="#e4677a" fill-opacity="0.35"/>`,
    );
  }
  for (let y = tableY + 32; y < 1024; y += 64) {
    checks.push(`<rect x="0" y="${y}" width="1024" height="32" fill="#e4677a" fill-opacity="0.35"/>`);
  }
  const cloth = c.uid('cloth');
  return {
    back: `${room(c, { wall: '#ffe9b8', wallDark: '#ffd98a', motif: '#ffffff', floor: '#d9a57c', floorY: 800 })}
      ${windowFrame(c, { x: 380, y: 90, w: 300, h: 250, view: 'morning', curtain: '#7fc8b8' })}
      <rect x="780" y="250" width="180" height="14" rx="6" fill="#b7795a" stroke="${INK}" stroke-width="4"/>
      <path d="M800 250 v-50 h40 v50 M880 250 q0 -60 30 -60 q30 0 30 60" fill="#7fc8b8" stroke="${INK}" stroke-width="4"/>
      <rect x="60" y="200" width="200" height="14" rx="6" fill="#b7795a" stroke="${INK}" stroke-width="4"/>
      <circle cx="110" cy="165" r="34" fill="#ffffff" stroke="${INK}" stroke-width="4"/><circle cx="200" cy="170" r="28" fill="#f6c65b" stroke="${INK}" stroke-width="4"/>`,
    front: `<defs><clipPath id="${cloth}"><rect x="-10" y="${tableY}" width="1044" height="${1034 - tableY}"/></clipPath></defs>
      <rect x="-10" y="${tableY}" width="1044" height="${1034 - tableY}" fill="#fff6e6" stroke="${INK}" stroke-width="5"/>
      <g clip-path="url(#${cloth})">${checks.join('')}</g>
      <ellipse cx="${child.x}" cy="${tableY + 70}" rx="130" ry="36" fill="#ffffff" stroke="${INK}" stroke-width="4"/>
      <ellipse cx="${child.x}" cy="${tableY + 56}" rx="80" ry="18" fill="#e0a458" stroke="${INK}" stroke-width="3"/>
      <ellipse cx="${child.x}" cy="${tableY + 44}" rx="76" ry="17" fill="#eab56a" stroke="${INK}" stroke-width="3"/>
      <ellipse cx="${child.x}" cy="${tableY + 32}" rx="72" ry="16" fill="#f0c27a" stroke="${INK}" stroke-width="3"/>
      <path d="M${child.x - 30} ${tableY + 22} q30 -16 60 0" stroke="#b5651d" stroke-width="8" fill="none" stroke-linecap="round"/>
      <g transform="translate(${toy.x + toy.r + 40 > 1000 ? toy.x - toy.r - 40 : toy.x + toy.r + 40} ${tableY + 40})">
        <path d="M-30 -70 H30 L26 0 H-26 Z" fill="#ffffff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>
        <path d="M-26 -40 H27" stroke="#bfe3ea" stroke-width="20"/>
      </g>
      <circle cx="${toy.x}" cy="${tableY + 60}" r="40" fill="#ffffff" stroke="${INK}" stroke-width="4"/>
      <circle cx="${toy.x - 8}" cy="${tableY + 52}" r="12" fill="#e4677a"/><circle cx="${toy.x + 12}" cy="${tableY + 62}" r="10" fill="#7d5ba6"/>`,
  };
}

/** A scene for keys outside the vocabulary: hills under a sky whose time of day the words suggest. */
function generic(palette: Palette) {
  return (c: SceneContext): SceneArt => {
    const night = palette !== 'morning';
    return {
      back: `${sky(c, palette)}
        ${night ? `${stars(c, 60, { x0: 0, y0: 0, x1: 1024, y1: 480 })}${moon(c, 840, 160, 62, true)}` : `${sun(c, 820, 170, 70)}${cloud(230, 200, 1.5, '#ffffff')}${cloud(600, 300, 1.1, '#ffffff')}`}
        ${hill([600, 560, 580, 550, 570], night ? '#45559a' : '#8fcf9f')}
        ${cottage(860, 580, 1.8, '#f3d9b1', '#d45d5d')}${tree(120, 600, 2.4, '#3d8a7a')}
        ${hill([720, 690, 700, 680, 700], night ? '#2a7a6e' : '#5fb07c')}
        ${flowers(c, 16, { x0: 20, y0: 760, x1: 1000, y1: 990 })}
        ${night ? fireflies(c, 16, { x0: 20, y0: 400, x1: 1000, y1: 900 }) : ''}`,
      front: '',
    };
  };
}

const BEDROOM_LAYOUTS: readonly Layout[] = [
  { child: { x: 560, y: 620, r: 170 }, toy: { x: 270, y: 770, r: 118 } },
  { child: { x: 420, y: 600, r: 165 }, toy: { x: 700, y: 740, r: 120 } },
];
const IN_BED_LAYOUTS: readonly Layout[] = [
  { child: { x: 400, y: 560, r: 165 }, toy: { x: 700, y: 570, r: 112 } },
  { child: { x: 380, y: 540, r: 160 }, toy: { x: 680, y: 580, r: 112 } },
];
const SEAT_LAYOUTS: readonly Layout[] = [
  { child: { x: 370, y: 600, r: 160 }, toy: { x: 670, y: 650, r: 112 } },
  { child: { x: 640, y: 600, r: 160 }, toy: { x: 340, y: 650, r: 112 } },
];

/** The scenes of the story vocabulary. */
export const SCENES: Record<string, Scene> = {
  'bedroom-evening': {
    palette: 'evening',
    layouts: BEDROOM_LAYOUTS,
    draw: (c) => bedroom(c, 'evening', false),
  },
  'bath-time': {
    palette: 'evening',
    layouts: [
      { child: { x: 360, y: 600, r: 165 }, toy: { x: 780, y: 600, r: 110 } },
      { child: { x: 380, y: 580, r: 160 }, toy: { x: 790, y: 640, r: 105 } },
    ],
    draw: bathroom,
  },
  'bedroom-night': { palette: 'night', layouts: IN_BED_LAYOUTS, draw: (c) => bedroom(c, 'night', true) },
  'window-moon': { palette: 'night', layouts: SEAT_LAYOUTS, draw: windowMoon },
  'shadow-play': {
    palette: 'night',
    layouts: [
      { child: { x: 300, y: 700, r: 160 }, toy: { x: 620, y: 760, r: 115 } },
      { child: { x: 500, y: 700, r: 160 }, toy: { x: 200, y: 790, r: 110 } },
    ],
    draw: shadowPlay,
  },
  'garden-night': { palette: 'night', layouts: GROUND_LAYOUTS, draw: garden },
  'forest-path': {
    palette: 'evening',
    layouts: [
      { child: { x: 400, y: 680, r: 160 }, toy: { x: 690, y: 770, r: 112 } },
      { child: { x: 620, y: 680, r: 160 }, toy: { x: 330, y: 770, r: 110 } },
    ],
    draw: forestPath,
  },
  'starry-sky': {
    palette: 'night',
    layouts: [
      { child: { x: 400, y: 690, r: 160 }, toy: { x: 690, y: 770, r: 112 } },
      { child: { x: 600, y: 690, r: 160 }, toy: { x: 310, y: 770, r: 110 } },
    ],
    draw: starrySky,
  },
  'cloud-boat': {
    palette: 'evening',
    layouts: [
      { child: { x: 400, y: 600, r: 150 }, toy: { x: 680, y: 645, r: 108 } },
      { child: { x: 600, y: 600, r: 150 }, toy: { x: 320, y: 645, r: 108 } },
    ],
    draw: cloudBoat,
  },
  'meadow-fireflies': { palette: 'evening', layouts: GROUND_LAYOUTS, draw: meadow },
  'river-lanterns': {
    palette: 'night',
    layouts: [
      { child: { x: 220, y: 620, r: 155 }, toy: { x: 420, y: 830, r: 105 } },
      { child: { x: 360, y: 680, r: 150 }, toy: { x: 130, y: 840, r: 100 } },
    ],
    draw: riverLanterns,
  },
  'dream-castle': {
    palette: 'evening',
    layouts: [
      { child: { x: 280, y: 730, r: 160 }, toy: { x: 580, y: 810, r: 110 } },
      { child: { x: 560, y: 750, r: 155 }, toy: { x: 260, y: 810, r: 110 } },
    ],
    draw: dreamCastle,
  },
  'rainy-window': { palette: 'night', layouts: SEAT_LAYOUTS, draw: (c) => rainyWindow(c, 'rain') },
  'windy-window': { palette: 'night', layouts: SEAT_LAYOUTS, draw: (c) => rainyWindow(c, 'wind') },
  'bed-cuddle': { palette: 'evening', layouts: IN_BED_LAYOUTS, draw: (c) => bedroom(c, 'evening', true) },
  'bedroom-morning': {
    palette: 'morning',
    layouts: BEDROOM_LAYOUTS,
    draw: (c) => bedroom(c, 'morning', false),
  },
  breakfast: {
    palette: 'morning',
    layouts: [
      { child: { x: 380, y: 560, r: 160 }, toy: { x: 690, y: 600, r: 112 } },
      { child: { x: 640, y: 560, r: 160 }, toy: { x: 330, y: 600, r: 112 } },
    ],
    draw: breakfast,
  },
};

/** The time of day that the words of an unknown scene suggest; night by default (bedtime stories). */
export function paletteFor(words: string): Palette {
  if (/night|moon|star|dream|sleep|bed\b|dark/i.test(words)) return 'night';
  if (/evening|sunset|dusk|twilight/i.test(words)) return 'evening';
  if (/morning|breakfast|sun(ny|rise|shine)?\b|\bday\b|noon|picnic|beach/i.test(words)) return 'morning';
  return 'night';
}

/** The scene of a key, or a generic one (hills, sky, a cottage) for a key outside the vocabulary. */
export function sceneFor(key: string, prompt: string): Scene {
  const known = Object.hasOwn(SCENES, key) ? SCENES[key] : undefined;
  if (known) return known;
  const palette = paletteFor(`${key} ${prompt}`);
  return { palette, layouts: GROUND_LAYOUTS, draw: generic(palette) };
}
