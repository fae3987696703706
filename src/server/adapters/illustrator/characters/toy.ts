import {
  TOY_COLOURS,
  TOY_FEATURES,
  TOY_KINDS,
  type ToyEars,
  type ToyExtra,
  type ToyFeatureParts,
  type ToyKindParts,
  type ToyLook,
  type ToyTail,
} from '../../../../shared/domain/toy-look';
import { LINE_MIN_WIDTH } from './child';
import { CHEEK, INK } from './palette';
import type { ArtStyle, Figure, Point, ToyOptions, ToyPose } from './types';

/**
 * The toy drawn like the child (docs/decisions/021-the-toy-drawn.md): a plush built from parts that
 * its look names (shared/domain/toy-look.ts: the kind's ears, muzzle, tail and extras, two colours,
 * one feature), with the child's flat colours and warm ink outline, or white regions and black
 * outlines in the coloring book. No pixel of the toy's photo is in the book.
 *
 * Toy units: a sitting plush in a 320 x 480 box (long ears reach the top, the feet the bottom).
 * Scenes draw the toy at 0.74 of the child's scale (scenes/index.ts TOY_SCALE), so its lines are
 * drawn 1/0.74 as wide as the child's to print at the same weight.
 */

export const TOY_BOX = { width: 320, height: 480 } as const;
const HEAD = { cx: 160, cy: 190, x: 160, y: 190, rx: 96, ry: 86 } as const;
const BODY = { cx: 160, cy: 345, x: 160, y: 345, rx: 86, ry: 92 } as const;
/** The toy is drawn at 0.74 of the child's scale: lines this much wider print as wide as the child's. */
const WEIGHT = 1 / 0.74;

type Paint = { line: boolean; ink: string; sw: number; fill: (colour: string) => string };

function paintFor(style: ArtStyle): Paint {
  return style === 'line'
    ? { line: true, ink: '#000000', sw: 6.5 * WEIGHT, fill: () => '#ffffff' }
    : { line: false, ink: INK, sw: 4.5 * WEIGHT, fill: (colour) => colour };
}

const r1 = (value: number) => Math.round(value * 10) / 10;
const pt = (p: Point) => `${r1(p.x)} ${r1(p.y)}`;

function shape(d: string, fill: string, p: Paint, width = p.sw): string {
  const w = p.line ? Math.max(width, LINE_MIN_WIDTH * WEIGHT) : width;
  return `<path d="${d}" fill="${p.fill(fill)}" stroke="${p.ink}" stroke-width="${r1(w)}" stroke-linejoin="round" stroke-linecap="round"/>`;
}

function line(d: string, p: Paint, width = p.sw * 0.8): string {
  const w = p.line ? Math.max(width, LINE_MIN_WIDTH * WEIGHT) : width;
  return `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${r1(w)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function ellipse(c: Point, rx: number, ry: number, fill: string, p: Paint, rotate = 0, width = p.sw): string {
  const t = rotate ? ` transform="rotate(${rotate} ${pt(c)})"` : '';
  const w = p.line ? Math.max(width, LINE_MIN_WIDTH * WEIGHT) : width;
  return `<ellipse cx="${r1(c.x)}" cy="${r1(c.y)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${p.fill(fill)}" stroke="${p.ink}" stroke-width="${r1(w)}"${t}/>`;
}

/** A colour-only touch (shading, blush): nothing in the coloring book. */
const colourOnly = (p: Paint, svg: string) => (p.line ? '' : svg);

/** A limb: a thick rounded line with an ink outline (an ink line under a narrower coloured one). */
function limb(points: Point[], width: number, fill: string, p: Paint): string {
  const d = `M${points.map(pt).join(' L')}`;
  return `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${r1(width + 2 * p.sw)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${p.fill(fill)}" stroke-width="${r1(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A bumpy closed outline around an ellipse (wool, a mane, a puff tail). */
function bumps(c: Point, rx: number, ry: number, n: number, bulge = 0.45): string {
  const points = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return { x: c.x + rx * Math.cos(a), y: c.y + ry * Math.sin(a) };
  });
  let d = `M${pt(points[0]!)}`;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    d += ` Q${r1(mx - (b.y - a.y) * bulge)} ${r1(my + (b.x - a.x) * bulge)} ${pt(b)}`;
  }
  return `${d}Z`;
}

const mirrorX = (x: number) => TOY_BOX.width - x;

type Colours = { main: string; mainShade: string; second: string; accent: string };

function colours(look: ToyLook): Colours {
  const main = TOY_COLOURS[look.main];
  const second = TOY_COLOURS[look.second];
  // The feature's colour stands out from both of the toy's colours.
  const reddish = ['pink', 'red', 'orange'].includes(look.main) || ['pink', 'red'].includes(look.second);
  return {
    main: main.fill,
    mainShade: main.shade,
    second: second.fill,
    accent: reddish ? '#4a86c8' : '#e4677a',
  };
}

// ---------------------------------------------------------------------------------------------
// Parts

/** Ears behind the head (`back`) and over its sides (`front`: floppy ears hang over the cheeks). */
function ears(kind: ToyEars, c: Colours, p: Paint): { back: string; front: string } {
  const pair = (draw: (side: 1 | -1, x: (v: number) => number) => string) =>
    draw(-1, (v) => v) + draw(1, mirrorX);
  switch (kind) {
    case 'round':
      return {
        back: pair(
          (_, x) =>
            ellipse({ x: x(88), y: 118 }, 38, 36, c.main, p) +
            ellipse({ x: x(90), y: 120 }, 20, 19, c.second, p, 0, p.sw * 0.6),
        ),
        front: '',
      };
    case 'small':
      return {
        back: pair(
          (_, x) =>
            shape(`M${x(96)} 148 L${x(104)} 92 L${x(140)} 118 Z`, c.main, p) +
            colourOnly(p, `<path d="M${x(104)} 136 L${x(108)} 106 L${x(128)} 120 Z" fill="${c.second}"/>`),
        ),
        front: '',
      };
    case 'pointed':
      return {
        back: pair(
          (_, x) =>
            shape(`M${x(76)} 160 L${x(86)} 62 L${x(144)} 116 Z`, c.main, p) +
            shape(`M${x(92)} 136 L${x(96)} 92 L${x(124)} 118 Z`, c.second, p, p.sw * 0.6),
        ),
        front: '',
      };
    case 'long':
      return {
        back: pair(
          (s, x) =>
            ellipse({ x: x(118), y: 78 }, 27, 72, c.main, p, s * 12) +
            ellipse({ x: x(118), y: 84 }, 12, 50, c.second, p, s * 12, p.sw * 0.6),
        ),
        front: '',
      };
    case 'floppy':
      return {
        back: '',
        front: pair((s, x) => ellipse({ x: x(66), y: 200 }, 30, 64, c.second, p, -s * 16)),
      };
    case 'big':
      return {
        back: pair(
          (_, x) =>
            ellipse({ x: x(58), y: 196 }, 62, 74, c.main, p) +
            ellipse({ x: x(58), y: 198 }, 40, 52, c.second, p, 0, p.sw * 0.6),
        ),
        front: '',
      };
    case 'side':
      return {
        back: pair(
          (s, x) =>
            ellipse({ x: x(60), y: 196 }, 34, 24, c.main, p, s * 14) +
            ellipse({ x: x(58), y: 196 }, 19, 12, c.second, p, s * 14, p.sw * 0.6),
        ),
        front: '',
      };
    case 'none':
      return { back: '', front: '' };
  }
}

function tail(kind: ToyTail, c: Colours, p: Paint): string {
  switch (kind) {
    case 'stub':
      return ellipse({ x: 240, y: 410 }, 22, 20, c.main, p);
    case 'puff':
      return shape(bumps({ x: 246, y: 404 }, 26, 24, 7), c.second, p);
    case 'long':
      return limb(
        [
          { x: 220, y: 415 },
          { x: 285, y: 410 },
          { x: 300, y: 350 },
        ],
        20,
        c.main,
        p,
      );
    case 'curl':
      return limb(
        [
          { x: 220, y: 415 },
          { x: 282, y: 420 },
          { x: 302, y: 372 },
          { x: 278, y: 346 },
          { x: 258, y: 362 },
        ],
        18,
        c.main,
        p,
      );
    case 'tuft':
      return (
        limb(
          [
            { x: 220, y: 415 },
            { x: 285, y: 400 },
          ],
          14,
          c.main,
          p,
        ) + shape(bumps({ x: 292, y: 396 }, 18, 16, 6), c.second, p)
      );
    case 'bushy':
      return (
        ellipse({ x: 262, y: 372 }, 36, 70, c.main, p, 34) +
        ellipse({ x: 288, y: 318 }, 18, 20, c.second, p, 34)
      );
    case 'spiky':
      return (
        shape('M206 380 Q290 400 312 452 Q260 440 206 432 Z', c.main, p) +
        shape('M246 398 L262 378 L270 408 Z', c.second, p, p.sw * 0.7) +
        shape('M276 414 L294 398 L296 428 Z', c.second, p, p.sw * 0.7)
      );
    case 'none':
      return '';
  }
}

/** Where the arms go per pose: shoulder, then the paw. */
function armsFor(pose: ToyPose): { l: Point[]; r: Point[] } {
  const l = { x: 96, y: 292 };
  const r = { x: 224, y: 292 };
  switch (pose) {
    case 'waving':
      return { l: [l, { x: 70, y: 360 }], r: [r, { x: 262, y: 250 }, { x: 284, y: 200 }] };
    case 'flying':
      return { l: [l, { x: 40, y: 262 }], r: [r, { x: 290, y: 250 }] };
    case 'hopping':
      return { l: [l, { x: 50, y: 310 }], r: [r, { x: 270, y: 310 }] };
    case 'held':
      // Reaching round the child who holds it.
      return { l: [l, { x: 68, y: 330 }], r: [r, { x: 252, y: 330 }] };
    default:
      return { l: [l, { x: 72, y: 366 }], r: [r, { x: 248, y: 366 }] };
  }
}

type Face = { closed: boolean };

function animalFace(parts: ToyKindParts, c: Colours, p: Paint, face: Face): string {
  const extras = parts.extras as readonly ToyExtra[];
  const y = 186;
  const xs = [122, 198];
  const eyes = face.closed
    ? xs.map((x) => line(`M${x - 14} ${y} Q${x} ${y + 12} ${x + 14} ${y}`, p, p.sw * 0.8)).join('')
    : xs
        .map(
          (x) =>
            `<ellipse cx="${x}" cy="${y}" rx="11" ry="14" fill="${p.line ? '#000000' : INK}"/><circle cx="${x + 4}" cy="${y - 5}" r="4" fill="#ffffff"/>`,
        )
        .join('');
  const cheeks = colourOnly(
    p,
    [-1, 1]
      .map(
        (s) =>
          `<ellipse cx="${160 + s * 62}" cy="${y + 34}" rx="15" ry="9" fill="${CHEEK}" fill-opacity="0.45"/>`,
      )
      .join(''),
  );
  let snout = '';
  if (extras.includes('beak')) {
    snout = shape('M138 216 Q160 206 182 216 L160 246 Z', '#f2a541', p);
  } else if (extras.includes('trunk')) {
    snout = limb(
      [
        { x: 160, y: 214 },
        { x: 162, y: 262 },
        { x: 180, y: 292 },
        { x: 200, y: 284 },
      ],
      30,
      c.main,
      p,
    );
  } else {
    const muzzle = parts.muzzle ? ellipse({ x: 160, y: 232 }, 46, 34, c.second, p) : '';
    const noseY = parts.muzzle ? 218 : 222;
    snout =
      muzzle +
      shape(
        `M${148} ${noseY} Q160 ${noseY - 6} 172 ${noseY} Q168 ${noseY + 12} 160 ${noseY + 14} Q152 ${noseY + 12} 148 ${noseY} Z`,
        INK,
        { ...p, fill: (colour) => (p.line ? '#000000' : colour) },
        p.sw * 0.6,
      ) +
      line(
        `M160 ${noseY + 14} L160 ${noseY + 22} M146 ${noseY + 26} Q153 ${noseY + 32} 160 ${noseY + 22} Q167 ${noseY + 32} 174 ${noseY + 26}`,
        p,
        p.sw * 0.7,
      );
  }
  const whiskers = extras.includes('whiskers')
    ? [-1, 1]
        .map((s) =>
          line(
            `M${160 + s * 34} 232 L${160 + s * 76} 224 M${160 + s * 34} 242 L${160 + s * 78} 246`,
            p,
            p.sw * 0.5,
          ),
        )
        .join('')
    : '';
  return cheeks + eyes + snout + whiskers;
}

function dollFace(p: Paint, face: Face): string {
  const y = 196;
  const eyes = [128, 192]
    .map((x) =>
      face.closed
        ? line(`M${x - 12} ${y} Q${x} ${y + 10} ${x + 12} ${y}`, p, p.sw * 0.8)
        : `<ellipse cx="${x}" cy="${y}" rx="9" ry="11" fill="${p.line ? '#000000' : INK}"/><circle cx="${x + 3}" cy="${y - 4}" r="3" fill="#ffffff"/>`,
    )
    .join('');
  const cheeks = colourOnly(
    p,
    [-1, 1]
      .map(
        (s) =>
          `<ellipse cx="${160 + s * 54}" cy="${y + 30}" rx="15" ry="9" fill="${CHEEK}" fill-opacity="0.55"/>`,
      )
      .join(''),
  );
  return cheeks + eyes + line(`M142 ${y + 38} Q160 ${y + 52} 178 ${y + 38}`, p, p.sw * 0.8);
}

function robotFace(c: Colours, p: Paint, face: Face): string {
  const screen = shape(
    'M98 158 Q98 140 116 140 L204 140 Q222 140 222 158 L222 228 Q222 246 204 246 L116 246 Q98 246 98 228 Z',
    c.second,
    p,
  );
  const eyes = [132, 188]
    .map((x) =>
      face.closed
        ? line(`M${x - 12} 186 L${x + 12} 186`, p, p.sw * 0.9)
        : `<circle cx="${x}" cy="184" r="13" fill="${p.line ? '#000000' : INK}"/><circle cx="${x + 4}" cy="179" r="4" fill="#ffffff"/>`,
    )
    .join('');
  return screen + eyes + line('M140 220 Q160 232 180 220', p, p.sw * 0.8);
}

/** The feature the toy wears (a bow, a scarf…), over the body and head. */
function wear(kind: ToyFeatureParts['wear'], c: Colours, p: Paint): string {
  switch (kind) {
    case 'bow':
      return (
        shape('M214 118 L180 96 L184 142 Z', c.accent, p) +
        shape('M214 118 L248 96 L244 142 Z', c.accent, p) +
        ellipse({ x: 214, y: 119 }, 11, 12, c.accent, p)
      );
    case 'bowtie':
      return (
        shape('M160 270 L126 252 L126 290 Z', c.accent, p) +
        shape('M160 270 L194 252 L194 290 Z', c.accent, p) +
        ellipse({ x: 160, y: 270 }, 11, 12, c.accent, p)
      );
    case 'scarf':
      return (
        shape('M186 270 L214 344 L190 350 L172 282 Z', c.accent, p) +
        shape('M82 262 Q160 286 238 262 L240 284 Q160 312 80 284 Z', c.accent, p) +
        colourOnly(
          p,
          line('M120 286 L124 300 M160 292 L160 306 M200 286 L196 300', { ...p, ink: '#ffffff' }, 4),
        )
      );
    case 'collar':
      return (
        shape('M84 264 Q160 288 236 264 L236 280 Q160 304 84 280 Z', c.accent, p) +
        ellipse({ x: 160, y: 304 }, 14, 14, '#f6d65a', p)
      );
    case 'patch':
      return (
        shape('M108 318 L150 312 L154 354 L112 360 Z', c.accent, p, p.sw * 0.8) +
        line('M116 324 L120 322 M142 320 L146 318 M120 350 L124 348 M144 346 L148 344', p, p.sw * 0.5)
      );
    case 'heart':
      return shape(
        'M160 396 C130 376 126 350 144 344 C154 340 160 350 160 356 C160 350 166 340 176 344 C194 350 190 376 160 396 Z',
        c.accent,
        p,
      );
    default:
      return '';
  }
}

/** The plush in upright toy units (TOY_BOX), in a pose's arms and with its eyes open or shut. */
export function toyBody(look: ToyLook, style: ArtStyle, pose: ToyPose): string {
  const p = paintFor(style);
  const parts: ToyKindParts = TOY_KINDS[look.kind];
  const feature: ToyFeatureParts = TOY_FEATURES[look.feature];
  const extras = parts.extras as readonly ToyExtra[];
  const c = colours(look);
  const doll = parts.face === 'doll';
  const robot = parts.face === 'robot';
  const skin = '#f6d2b8';
  const face: Face = { closed: pose === 'sleeping' };
  const e = ears(feature.ears ?? parts.ears, c, p);
  const arms = armsFor(pose);
  const limbColour = doll ? skin : robot ? c.mainShade : c.main;

  const behind: string[] = [tail(parts.tail, c, p)];
  if (extras.includes('spikes'))
    behind.push(
      [
        [126, 112],
        [160, 100],
        [194, 112],
      ]
        .map(([x, y]) =>
          shape(`M${x! - 18} ${y! + 16} L${x} ${y! - 26} L${x! + 18} ${y! + 16} Z`, c.second, p),
        )
        .join(''),
    );
  if (extras.includes('mane'))
    behind.push(shape(bumps({ x: HEAD.cx, y: HEAD.cy + 6 }, 128, 118, 14, 0.4), c.second, p));
  if (extras.includes('antenna'))
    behind.push(line('M160 120 L160 70', p, p.sw * 1.2) + ellipse({ x: 160, y: 62 }, 14, 14, c.accent, p));
  if (doll)
    // Hair falling behind the head to the shoulders.
    behind.push(
      shape('M62 200 C50 90 110 92 160 92 C210 92 270 90 258 200 L250 282 Q160 300 70 282 Z', c.second, p),
    );

  // Legs: sitting plush legs reach forward, a pad on each sole.
  const legs = [110, 210]
    .map(
      (x) =>
        ellipse({ x, y: 438 }, 40, 32, limbColour, p) +
        (robot || doll ? '' : ellipse({ x, y: 446 }, 20, 15, c.second, p, 0, p.sw * 0.6)),
    )
    .join('');

  const body = robot
    ? shape(
        'M86 282 Q86 258 110 258 L210 258 Q234 258 234 282 L234 410 Q234 434 210 434 L110 434 Q86 434 86 410 Z',
        c.main,
        p,
      ) +
      shape('M124 300 L196 300 L196 352 L124 352 Z', c.second, p, p.sw * 0.8) +
      [140, 180].map((x) => ellipse({ x, y: 386 }, 9, 9, c.accent, p, 0, p.sw * 0.6)).join('')
    : extras.includes('wool')
      ? shape(bumps(BODY, BODY.rx, BODY.ry, 14, 0.38), c.main, p)
      : ellipse(BODY, BODY.rx, BODY.ry, c.main, p) +
        colourOnly(
          p,
          `<path d="M${BODY.cx - 70} ${BODY.cy + 40} Q${BODY.cx} ${BODY.cy + 110} ${BODY.cx + 70} ${BODY.cy + 40} Q${BODY.cx} ${BODY.cy + 80} ${BODY.cx - 70} ${BODY.cy + 40} Z" fill="${c.mainShade}" fill-opacity="0.7"/>`,
        );
  const belly =
    robot || doll ? '' : ellipse({ x: BODY.cx, y: BODY.cy + 14 }, 52, 58, c.second, p, 0, p.sw * 0.7);
  const dress = doll ? shape('M104 258 L216 258 L250 420 Q160 444 70 420 Z', c.main, p) : '';

  const armsSvg = [arms.l, arms.r].map((arm) => limb(arm, 40, limbColour, p)).join('');

  const headShape = robot
    ? shape(
        'M68 132 Q68 104 96 104 L224 104 Q252 104 252 132 L252 248 Q252 276 224 276 L96 276 Q68 276 68 248 Z',
        c.main,
        p,
      )
    : ellipse(HEAD, HEAD.rx, HEAD.ry, doll ? skin : c.main, p);
  const woolCap = extras.includes('wool') ? shape(bumps({ x: 160, y: 112 }, 58, 26, 8, 0.5), c.main, p) : '';
  const forelock = extras.includes('forelock')
    ? shape('M120 120 Q128 80 170 88 Q210 96 200 134 Q184 112 160 122 Q140 110 120 120 Z', c.second, p)
    : '';
  const horn = extras.includes('horn')
    ? shape('M144 112 L160 30 L176 112 Z', '#f7d774', p) +
      line('M150 86 L170 80 M146 102 L174 94', p, p.sw * 0.5)
    : '';
  const fringe = doll
    ? shape(
        'M68 178 C68 110 110 98 160 98 C210 98 252 110 252 178 C220 150 190 140 160 150 C130 140 100 150 68 178 Z',
        c.second,
        p,
      )
    : '';
  const faceSvg = doll ? dollFace(p, face) : robot ? robotFace(c, p, face) : animalFace(parts, c, p, face);

  return [
    ...behind,
    e.back,
    legs,
    dress || body,
    belly,
    armsSvg,
    horn,
    headShape,
    woolCap,
    fringe,
    forelock,
    e.front,
    faceSvg,
    wear(feature.wear, c, p),
  ].join('');
}

// ---------------------------------------------------------------------------------------------

/** The toy posed for a page: the plush drawn in the pose, placed, tilted and decorated. */
export function drawToy(o: ToyOptions): Figure {
  const { look, pose, style } = o;
  const line = style === 'line';
  const ink = line ? '#000000' : INK;
  const sw = (line ? 6.5 : 4.5) * WEIGHT;
  const base = pose === 'held' ? 0.62 : pose === 'guarding' ? 1.12 : 1;
  const h = TOY_BOX.height * base;
  const w = TOY_BOX.width * base;
  const image = `<g transform="scale(${base})">${toyBody(look, style, pose)}</g>`;
  const m = 60; // margin around the toy for its decorations
  let width = w + 2 * m;
  let height = h + 2 * m;
  let inner = '';
  let extra = '';
  // Head and body centres in the plush's own box (TOY_BOX): the head at 0.4, the tummy at 0.72.
  let anchors: Figure['anchors'] = {
    head: { x: m + w / 2, y: m + h * 0.4 },
    hand: { x: m + w * 0.78, y: m + h * 0.76 },
    arms: { x: m + w / 2, y: m + h * 0.72 },
    ground: { x: m + w / 2, y: m + h },
  };
  const arc = (d: string) =>
    `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${r1(sw)}" stroke-linecap="round"/>`;
  const star = (x: number, y: number, s: number) =>
    `<path d="M${r1(x)} ${r1(y - s)} Q${r1(x + s * 0.2)} ${r1(y - s * 0.2)} ${r1(x + s)} ${r1(y)} Q${r1(x + s * 0.2)} ${r1(y + s * 0.2)} ${r1(x)} ${r1(y + s)} Q${r1(x - s * 0.2)} ${r1(y + s * 0.2)} ${r1(x - s)} ${r1(y)} Q${r1(x - s * 0.2)} ${r1(y - s * 0.2)} ${r1(x)} ${r1(y - s)}Z" fill="${line ? '#ffffff' : '#ffd45e'}" stroke="${ink}" stroke-width="${r1(sw * 0.6)}" stroke-linejoin="round"/>`;
  switch (pose) {
    case 'hopping':
      // Tilted mid-hop with two motion arcs underneath.
      inner = `<g transform="translate(${r1(m)} ${r1(m - 30)}) rotate(-10 ${r1(w / 2)} ${r1(h)})">${image}</g>`;
      extra =
        arc(`M${r1(m + w * 0.2)} ${r1(m + h + 10)} q ${r1(w * 0.15)} -26 ${r1(w * 0.3)} 0`) +
        arc(`M${r1(m + w * 0.55)} ${r1(m + h + 24)} q ${r1(w * 0.12)} -20 ${r1(w * 0.24)} 0`);
      anchors = {
        ...anchors,
        head: { x: m + w / 2 - 20, y: m + h * 0.4 - 30 },
        ground: { x: m + w / 2, y: m + h + 30 },
      };
      break;
    case 'peeking': {
      // Only the top: the scene's edge (a bed, a box, a window sill) hides the rest.
      const shown = h * 0.6;
      height = shown + m;
      inner = `<svg x="${m}" y="${m}" width="${r1(w)}" height="${r1(shown)}" viewBox="0 0 ${r1(w)} ${r1(shown)}" overflow="hidden">${image}</svg>`;
      anchors = {
        head: { x: m + w / 2, y: m + h * 0.4 },
        hand: { x: m + w * 0.85, y: m + shown * 0.9 },
        arms: { x: m + w / 2, y: m + shown * 0.8 },
        ground: { x: m + w / 2, y: m + shown },
      };
      break;
    }
    case 'flying': {
      // Tilted forward, a little cape behind and a trail of sparkles.
      width = w + 3 * m + 80;
      const cx = 2 * m + 80;
      const cape = `<path d="M${r1(cx + w * 0.3)} ${r1(m + h * 0.5)} Q${r1(cx - 40)} ${r1(m + h * 0.4)} ${r1(cx - 80)} ${r1(m + h * 0.7)} Q${r1(cx - 20)} ${r1(m + h * 0.76)} ${r1(cx + w * 0.4)} ${r1(m + h * 0.62)} Z" fill="${line ? '#ffffff' : '#e4677a'}" stroke="${ink}" stroke-width="${r1(sw)}" stroke-linejoin="round"/>`;
      inner = `<g transform="rotate(-18 ${r1(cx + w / 2)} ${r1(m + h / 2)})">${cape}<g transform="translate(${r1(cx)} ${r1(m)})">${image}</g></g>`;
      extra = star(40, m + h * 0.7, 16) + star(90, m + h * 0.82, 11) + star(26, m + h * 0.95, 8);
      anchors = {
        head: { x: cx + w * 0.55, y: m + h * 0.36 },
        hand: { x: cx + w * 0.9, y: m + h * 0.55 },
        arms: { x: cx + w / 2, y: m + h * 0.7 },
        ground: { x: cx + w / 2, y: m + h },
      };
      break;
    }
    case 'sleeping': {
      // On its side, eyes shut, with a couple of z's.
      width = h + 2 * m + 60;
      height = w + 2 * m + 60;
      inner = `<g transform="translate(${r1(m + h)} ${r1(m + 60)}) rotate(90)">${image}</g>`;
      const z = (x: number, y: number, s: number) =>
        `<path d="M${x} ${y} h${s} l${-s} ${s} h${s}" fill="none" stroke="${ink}" stroke-width="${r1(sw * 0.8)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      extra = z(m + h + 10, 40, 26) + z(m + h + 44, 10, 18);
      anchors = {
        head: { x: m + h * 0.6, y: m + 60 + w / 2 },
        hand: { x: m + h * 0.5, y: m + 60 },
        arms: { x: m + h * 0.3, y: m + 60 + w / 2 },
        ground: { x: m + h / 2, y: m + 60 + w },
      };
      break;
    }
    case 'waving':
      inner = `<g transform="translate(${r1(m)} ${r1(m)}) rotate(5 ${r1(w / 2)} ${r1(h)})">${image}</g>`;
      extra =
        arc(`M${r1(m + w * 0.95)} ${r1(m + h * 0.3)} q 22 10 24 34`) +
        arc(`M${r1(m + w * 0.95 + 18)} ${r1(m + h * 0.22)} q 26 14 28 44`);
      break;
    default:
      // sitting, held, guarding: upright.
      inner = `<g transform="translate(${r1(m)} ${r1(m)})">${image}</g>`;
  }
  let svg = `${inner}${extra}`;
  if (o.facing === 'left') {
    svg = `<g transform="translate(${r1(width)} 0) scale(-1 1)">${svg}</g>`;
    const flip = (q: { x: number; y: number }) => ({ x: width - q.x, y: q.y });
    anchors = {
      head: flip(anchors.head),
      hand: flip(anchors.hand),
      arms: flip(anchors.arms),
      ground: flip(anchors.ground),
    };
  }
  return { svg: `<g class="toy">${svg}</g>`, width: r1(width), height: r1(height), anchors };
}

/** The toy alone, sitting, as a standalone SVG (the wizard's preview and kind buttons). */
export function toyPreviewSvg(look: ToyLook, style: ArtStyle = 'color', pose: ToyPose = 'sitting'): string {
  const pad = 16;
  const w = TOY_BOX.width + 2 * pad;
  const h = TOY_BOX.height + 2 * pad;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><g transform="translate(${pad} ${pad})">${toyBody(look, style, pose)}</g></svg>`;
}
