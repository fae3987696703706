/**
 * The cast: a child (several looks), the plush bear (the shop's mark, with a coral scarf) and a
 * plush bunny. Each is drawn around its head centre at (0, 0) in local units and placed with
 * translate/scale; line widths are divided by the scale so every picture keeps one line weight.
 */
import { at, blob, C, circle, ellipse, g, line, n, path, sparkle, stroke } from './svg';

type Hair = 'curly' | 'bob' | 'puffs' | 'short' | 'pigtails' | 'long';

export interface Look {
  skin: string;
  skinShade: string;
  hair: Hair;
  hairColor: string;
  pj: string;
  pjShade: string;
  trim: string;
}

/** A few children, so the catalogue shows that every book stars a different child. */
export const KIDS = {
  /** The child of the "guardian-friend" gallery: the same child on every page. */
  noah: {
    skin: '#e2a77c',
    skinShade: '#c98c62',
    hair: 'curly',
    hairColor: '#4a3029',
    pj: '#7fb2dc',
    pjShade: '#a9cdea',
    trim: C.honey,
  },
  maya: {
    skin: '#f6d2b8',
    skinShade: '#e2b294',
    hair: 'bob',
    hairColor: '#c8642f',
    pj: C.coral500,
    pjShade: C.coral300,
    trim: C.cream50,
  },
  ama: {
    skin: '#9a6242',
    skinShade: '#7e4d32',
    hair: 'puffs',
    hairColor: '#2b2130',
    pj: '#b7a3e3',
    pjShade: '#d4c8f1',
    trim: C.honey,
  },
  lou: {
    skin: '#f4cfae',
    skinShade: '#dfae88',
    hair: 'pigtails',
    hairColor: '#e2b257',
    pj: '#8fcfb0',
    pjShade: '#bfe3cf',
    trim: C.coral500,
  },
  sami: {
    skin: '#c68a5e',
    skinShade: '#aa7048',
    hair: 'short',
    hairColor: '#2f2328',
    pj: C.honey,
    pjShade: C.honeyLight,
    trim: C.coral600,
  },
  ines: {
    skin: '#eab892',
    skinShade: '#d49a72',
    hair: 'long',
    hairColor: '#5a3426',
    pj: '#f2a0b4',
    pjShade: '#f8c9d4',
    trim: C.cream50,
  },
} satisfies Record<string, Look>;

export type Eyes = 'open' | 'closed' | 'happy' | 'up' | 'side';
type Mouth = 'smile' | 'open' | 'o' | 'sleep' | 'grin';

/** Line weight in output units (scaled back by each character's scale). */
const LW = 5;

const eyesMarkup = (eyes: Eyes, dx: number, y: number, r: number, sw: number, flat = false): string => {
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const x = side * dx;
    if (eyes === 'closed')
      out.push(stroke(`M${n(x - r * 1.5)} ${n(y)}q${n(r * 1.5)} ${n(r * 1.3)} ${n(r * 3)} 0`, sw));
    else if (eyes === 'happy')
      out.push(
        stroke(`M${n(x - r * 1.4)} ${n(y + r * 0.4)}q${n(r * 1.4)} ${n(-r * 1.8)} ${n(r * 2.8)} 0`, sw),
      );
    else {
      const ox = eyes === 'side' ? r * 0.5 : 0;
      const oy = eyes === 'up' ? -r * 0.5 : 0;
      out.push(ellipse(x + ox, y + oy, r, r * 1.25, C.ink));
      if (!flat) out.push(circle(x + ox + r * 0.35, y + oy - r * 0.45, r * 0.38, C.white));
    }
  }
  return out.join('');
};

const mouthMarkup = (mouth: Mouth, y: number, w: number, sw: number, color: string = C.ink): string => {
  switch (mouth) {
    case 'open':
      return path(
        `M${n(-w)} ${n(y)}Q0 ${n(y + w * 1.7)} ${n(w)} ${n(y)}Z`,
        C.coral700,
        `${line(sw * 0.8, color)}`,
      );
    case 'grin':
      return (
        path(
          `M${n(-w * 1.2)} ${n(y)}Q0 ${n(y + w * 1.5)} ${n(w * 1.2)} ${n(y)}Z`,
          C.coral700,
          line(sw * 0.8, color),
        ) +
        path(
          `M${n(-w * 0.6)} ${n(y + w * 0.85)}Q0 ${n(y + w * 0.45)} ${n(w * 0.6)} ${n(y + w * 0.85)}Z`,
          C.coral300,
        )
      );
    case 'o':
      return ellipse(0, y + w * 0.4, w * 0.35, w * 0.45, C.coral700, line(sw * 0.7, color));
    case 'sleep':
      return stroke(`M${n(-w * 0.5)} ${n(y + 2)}q${n(w * 0.5)} ${n(w * 0.35)} ${n(w)} 0`, sw * 0.8, color);
    default:
      return stroke(`M${n(-w)} ${n(y)}q${n(w)} ${n(w * 0.9)} ${n(w * 2)} 0`, sw * 0.85, color);
  }
};

interface HairParts {
  back: string;
  front: string;
}

function hair(look: Look, sw: number): HairParts {
  const f = look.hairColor;
  const o = line(sw);
  switch (look.hair) {
    case 'curly': {
      const curls: Array<[number, number, number]> = [
        [-58, -6, 15],
        [-56, -30, 20],
        [-40, -50, 24],
        [-14, -60, 26],
        [14, -60, 26],
        [40, -50, 24],
        [56, -30, 20],
        [58, -6, 15],
        [0, -46, 34],
        [-26, -32, 16],
        [4, -34, 16],
        [30, -30, 15],
      ];
      return { back: '', front: blob(curls, f, sw * 2) };
    }
    case 'bob':
      return {
        back: path('M-68 -8C-76 30 -74 56 -60 62L60 62C74 56 76 30 68 -8Z', f, o),
        front: path(
          'M-66 18C-72 -42 -38 -68 0 -68C38 -68 72 -42 66 18C60 6 58 -4 54 -14Q0 -34 -54 -14C-58 -4 -60 6 -66 18Z',
          f,
          o,
        ),
      };
    case 'puffs':
      return {
        back: blob(
          [
            [-58, -52, 32],
            [58, -52, 32],
          ],
          f,
          sw * 2,
        ),
        front:
          path(
            'M-62 8C-66 -44 -34 -66 0 -66C34 -66 66 -44 62 8C56 -12 36 -28 0 -28C-36 -28 -56 -12 -62 8Z',
            f,
            o,
          ) +
          ellipse(-40, -44, 8, 12, C.coral500, `${o} transform="rotate(-40 -40 -44)"`) +
          ellipse(40, -44, 8, 12, C.coral500, `${o} transform="rotate(40 40 -44)"`),
      };
    case 'pigtails':
      return {
        back:
          ellipse(-78, 22, 20, 32, f, `${o} transform="rotate(18 -78 22)"`) +
          ellipse(78, 22, 20, 32, f, `${o} transform="rotate(-18 78 22)"`) +
          circle(-64, -4, 9, C.coral500, o) +
          circle(64, -4, 9, C.coral500, o),
        front: path(
          'M-64 14C-70 -42 -38 -68 0 -68C38 -68 70 -42 64 14C58 0 54 -10 48 -18C34 -30 12 -24 -4 -34C-20 -22 -42 -22 -52 -14C-58 -6 -62 4 -64 14Z',
          f,
          o,
        ),
      };
    case 'long':
      return {
        back: path('M-70 -10C-82 60 -78 112 -60 124Q0 134 60 124C78 112 82 60 70 -10Z', f, o),
        front: path(
          'M-66 22C-72 -42 -38 -68 0 -68C40 -68 72 -42 66 22C60 2 52 -12 40 -20C20 -30 -8 -20 -26 -36C-40 -22 -58 -6 -66 22Z',
          f,
          o,
        ),
      };
    default:
      return {
        back: '',
        front:
          path(
            'M-62 8C-68 -44 -34 -68 0 -68C36 -68 68 -44 62 8C58 -8 52 -18 42 -24C30 -16 16 -18 6 -28C-4 -16 -22 -12 -36 -18C-46 -12 -56 -4 -62 8Z',
            f,
            o,
          ) + path('M-6 -62C-6 -84 12 -92 24 -84C12 -80 8 -74 10 -64Z', f, o),
      };
  }
}

export interface ChildOpts {
  x: number;
  y: number;
  s: number;
  look: Look;
  pose?: 'stand' | 'sit' | 'bust' | 'head';
  eyes?: Eyes;
  mouth?: Mouth;
  /** Head tilt in degrees. */
  tilt?: number;
  /** Arms from the shoulders (±38, 74); null hides. */
  left?: Arm | null;
  right?: Arm | null;
  /** Markup drawn in front of the body but behind the arms (a hugged toy, a book). */
  hold?: string;
  /** Draw without ink outlines (the "photo" version). */
  outline?: boolean;
  flip?: boolean;
}

/** [hand x, hand y, control x, control y, mode]: `true` draws it behind the body, 'split' bends it
 * at the control point (the elbow) with the forearm in front of whatever the child holds. */
export type Arm = [hx: number, hy: number, cx: number, cy: number, mode?: boolean | 'split'];

export function child(o: ChildOpts): string {
  const s = o.s;
  const look = o.look;
  const sw = o.outline === false ? 0 : LW / s;
  const ol = sw ? line(sw) : '';
  const pose = o.pose ?? 'stand';
  const h = hair(look, sw);
  const parts: string[] = [];

  /** One arm; a split arm (elbow at the control point) is drawn in two parts around `hold`. */
  const arm = (a: Arm | null | undefined, side: number, part: 'all' | 'upper' | 'fore' = 'all'): string => {
    if (!a) return '';
    const [hx, hy, cx, cy] = a;
    const sx = side * 38;
    const sy = 74;
    const d =
      part === 'upper'
        ? `M${sx} ${sy}L${n(cx)} ${n(cy)}`
        : part === 'fore'
          ? `M${n(cx)} ${n(cy)}L${n(hx)} ${n(hy)}`
          : `M${sx} ${sy}Q${n(cx)} ${n(cy)} ${n(hx)} ${n(hy)}`;
    return (
      (sw ? stroke(d, 26 + sw * 2) : '') +
      stroke(d, 26, look.pj) +
      (part === 'upper' ? '' : circle(hx, hy, 13, look.skin, ol))
    );
  };
  const isBehind = (a: Arm | null | undefined) => a?.[4] === true;
  const isSplit = (a: Arm | null | undefined) => a?.[4] === 'split';

  parts.push(h.back);
  if (pose !== 'head') {
    parts.push(arm(isBehind(o.left) ? o.left : null, -1), arm(isBehind(o.right) ? o.right : null, 1));
    if (pose === 'stand') {
      for (const side of [-1, 1]) {
        parts.push(
          path(
            `M${side * 46} 160L${side * 42} 240Q${side * 42} 248 ${side * 34} 248L${side * 12} 248Q${side * 4} 248 ${side * 4} 240L${side * 2} 160Z`,
            look.pj,
            ol,
          ),
          ellipse(side * 26, 252, 25, 13, C.coral600, ol),
        );
      }
    } else if (pose === 'sit') {
      for (const side of [-1, 1]) {
        parts.push(
          ellipse(side * 26, 180, 28, 22, look.pj, ol),
          ellipse(side * 30, 202, 20, 12, C.coral600, ol),
        );
      }
    }
    parts.push(
      path(
        'M-24 54C-40 54 -48 62 -48 78L-52 158C-52 168 -46 172 -38 172L38 172C46 172 52 168 52 158L48 78C48 62 40 54 24 54Z',
        look.pj,
        ol,
      ),
      sparkle(-22, 104, 8, look.pjShade),
      sparkle(22, 128, 7, look.pjShade),
      sparkle(-6, 152, 6, look.pjShade),
      sparkle(26, 88, 5, look.pjShade),
      path('M-24 55Q0 80 24 55Q0 64 -24 55Z', look.trim, ol),
    );
  }

  // Head: ears, face, features, hair in front.
  const head: string[] = [];
  head.push(circle(-58, 8, 12, look.skin, ol), circle(58, 8, 12, look.skin, ol));
  head.push(circle(0, 0, 60, look.skin, ol));
  head.push(circle(-58, 8, 5, look.skinShade), circle(58, 8, 5, look.skinShade));
  head.push(circle(-36, 26, 10, C.cheek, 'opacity=".55"'), circle(36, 26, 10, C.cheek, 'opacity=".55"'));
  head.push(eyesMarkup(o.eyes ?? 'open', 22, 6, 6.5, sw || 3.5, !sw));
  head.push(stroke('M-3 18q3 3 6 0', 3, look.skinShade));
  head.push(mouthMarkup(o.mouth ?? 'smile', 32, 11, sw || 3.5, sw ? C.ink : '#6b3b32'));
  head.push(h.front);
  parts.push(g(head.join(''), o.tilt ? `transform="rotate(${o.tilt} 0 40)"` : ''));

  if (pose !== 'head') {
    if (isSplit(o.left)) parts.push(arm(o.left, -1, 'upper'));
    if (isSplit(o.right)) parts.push(arm(o.right, 1, 'upper'));
  }
  if (o.hold) parts.push(o.hold);
  if (pose !== 'head') {
    parts.push(
      isSplit(o.left) ? arm(o.left, -1, 'fore') : isBehind(o.left) ? '' : arm(o.left, -1),
      isSplit(o.right) ? arm(o.right, 1, 'fore') : isBehind(o.right) ? '' : arm(o.right, 1),
    );
  }
  const flip = o.flip ? ' scale(-1 1)' : '';
  return `<g transform="translate(${n(o.x)} ${n(o.y)}) scale(${s})${flip}">${parts.join('')}</g>`;
}

export interface ToyOpts {
  x: number;
  y: number;
  s: number;
  pose?: 'sit' | 'stand' | 'head';
  eyes?: Eyes | 'alert';
  mouth?: Mouth | 'flat';
  /** Arm swing in degrees from hanging (positive = outwards/up). */
  arms?: [number, number];
  scarf?: boolean;
  tilt?: number;
  outline?: boolean;
  /** Markup in the right paw's local space (e.g. a lantern), drawn at the end of the right arm. */
  rightPaw?: string;
  flip?: boolean;
  /** Determined little eyebrows. */
  brows?: boolean;
}

const toyEyes = (eyes: ToyOpts['eyes'], dx: number, y: number, r: number, sw: number): string => {
  if (eyes === 'alert') {
    return [-1, 1]
      .map(
        (side) =>
          circle(side * dx, y, r * 1.6, C.white, line(sw * 0.7)) +
          circle(side * dx + r * 0.4, y - r * 0.1, r * 0.95, C.ink) +
          circle(side * dx + r * 0.75, y - r * 0.5, r * 0.35, C.white),
      )
      .join('');
  }
  return eyesMarkup(eyes ?? 'open', dx, y, r, sw);
};

/** The plush bear: the shop's bear mark, grown a body and a coral scarf. */
export function bear(o: ToyOpts): string {
  const s = o.s;
  const sw = o.outline === false ? 0 : LW / s;
  const ol = sw ? line(sw) : '';
  const fur = C.caramel;
  const pose = o.pose ?? 'sit';
  const [al, ar] = o.arms ?? [12, 12];
  const parts: string[] = [];
  const armAt = (side: number, angle: number, paw = '') =>
    g(
      ellipse(side * 36, 96, 16, 30, fur, ol) + ellipse(side * 36, 116, 9, 8, C.muzzle) + paw,
      `transform="rotate(${n(side * -angle)} ${side * 36} 70)"`,
    );

  if (pose === 'sit') {
    for (const side of [-1, 1]) {
      parts.push(ellipse(side * 32, 146, 25, 21, fur, ol), ellipse(side * 34, 150, 13, 11, C.earPink));
    }
  } else if (pose === 'stand') {
    for (const side of [-1, 1]) {
      parts.push(ellipse(side * 22, 146, 19, 28, fur, ol), ellipse(side * 24, 172, 23, 11, fur, ol));
    }
  }
  if (pose !== 'head') {
    parts.push(ellipse(0, 100, 46, pose === 'stand' ? 50 : 52, fur, ol), ellipse(0, 108, 28, 32, C.muzzle));
    if (o.scarf !== false) {
      parts.push(
        path('M18 54L26 98L42 92L32 52Z', C.coral600, ol),
        path('M-38 44Q0 62 38 44L40 58Q0 80 -40 58Z', C.coral600, ol),
        stroke('M-30 56Q0 70 30 56', sw * 0.6 || 2, C.coral500),
      );
    }
    parts.push(
      armAt(-1, al),
      armAt(1, ar, o.rightPaw ? `<g transform="translate(36 124) rotate(${n(ar)})">${o.rightPaw}</g>` : ''),
    );
  }
  const head = [
    circle(-42, -40, 21, fur, ol),
    circle(42, -40, 21, fur, ol),
    circle(0, 0, 50, fur, ol),
    circle(-42, -40, 10, C.earPink),
    circle(42, -40, 10, C.earPink),
    ellipse(0, 15, 22, 16, C.muzzle),
    ellipse(0, 9, 7.7, 5.8, C.ink),
    circle(-30, 10, 7.7, C.cheek, 'opacity=".7"'),
    circle(30, 10, 7.7, C.cheek, 'opacity=".7"'),
    toyEyes(o.eyes, 19, -9, 6, sw || 3),
    o.brows ? stroke('M-28 -26L-12 -21M28 -26L12 -21', sw || 3) : '',
    o.mouth === 'flat'
      ? stroke('M-5 20h10', sw * 0.7 || 2)
      : o.mouth === 'o'
        ? ellipse(0, 22, 3.5, 4.5, C.ink)
        : stroke('M-7 18q7 7 14 0', sw * 0.7 || 2.5),
  ];
  parts.push(g(head.join(''), o.tilt ? `transform="rotate(${o.tilt} 0 40)"` : ''));
  const flip = o.flip ? ' scale(-1 1)' : '';
  return `<g transform="translate(${n(o.x)} ${n(o.y)}) scale(${s})${flip}">${parts.join('')}</g>`;
}

/** The plush bunny: cream, long ears with pink insides, a coral bow. */
export function bunny(o: ToyOpts): string {
  const s = o.s;
  const sw = o.outline === false ? 0 : LW / s;
  const ol = sw ? line(sw) : '';
  const fur = '#fbf4ec';
  const pose = o.pose ?? 'sit';
  const [al, ar] = o.arms ?? [10, 10];
  const parts: string[] = [];
  if (pose !== 'head') {
    for (const side of [-1, 1]) parts.push(ellipse(side * 28, 140, 24, 15, fur, ol));
    parts.push(ellipse(0, 92, 40, 48, fur, ol), ellipse(0, 100, 24, 28, C.cream300));
    for (const [side, angle] of [
      [-1, al],
      [1, ar],
    ] as const) {
      parts.push(
        ellipse(side * 32, 88, 13, 26, fur, `${ol} transform="rotate(${n(side * -angle)} ${side * 32} 66)"`),
      );
    }
    parts.push(
      path('M0 48L-22 36L-24 60Z', C.coral600, ol),
      path('M0 48L22 36L24 60Z', C.coral600, ol),
      circle(0, 48, 7, C.coral500, ol),
    );
  }
  const head = [
    ellipse(-20, -70, 15, 42, fur, `${ol} transform="rotate(-10 -20 -40)"`),
    ellipse(20, -70, 15, 42, fur, `${ol} transform="rotate(12 20 -40)"`),
    ellipse(-20, -66, 7, 30, C.earPink, 'transform="rotate(-10 -20 -40)"'),
    ellipse(20, -66, 7, 30, C.earPink, 'transform="rotate(12 20 -40)"'),
    ellipse(0, 0, 48, 44, fur, ol),
    circle(-28, 12, 7, C.cheek, 'opacity=".6"'),
    circle(28, 12, 7, C.cheek, 'opacity=".6"'),
    toyEyes(o.eyes, 17, -4, 5.5, sw || 3),
    path('M-6 8Q0 4 6 8Q3 14 0 14Q-3 14 -6 8Z', C.coral500),
    o.mouth === 'o' ? ellipse(0, 22, 3, 4, C.ink) : stroke('M-7 18q3.5 5 7 0q3.5 5 7 0', sw * 0.6 || 2),
  ];
  parts.push(g(head.join(''), o.tilt ? `transform="rotate(${o.tilt} 0 40)"` : ''));
  const flip = o.flip ? ' scale(-1 1)' : '';
  return `<g ${at(o.x, o.y)}><g transform="scale(${s})${flip}">${parts.join('')}</g></g>`;
}
