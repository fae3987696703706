import {
  CLOTHES_COLOURS,
  childLookParts,
  HAIR_STYLE_PARTS,
  type HairStyle,
  type HairStyleParts,
  OUTFITS,
} from '../../../../shared/domain/child-look';
import { drawHairParts, faceDetails, fringe, hearing, legWear, overTop } from './child-details';
import {
  arcPoints,
  curlyCap,
  ellipse,
  type HairParts,
  HEAD,
  HIP,
  hairCap,
  LINE_MIN_WIDTH,
  limb,
  PARTED_FRINGE,
  type Paint,
  paintFor,
  pt,
  r1,
  SHOULDER,
  scallop,
  shape,
  stroke,
} from './child-paint';
import { CHEEK, EYES, HAIR, INK, OUTFIT, SKIN } from './palette';
import type { ChildOptions, ChildPose, Expression, Figure, Point } from './types';

/**
 * The child drawn from parts, in the book's style: a big round head (picture books for ages 2–8
 * give the head about a third of the height), flat colours, a warm ink outline. Each part is a
 * function of the look, the pose and the style, so the same child reads the same in every pose and
 * the coloring book gets the same shapes with white fills. All in upright units: the figure box is
 * 400 wide; a standing child is 640 tall.
 */

const W = 400;

// ---------------------------------------------------------------------------------------------
// Hair: a back layer (behind the head and body) and a front layer (over the forehead).

/** The first nine styles, each drawn as the books before issue 30 drew it. */
type ClassicHairStyle = {
  [K in HairStyle]: (typeof HAIR_STYLE_PARTS)[K] extends { classic: true } ? K : never;
}[HairStyle];

function hair(style: HairStyle, colour: string, shade: string, p: Paint): HairParts {
  const parts: HairStyleParts = HAIR_STYLE_PARTS[style];
  if (!('classic' in parts)) return drawHairParts(parts, colour, shade, p);
  return classicHair(style as ClassicHairStyle, colour, shade, p);
}

function classicHair(style: ClassicHairStyle, colour: string, shade: string, p: Paint): HairParts {
  const { cx, cy } = HEAD;
  const strands = (ds: string[]) => ds.map((d) => stroke(d, p, p.sw * 0.6)).join('');
  const cap = (top: number, side: number, fringe: string) => hairCap(top, side, fringe, colour, p);
  // A fringe from right temple to left temple, as a path tail after the cap.
  const sweptFringe = `C${cx + 90} ${cy - 40} ${cx + 50} ${cy - 52} ${cx + 20} ${cy - 48} C${cx - 5} ${cy - 30} ${cx - 40} ${cy - 40} ${cx - 60} ${cy - 36} C${cx - 80} ${cy - 30} ${cx - 92} ${cy - 10} ${cx - 100} ${cy + 10}`;
  const partedFringe = PARTED_FRINGE;
  switch (style) {
    case 'cropped':
      return {
        back: '',
        front:
          shape(
            `M${cx - 96} ${cy - 5} C${cx - 104} ${cy - 70} ${cx - 55} ${cy - 96} ${cx} ${cy - 96} C${cx + 55} ${cy - 96} ${cx + 104} ${cy - 70} ${cx + 96} ${cy - 5} C${cx + 86} ${cy - 40} ${cx + 60} ${cy - 56} ${cx + 30} ${cy - 56} L${cx + 18} ${cy - 48} L${cx + 4} ${cy - 58} L${cx - 12} ${cy - 50} L${cx - 28} ${cy - 58} C${cx - 60} ${cy - 56} ${cx - 86} ${cy - 40} ${cx - 96} ${cy - 5} Z`,
            colour,
            p,
          ) +
          (p.line
            ? ''
            : strands([`M${cx - 40} ${cy - 80} q 10 -6 20 -2`, `M${cx + 25} ${cy - 84} q 10 -4 18 2`])),
      };
    case 'short':
      return {
        back: shape(
          `M${cx - 100} ${cy + 20} C${cx - 110} ${cy - 70} ${cx - 60} ${cy - 102} ${cx} ${cy - 102} C${cx + 60} ${cy - 102} ${cx + 110} ${cy - 70} ${cx + 100} ${cy + 20} Z`,
          shade,
          p,
        ),
        front:
          cap(cy - 104, 20, sweptFringe) +
          strands([`M${cx - 30} ${cy - 88} q 20 10 40 30`, `M${cx + 30} ${cy - 90} q 20 10 30 40`]),
      };
    case 'curly-short': {
      return {
        back: '',
        front:
          curlyCap(colour, p) +
          (p.line
            ? ''
            : strands([`M${cx - 50} ${cy - 70} q 10 -12 22 -4`, `M${cx + 22} ${cy - 78} q 12 -8 22 2`])),
      };
    }
    case 'bob':
      return {
        back: shape(
          `M${cx - 116} ${cy + 86} C${cx - 128} ${cy - 20} ${cx - 110} ${cy - 108} ${cx} ${cy - 108} C${cx + 110} ${cy - 108} ${cx + 128} ${cy - 20} ${cx + 116} ${cy + 86} Q${cx} ${cy + 104} ${cx - 116} ${cy + 86} Z`,
          shade,
          p,
        ),
        front: shape(
          `M${cx - 112} ${cy + 86} C${cx - 124} ${cy - 40} ${cx - 90} ${cy - 110} ${cx} ${cy - 110} C${cx + 90} ${cy - 110} ${cx + 124} ${cy - 40} ${cx + 112} ${cy + 86} L${cx + 84} ${cy + 88} C${cx + 90} ${cy + 40} ${cx + 86} ${cy - 10} ${cx + 74} ${cy - 34} L${cx - 74} ${cy - 34} C${cx - 86} ${cy - 10} ${cx - 90} ${cy + 40} ${cx - 84} ${cy + 88} Z`,
          colour,
          p,
        ),
      };
    case 'long':
      return {
        back: shape(
          `M${cx - 112} ${cy + 200} C${cx - 140} ${cy + 60} ${cx - 126} ${cy - 110} ${cx} ${cy - 110} C${cx + 126} ${cy - 110} ${cx + 140} ${cy + 60} ${cx + 112} ${cy + 200} Q${cx} ${cy + 224} ${cx - 112} ${cy + 200} Z`,
          shade,
          p,
        ),
        front:
          shape(
            `M${cx - 104} ${cy + 190} C${cx - 128} ${cy + 40} ${cx - 110} ${cy - 112} ${cx + 6} ${cy - 112} C${cx + 110} ${cy - 112} ${cx + 128} ${cy + 40} ${cx + 104} ${cy + 190} L${cx + 80} ${cy + 176} C${cx + 92} ${cy + 60} ${cx + 90} ${cy - 10} ${cx + 70} ${cy - 40} C${cx + 50} ${cy - 62} ${cx + 20} ${cy - 70} ${cx + 8} ${cy - 72} C${cx - 20} ${cy - 50} ${cx - 60} ${cy - 40} ${cx - 78} ${cy - 20} C${cx - 92} ${cy + 20} ${cx - 88} ${cy + 100} ${cx - 80} ${cy + 176} Z`,
            colour,
            p,
          ) + strands([`M${cx - 100} ${cy + 60} q -6 50 4 110`, `M${cx + 100} ${cy + 60} q 6 50 -4 110`]),
      };
    case 'curly-long': {
      const back = arcPoints(cx, cy + 50, 150, 175, 180, 360, 12);
      const bottom = arcPoints(cx, cy + 180, 130, 30, 0, 180, 6);
      const front = [
        ...arcPoints(cx, cy - 6, 118, 110, 180, 360, 10),
        ...arcPoints(cx, cy - 40, 78, 26, 10, 170, 5),
      ];
      return {
        back: shape(scallop([...back, ...bottom.slice(1, -1)], 0.32), shade, p),
        front: shape(scallop(front, 0.35), colour, p),
      };
    }
    case 'ponytail':
      return {
        back: `${shape(
          `M${cx + 78} ${cy - 70} C${cx + 150} ${cy - 120} ${cx + 190} ${cy - 20} ${cx + 160} ${cy + 70} C${cx + 150} ${cy + 110} ${cx + 130} ${cy + 130} ${cx + 140} ${cy + 160} C${cx + 100} ${cy + 130} ${cx + 110} ${cy + 50} ${cx + 110} ${cy + 10} C${cx + 110} ${cy - 30} ${cx + 96} ${cy - 50} ${cx + 78} ${cy - 70} Z`,
          colour,
          p,
        )}${ellipse({ x: cx + 96, y: cy - 76 }, 16, 20, '#e4677a', p, 30)}`,
        front: cap(cy - 104, 10, partedFringe) + strands([`M${cx + 8} ${cy - 100} q 40 10 70 40`]),
      };
    case 'pigtails': {
      const bunch = (side: 1 | -1) =>
        shape(
          `M${cx + side * 92} ${cy - 40} C${cx + side * 170} ${cy - 70} ${cx + side * 190} ${cy + 40} ${cx + side * 160} ${cy + 110} C${cx + side * 150} ${cy + 60} ${cx + side * 120} ${cy + 20} ${cx + side * 96} ${cy + 10} Z`,
          colour,
          p,
        ) + ellipse({ x: cx + side * 104, y: cy - 28 }, 14, 18, '#f2a541', p, side * 30);
      return { back: bunch(1) + bunch(-1), front: cap(cy - 104, 10, partedFringe) };
    }
    case 'braids': {
      const braid = (side: 1 | -1) => {
        const x = cx + side * 86;
        let s = '';
        for (let i = 0; i < 5; i++)
          s += ellipse({ x: x + side * (i % 2 ? 3 : -3), y: cy + 60 + i * 34 }, 20, 22, colour, p);
        return s + ellipse({ x, y: cy + 60 + 5 * 34 - 6 }, 13, 9, '#e4677a', p);
      };
      return {
        back: shape(
          `M${cx - 104} ${cy + 40} C${cx - 112} ${cy - 70} ${cx - 60} ${cy - 104} ${cx} ${cy - 104} C${cx + 60} ${cy - 104} ${cx + 112} ${cy - 70} ${cx + 104} ${cy + 40} Z`,
          shade,
          p,
        ),
        front: cap(cy - 104, 40, partedFringe) + braid(1) + braid(-1),
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The face: eyes, brows, nose, mouth, cheeks, glasses.

function eyes(expression: Expression, iris: string, lid: string, p: Paint): string {
  const { cx, cy } = HEAD;
  const y = cy + 12;
  const xs = [cx - 38, cx + 38];
  const w = p.sw * 0.9;
  if (expression === 'asleep' || expression === 'laughing') {
    // Closed: asleep curves down (a restful lash line), laughing curves up (squeezed shut with joy).
    const dy = expression === 'asleep' ? 8 : -9;
    return xs
      .map((x) => stroke(`M${x - 15} ${y} Q${x} ${y + dy * 1.6} ${x + 15} ${y}`, p, w))
      .concat(expression === 'asleep' ? xs.map((x) => stroke(`M${x - 14} ${y + 2} l -6 5`, p, w * 0.7)) : [])
      .join('');
  }
  const big = expression === 'surprised' ? 1.25 : 1;
  const rx = 12 * big;
  const ry = 15 * big;
  const open = xs
    .map((x) =>
      p.line
        ? `<ellipse cx="${x}" cy="${y}" rx="${rx * 0.8}" ry="${ry * 0.85}" fill="#000000"/><circle cx="${x + 4}" cy="${y - 5}" r="${3.5 * big}" fill="#ffffff"/>`
        : `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${iris}" stroke="${INK}" stroke-width="${w}"/><ellipse cx="${x}" cy="${y + 2}" rx="${rx * 0.55}" ry="${ry * 0.6}" fill="${INK}"/><circle cx="${x + 4.5}" cy="${y - 6}" r="${4.2 * big}" fill="#ffffff"/><circle cx="${x - 4}" cy="${y + 6}" r="${1.8 * big}" fill="#ffffff"/>`,
    )
    .join('');
  if (expression === 'sleepy') {
    // Heavy lids over the top half of each eye.
    const lids = xs
      .map((x) =>
        p.line
          ? `<path d="M${x - rx - 3} ${y + 1} Q${x} ${y - ry - 8} ${x + rx + 3} ${y + 1} Z" fill="#ffffff"/>${stroke(`M${x - rx - 3} ${y + 1} L${x + rx + 3} ${y + 1}`, p, w)}`
          : `<path d="M${x - rx - 3} ${y + 1} Q${x} ${y - ry - 8} ${x + rx + 3} ${y + 1} Z" fill="${lid}"/>${stroke(`M${x - rx - 3} ${y + 1} Q${x} ${y + 4} ${x + rx + 3} ${y + 1}`, p, w)}`,
      )
      .join('');
    return open + lids;
  }
  return open;
}

function brows(expression: Expression, colour: string, p: Paint): string {
  const { cx, cy } = HEAD;
  const y = cy - 22;
  const w = p.sw * 1.1;
  const c = p.line ? p.ink : colour;
  const line = (d: string) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round"/>`;
  switch (expression) {
    case 'surprised':
      return (
        line(`M${cx - 52} ${y - 10} Q${cx - 38} ${y - 20} ${cx - 24} ${y - 10}`) +
        line(`M${cx + 24} ${y - 10} Q${cx + 38} ${y - 20} ${cx + 52} ${y - 10}`)
      );
    case 'curious':
      return (
        line(`M${cx - 52} ${y + 1} Q${cx - 38} ${y - 5} ${cx - 24} ${y + 1}`) +
        line(`M${cx + 24} ${y - 10} Q${cx + 38} ${y - 20} ${cx + 52} ${y - 8}`)
      );
    case 'brave':
      return (
        line(`M${cx - 52} ${y - 6} L${cx - 24} ${y + 2}`) + line(`M${cx + 24} ${y + 2} L${cx + 52} ${y - 6}`)
      );
    case 'sleepy':
    case 'asleep':
      return (
        line(`M${cx - 52} ${y + 2} Q${cx - 38} ${y - 2} ${cx - 24} ${y + 3}`) +
        line(`M${cx + 24} ${y + 3} Q${cx + 38} ${y - 2} ${cx + 52} ${y + 2}`)
      );
    default:
      return (
        line(`M${cx - 52} ${y} Q${cx - 38} ${y - 8} ${cx - 24} ${y}`) +
        line(`M${cx + 24} ${y} Q${cx + 38} ${y - 8} ${cx + 52} ${y}`)
      );
  }
}

function mouth(expression: Expression, p: Paint): string {
  const { cx, cy } = HEAD;
  const y = cy + 50;
  const w = p.sw * 0.85;
  const open = (d: string, tongue: boolean) =>
    `<path d="${d}" fill="${p.line ? '#ffffff' : '#b8454f'}" stroke="${p.ink}" stroke-width="${w}" stroke-linejoin="round"/>` +
    (tongue && !p.line
      ? `<path d="M${cx - 9} ${y + 14} Q${cx} ${y + 6} ${cx + 9} ${y + 14} Q${cx} ${y + 19} ${cx - 9} ${y + 14} Z" fill="#f28b8b"/>`
      : '');
  switch (expression) {
    case 'happy':
      return open(
        `M${cx - 20} ${y - 2} Q${cx} ${y + 2} ${cx + 20} ${y - 2} Q${cx + 16} ${y + 22} ${cx} ${y + 22} Q${cx - 16} ${y + 22} ${cx - 20} ${y - 2} Z`,
        true,
      );
    case 'laughing':
      return open(
        `M${cx - 24} ${y - 4} Q${cx} ${y} ${cx + 24} ${y - 4} Q${cx + 20} ${y + 28} ${cx} ${y + 28} Q${cx - 20} ${y + 28} ${cx - 24} ${y - 4} Z`,
        true,
      );
    case 'surprised':
      return `<ellipse cx="${cx}" cy="${y + 8}" rx="9" ry="12" fill="${p.line ? '#ffffff' : '#b8454f'}" stroke="${p.ink}" stroke-width="${w}"/>`;
    case 'curious':
      return stroke(`M${cx - 14} ${y + 6} Q${cx} ${y + 12} ${cx + 14} ${y + 2}`, p, w);
    case 'brave':
      return stroke(`M${cx - 20} ${y + 2} Q${cx} ${y + 16} ${cx + 20} ${y + 2}`, p, w);
    case 'sleepy':
      return `<ellipse cx="${cx}" cy="${y + 8}" rx="8" ry="9" fill="${p.line ? '#ffffff' : '#b8454f'}" stroke="${p.ink}" stroke-width="${w}"/>`;
    case 'asleep':
      return stroke(`M${cx - 10} ${y + 6} Q${cx} ${y + 12} ${cx + 10} ${y + 6}`, p, w);
    default:
      return stroke(`M${cx - 18} ${y + 2} Q${cx} ${y + 16} ${cx + 18} ${y + 2}`, p, w);
  }
}

function glasses(p: Paint): string {
  const { cx, cy } = HEAD;
  const y = cy + 12;
  const w = p.sw * 0.9;
  const frame = p.line ? p.ink : '#3b4a8c';
  const lens = (x: number) =>
    `<circle cx="${x}" cy="${y}" r="25" fill="${p.line ? 'none' : '#ffffff'}" fill-opacity="0.25" stroke="${frame}" stroke-width="${w}"/>`;
  return `${lens(cx - 38)}${lens(cx + 38)}<path d="M${cx - 13} ${y - 4} Q${cx} ${y - 12} ${cx + 13} ${y - 4}" fill="none" stroke="${frame}" stroke-width="${w}"/><path d="M${cx - 63} ${y - 4} L${cx - 92} ${y - 10} M${cx + 63} ${y - 4} L${cx + 92} ${y - 10}" stroke="${frame}" stroke-width="${w}" stroke-linecap="round"/>`;
}

function head(o: ChildOptions, p: Paint): { back: string; front: string } {
  const look = childLookParts(o.look);
  const skin = SKIN[o.look.skin];
  const hairColour = HAIR[o.look.hairColor];
  const { cx, cy, rx, ry } = HEAD;
  const h = hair(o.look.hairStyle, hairColour.fill, hairColour.shade, p);
  const ears = [-1, 1].map((s) => ellipse({ x: cx + s * 94, y: cy + 18 }, 16, 20, skin.fill, p)).join('');
  const face = `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${p.fill(skin.fill)}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  const cheeks = p.line
    ? ''
    : [-1, 1]
        .map(
          (s) =>
            `<ellipse cx="${cx + s * 58}" cy="${cy + 42}" rx="16" ry="10" fill="${CHEEK}" fill-opacity="0.45"/>`,
        )
        .join('');
  const nose = stroke(`M${cx - 6} ${cy + 32} Q${cx} ${cy + 37} ${cx + 6} ${cy + 32}`, p, p.sw * 0.7);
  const details = faceDetails(look, o.expression, p);
  const features =
    cheeks +
    details.cheeks +
    eyes(o.expression, EYES[o.look.eyeColor].fill, skin.fill, p) +
    brows(o.expression, hairColour.shade, p) +
    nose +
    mouth(o.expression, p) +
    details.mouth +
    (o.look.glasses ? glasses(p) : '') +
    hearing(look.hearing, p, (o.facing === 'left') !== (o.mirrored === true));
  const bangs = look.fringe ? fringe(hairColour.fill, p) : '';
  return { back: h.back, front: ears + face + h.front + bangs + features };
}

// ---------------------------------------------------------------------------------------------
// The body per pose.

type Limbs = { armL: Point[]; armR: Point[]; legL: Point[]; legR: Point[]; hands?: 'open' | 'point' };

const POSES: Record<Exclude<ChildPose, 'lying' | 'sleeping'>, Limbs> = {
  standing: {
    armL: [SHOULDER.l, { x: 134, y: 346 }, { x: 128, y: 404 }],
    armR: [SHOULDER.r, { x: 266, y: 346 }, { x: 272, y: 404 }],
    legL: [HIP.l, { x: 176, y: 520 }, { x: 176, y: 590 }],
    legR: [HIP.r, { x: 224, y: 520 }, { x: 224, y: 590 }],
  },
  walking: {
    armL: [SHOULDER.l, { x: 126, y: 338 }, { x: 112, y: 392 }],
    armR: [SHOULDER.r, { x: 276, y: 344 }, { x: 296, y: 394 }],
    legL: [HIP.l, { x: 162, y: 505 }, { x: 150, y: 590 }],
    legR: [HIP.r, { x: 240, y: 500 }, { x: 256, y: 578 }],
  },
  'holding-hand': {
    armL: [SHOULDER.l, { x: 134, y: 346 }, { x: 128, y: 404 }],
    armR: [SHOULDER.r, { x: 292, y: 330 }, { x: 334, y: 370 }],
    legL: [HIP.l, { x: 168, y: 510 }, { x: 160, y: 590 }],
    legR: [HIP.r, { x: 234, y: 505 }, { x: 246, y: 584 }],
  },
  waving: {
    armL: [SHOULDER.l, { x: 134, y: 346 }, { x: 128, y: 404 }],
    armR: [SHOULDER.r, { x: 304, y: 250 }, { x: 318, y: 182 }],
    legL: [HIP.l, { x: 176, y: 520 }, { x: 176, y: 590 }],
    legR: [HIP.r, { x: 224, y: 520 }, { x: 224, y: 590 }],
    hands: 'open',
  },
  pointing: {
    armL: [SHOULDER.l, { x: 134, y: 346 }, { x: 128, y: 404 }],
    armR: [SHOULDER.r, { x: 306, y: 262 }, { x: 358, y: 226 }],
    legL: [HIP.l, { x: 176, y: 520 }, { x: 172, y: 590 }],
    legR: [HIP.r, { x: 228, y: 520 }, { x: 234, y: 590 }],
    hands: 'point',
  },
  reaching: {
    armL: [SHOULDER.l, { x: 110, y: 236 }, { x: 96, y: 166 }],
    armR: [SHOULDER.r, { x: 290, y: 236 }, { x: 304, y: 166 }],
    legL: [HIP.l, { x: 176, y: 520 }, { x: 176, y: 584 }],
    legR: [HIP.r, { x: 224, y: 520 }, { x: 224, y: 584 }],
    hands: 'open',
  },
  hugging: {
    armL: [SHOULDER.l, { x: 142, y: 360 }, { x: 214, y: 350 }],
    armR: [SHOULDER.r, { x: 258, y: 366 }, { x: 188, y: 362 }],
    legL: [HIP.l, { x: 176, y: 520 }, { x: 176, y: 590 }],
    legR: [HIP.r, { x: 224, y: 520 }, { x: 224, y: 590 }],
  },
  sitting: {
    armL: [SHOULDER.l, { x: 134, y: 350 }, { x: 140, y: 410 }],
    armR: [SHOULDER.r, { x: 266, y: 350 }, { x: 260, y: 410 }],
    legL: [HIP.l, { x: 130, y: 452 }, { x: 188, y: 478 }],
    legR: [HIP.r, { x: 270, y: 452 }, { x: 212, y: 478 }],
  },
};

/** Lying in bed: arms resting over the chest (above the blanket), legs straight. */
const LYING: Limbs = {
  armL: [SHOULDER.l, { x: 150, y: 352 }, { x: 186, y: 372 }],
  armR: [SHOULDER.r, { x: 250, y: 352 }, { x: 214, y: 372 }],
  legL: [HIP.l, { x: 178, y: 520 }, { x: 178, y: 590 }],
  legR: [HIP.r, { x: 222, y: 520 }, { x: 222, y: 590 }],
};

function hand(at: Point, from: Point, kind: 'fist' | 'open' | 'point', skin: string, p: Paint): string {
  const angle = (Math.atan2(at.y - from.y, at.x - from.x) * 180) / Math.PI;
  const t = `transform="translate(${pt(at)}) rotate(${r1(angle)})"`;
  if (kind === 'open') {
    // A round palm with four fingers fanned along the arm, the thumb to one side: a wave reads
    // as a wave even when the figure is drawn small.
    const fingers = [-34, -12, 10, 32]
      .map(
        (a) =>
          `<g transform="rotate(${a})">${shape('M8 -7.5 L34 -7.5 Q42 0 34 7.5 L8 7.5 Z', skin, p, p.sw * 0.8)}</g>`,
      )
      .join('');
    return `<g ${t}>${fingers}${shape('M-2 -12 L-12 -34 Q-2 -40 6 -20 Z', skin, p, p.sw * 0.8)}<circle r="19" fill="${p.fill(skin)}" stroke="${p.ink}" stroke-width="${p.sw}"/></g>`;
  }
  if (kind === 'point')
    return `<g ${t}>${shape('M6 -6 L34 -6 Q40 0 34 6 L6 6 Z', skin, p, p.sw * 0.8)}<circle r="17" fill="${p.fill(skin)}" stroke="${p.ink}" stroke-width="${p.sw}"/></g>`;
  return `<circle cx="${r1(at.x)}" cy="${r1(at.y)}" r="17" fill="${p.fill(skin)}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
}

/** A rounded shoe (or a bare foot), toes turned a little outward, with a sole line. */
function shoe(at: Point, side: 1 | -1, colour: string, p: Paint, sole: boolean): string {
  const c = { x: at.x + side * 7, y: at.y + 4 };
  const foot = ellipse(c, 25, 15, colour, p, side * 8);
  if (!sole) return foot;
  return `${foot}${stroke(`M${r1(c.x - 20)} ${r1(c.y + 7)} Q${r1(c.x)} ${r1(c.y + 12)} ${r1(c.x + 20)} ${r1(c.y + 7)}`, p, p.sw * 0.6)}`;
}

function body(o: ChildOptions, limbs: Limbs, p: Paint): { back: string; front: string; arms: string } {
  const skin = SKIN[o.look.skin].fill;
  const bath = o.outfit === 'bath';
  // In the bath, bare shoulders and arms: no T-shirt in the water.
  const look = childLookParts(o.look);
  const pyjamas = o.outfit === 'pyjamas';
  const day = {
    top: CLOTHES_COLOURS[look.top].fill,
    bottom: CLOTHES_COLOURS[look.bottom].fill,
    shoe: look.shoeFill,
  };
  const wear = pyjamas
    ? { top: look.pyjamas, bottom: look.pyjamas, shoe: look.pyjamas }
    : bath
      ? { ...day, top: skin }
      : day;
  // Pyjamas are a long top and trousers; in the bath the legs are under the water.
  const cut = pyjamas || bath ? OUTFITS['tshirt-trousers'] : OUTFITS[look.outfit];
  const seated = limbs === POSES.sitting;
  // Legs: trousers down to the ankle (or tights, or shorts over bare legs), then shoes (bare feet
  // in pyjamas).
  const worn = legWear([limbs.legL, limbs.legR], cut, wear.bottom, skin, p);
  const legs =
    [limbs.legL, limbs.legR]
      .map((leg, i) => {
        const foot = leg[leg.length - 1]!;
        const side = (i === 0 ? -1 : 1) as 1 | -1;
        const turned = (seated ? -side : side) as 1 | -1;
        const feet = pyjamas ? shoe(foot, turned, skin, p, false) : shoe(foot, turned, wear.shoe, p, true);
        return worn.legs[i]! + feet;
      })
      .join('') + worn.over;
  const torso = shape(
    `M${SHOULDER.l.x - 6} ${SHOULDER.l.y - 14} Q${HEAD.cx} ${SHOULDER.l.y - 34} ${SHOULDER.r.x + 6} ${SHOULDER.r.y - 14} Q${SHOULDER.r.x + 12} ${SHOULDER.r.y + 40} ${HIP.r.x + 34} ${HIP.r.y + 6} Q${HEAD.cx} ${HIP.r.y + 26} ${HIP.l.x - 34} ${HIP.l.y + 6} Q${SHOULDER.l.x - 12} ${SHOULDER.l.y + 40} ${SHOULDER.l.x - 6} ${SHOULDER.l.y - 14} Z`,
    wear.top,
    p,
  );
  const neck = `<rect x="${HEAD.cx - 16}" y="${HEAD.cy + 70}" width="32" height="40" fill="${p.fill(skin)}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  const collar = stroke(
    `M${HEAD.cx - 26} ${SHOULDER.l.y - 22} Q${HEAD.cx} ${SHOULDER.l.y + 2} ${HEAD.cx + 26} ${SHOULDER.l.y - 22}`,
    p,
  );
  const trim =
    bath || cut.bib
      ? ''
      : pyjamas
        ? p.line
          ? [0, 1, 2]
              .map(
                (i) =>
                  `<circle cx="${HEAD.cx}" cy="${SHOULDER.l.y + 20 + i * 36}" r="6" fill="#ffffff" stroke="#000000" stroke-width="${LINE_MIN_WIDTH}"/>`,
              )
              .join('')
          : [
              [170, 320],
              [228, 340],
              [196, 376],
              [164, 392],
              [236, 396],
              [200, 300],
            ]
              .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${OUTFIT.pyjamas.dot}"/>`)
              .join('')
        : // The day top: a big star on the chest, every child's favourite (a closed region to colour).
          `<path d="M200 318 L209 338 L231 340 L214 354 L220 376 L200 364 L180 376 L186 354 L169 340 L191 338 Z" fill="${p.fill('#fff3c4')}" stroke="${p.ink}" stroke-width="${p.sw * 0.8}" stroke-linejoin="round"/>`;
  // Arms: a sleeve (short by day, long in pyjamas), then skin, then the hand.
  const arm = (a: Point[], side: 'l' | 'r') => {
    const sleeveEnd = pyjamas ? a[2]! : { x: (a[0]!.x + a[1]!.x) / 2, y: (a[0]!.y + a[1]!.y) / 2 };
    const active = side === 'r' ? limbs.hands : limbs === POSES.reaching ? 'open' : undefined;
    const sleeve = pyjamas ? a : [a[0]!, sleeveEnd];
    return (
      limb(a, 27, pyjamas ? wear.top : skin, p) +
      limb(sleeve, 33, wear.top, p) +
      hand(a[2]!, a[1]!, active ?? 'fist', skin, p)
    );
  };
  return {
    back: legs,
    front: neck + torso + collar + trim + overTop(cut, wear.top, wear.bottom, seated, p),
    arms: arm(limbs.armL, 'l') + arm(limbs.armR, 'r'),
  };
}

// ---------------------------------------------------------------------------------------------

/** The drawn child in a pose, as an SVG fragment with its anchors. */
export function drawChild(o: ChildOptions): Figure {
  const p = paintFor(o.style);
  const lying = o.pose === 'lying' || o.pose === 'sleeping';
  const limbs = o.pose === 'lying' || o.pose === 'sleeping' ? LYING : POSES[o.pose];
  const expression: Expression = o.pose === 'sleeping' ? 'asleep' : o.expression;
  const h = head({ ...o, expression }, p);
  const b = body(o, limbs, p);
  const hands = limbs.armR[2]!;
  const handsMid = {
    x: (limbs.armL[2]!.x + limbs.armR[2]!.x) / 2,
    y: (limbs.armL[2]!.y + limbs.armR[2]!.y) / 2,
  };
  const seated = o.pose === 'sitting';

  let svg: string;
  let width: number;
  let height: number;
  let anchors: Figure['anchors'];
  if (lying) {
    // Horizontal, head on the left: the body turned a quarter, the head a little less so the face
    // looks up out of the pillow rather than sideways.
    // Wide enough for pigtails and a ponytail spread on the pillow.
    const box = { left: 0, right: 410 };
    width = 640;
    height = box.right - box.left;
    const neck = { x: HEAD.cx, y: HEAD.cy + 86 };
    const turn = (q: Point): Point => ({ x: q.y - 20, y: box.right - q.x });
    svg = `<g transform="translate(-20 ${box.right}) rotate(-90)">${b.back}${b.front}<g transform="rotate(24 ${neck.x} ${neck.y})">${h.back}<g class="face">${h.front}</g></g>${b.arms}</g>`;
    anchors = {
      head: turn({ x: HEAD.cx, y: HEAD.cy }),
      hand: turn(hands),
      arms: turn(handsMid),
      // The back of the body (the mattress line); hair may spill below it onto the pillow.
      ground: turn({ x: 132, y: HIP.l.y }),
    };
  } else {
    width = W;
    height = seated ? 520 : 640;
    // Arms after the head: a waving or reaching hand passes in front of the hair.
    // The face is a group of its own: the layout check finds it (scenes/layout-check.ts).
    svg = `${h.back}${b.back}${b.front}<g class="face">${h.front}</g>${b.arms}`;
    const footY = Math.max(limbs.legL[2]!.y, limbs.legR[2]!.y) + (o.outfit === 'pyjamas' ? 21 : 18);
    anchors = {
      head: { x: HEAD.cx, y: HEAD.cy },
      hand: hands,
      arms: o.pose === 'hugging' ? { x: HEAD.cx, y: 352 } : handsMid,
      ground: { x: HEAD.cx, y: Math.min(height, footY) },
    };
  }
  if (o.facing === 'left') {
    svg = `<g transform="translate(${width} 0) scale(-1 1)">${svg}</g>`;
    const flip = (q: Point): Point => ({ x: width - q.x, y: q.y });
    anchors = {
      head: flip(anchors.head),
      hand: flip(anchors.hand),
      arms: flip(anchors.arms),
      ground: flip(anchors.ground),
    };
  }
  return { svg: `<g class="child">${svg}</g>`, width, height, anchors };
}

export { LINE_MIN_WIDTH };
