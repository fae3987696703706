import {
  type ChildLookParts,
  type HairStyleParts,
  HEARING_PARTS,
  type HearingParts,
  type OutfitParts,
} from '../../../../shared/domain/child-look';
import {
  arcPoints,
  curlyCap,
  ellipse,
  type HairParts,
  HEAD,
  HIP,
  hairCap,
  limb,
  PARTED_FRINGE,
  type Paint,
  r1,
  SHOULDER,
  scallop,
  shape,
  stroke,
} from './child-paint';
import type { Expression, Point } from './types';

/**
 * The parts of the drawn child added for issue 30 (docs/decisions/024-more-of-the-child.md): hair
 * made of parts (caps, lengths, buns and puffs), a fringe over any style, freckles, dimples, a gap
 * tooth, hearing aids and a cochlear implant, and the day outfit's shapes (shorts, a dress,
 * dungarees). Each is a closed shape with an ink outline, so the coloring book can colour it.
 */

const { cx, cy } = HEAD;

/** Freckles: a warm brown, a little see-through, so they show on every skin tone. */
const FRECKLE = '#9a4a26';

/** A hair tie's colour (the classic styles' bobbles). */
const TIE = '#e4677a';

// ---------------------------------------------------------------------------------------------
// Hair from parts.

/** What falls behind the head, down to `bottom`: smooth, or curls. */
function hairBehind(bottom: number, curly: boolean, shade: string, p: Paint): string {
  if (curly) {
    const back = arcPoints(cx, cy + 20, 130, bottom - cy - 20, 180, 360, 16);
    const lower = arcPoints(cx, bottom - 10, 118, 24, 0, 180, 6);
    return shape(scallop([...back, ...lower.slice(1, -1)], 0.3), shade, p);
  }
  return shape(
    `M${cx - 112} ${bottom} C${cx - 136} ${cy + 40} ${cx - 124} ${cy - 108} ${cx} ${cy - 108} C${cx + 124} ${cy - 108} ${cx + 136} ${cy + 40} ${cx + 112} ${bottom} Q${cx} ${bottom + 20} ${cx - 112} ${bottom} Z`,
    shade,
    p,
  );
}

/** Smooth hair falling past the ears on both sides down to `bottom`, over the cap's edge. */
function sideLocks(bottom: number, colour: string, p: Paint): string {
  const lock = (s: 1 | -1) =>
    shape(
      `M${cx + s * 100} ${cy - 10} C${cx + s * 120} ${cy + 40} ${cx + s * 118} ${bottom - 60} ${cx + s * 108} ${bottom} L${cx + s * 82} ${bottom - 12} C${cx + s * 90} ${bottom - 70} ${cx + s * 88} ${cy + 40} ${cx + s * 78} ${cy - 10} Z`,
      colour,
      p,
    );
  return lock(-1) + lock(1);
}

/** Hair gathered up: a bun on top, two buns high on the sides, or two round afro puffs. */
function gathered(kind: 'bun' | 'two-buns' | 'puffs', curly: boolean, colour: string, p: Paint): string {
  const knot = (c: Point, rx: number, ry: number) =>
    curly
      ? shape(scallop(arcPoints(c.x, c.y, rx, ry, 0, 360, 10).slice(0, -1), 0.28), colour, p)
      : ellipse(c, rx, ry, colour, p) +
        stroke(
          `M${c.x - rx * 0.5} ${c.y - ry * 0.2} Q${c.x} ${c.y - ry * 0.7} ${c.x + rx * 0.5} ${c.y - ry * 0.1}`,
          p,
          p.sw * 0.6,
        );
  switch (kind) {
    case 'bun':
      return knot({ x: cx, y: cy - 120 }, 40, 30) + ellipse({ x: cx, y: cy - 94 }, 18, 8, TIE, p);
    default: {
      const pair = PAIRS[kind];
      return [-1, 1]
        .map(
          (s) =>
            knot({ x: cx + s * pair.x, y: cy + pair.y }, pair.rx, pair.ry) +
            ellipse({ x: cx + s * pair.tieX, y: cy + pair.tieY }, 13, 7, TIE, p, s * -35),
        )
        .join('');
    }
  }
}

/** Where a pair of buns or puffs sits (from the head's centre), its radii, where its tie is. */
const PAIRS = {
  'two-buns': { x: 66, y: -96, rx: 33, ry: 30, tieX: 50, tieY: -74 },
  puffs: { x: 94, y: -66, rx: 46, ry: 42, tieX: 68, tieY: -50 },
} as const;

/** A hairstyle made of parts (shared/domain/child-look.ts `HAIR_STYLE_PARTS`). */
export function drawHairParts(
  parts: Exclude<HairStyleParts, { classic: true }>,
  colour: string,
  shade: string,
  p: Paint,
): HairParts {
  const curly = parts.cap !== 'smooth';
  const bottom = { none: 0, chin: cy + 90, shoulder: cy + 150, back: cy + 290 }[parts.length];
  let back = parts.length === 'none' ? '' : hairBehind(bottom, curly, shade, p);
  if (parts.cap === 'afro')
    back += shape(scallop(arcPoints(cx, cy - 16, 138, 122, 0, 360, 16).slice(0, -1), 0.3), colour, p);
  // Buns and puffs sit behind the cap: the cap's edge is where the hair is tied.
  if (parts.gathered !== 'none') back += gathered(parts.gathered, curly, colour, p);
  const cap = curly ? curlyCap(colour, p) : hairCap(cy - 104, 10, PARTED_FRINGE, colour, p);
  const locks = !curly && parts.length !== 'none' ? sideLocks(bottom - 10, colour, p) : '';
  return { back, front: locks + cap };
}

/**
 * A straight fringe over the forehead, over any style: painted over the cap without an outline on
 * top (it is the same hair), its lower edge inked; the cap around it keeps the region closed.
 */
export function fringe(colour: string, p: Paint): string {
  const edge = `M${cx - 90} ${cy - 18} Q${cx - 68} ${cy - 40} ${cx - 44} ${cy - 32} Q${cx - 22} ${cy - 42} ${cx} ${cy - 32} Q${cx + 22} ${cy - 42} ${cx + 44} ${cy - 32} Q${cx + 68} ${cy - 40} ${cx + 90} ${cy - 18}`;
  return (
    `<path d="${edge} C${cx + 98} ${cy - 104} ${cx - 98} ${cy - 104} ${cx - 90} ${cy - 18} Z" fill="${p.fill(colour)}"/>` +
    stroke(edge, p, p.sw) +
    (p.line
      ? ''
      : stroke(`M${cx - 30} ${cy - 70} q 6 18 0 34 M${cx + 26} ${cy - 72} q 6 18 2 36`, p, p.sw * 0.5))
  );
}

// ---------------------------------------------------------------------------------------------
// The face's details.

/** Where the top of the mouth's teeth is for each expression (none when the mouth is shut asleep). */
const TEETH_TOP: Record<Expression, number | undefined> = {
  happy: 0,
  laughing: -2,
  surprised: -2,
  sleepy: 1,
  calm: 8,
  curious: 8,
  brave: 8,
  asleep: undefined,
};

/**
 * Dimples: a short soft crease on each cheek, out from the mouth's corners and a little lower,
 * curved like a small smile. Not an upright arc beside the mouth: drawn small (a page's child) two
 * of those framed the mouth like brackets. In colour a see-through ink, so it fades as the child is
 * drawn smaller instead of thickening into a mark; in the coloring book a thin ink line.
 */
function dimples(y: number, p: Paint): string {
  const width = r1(Math.max(p.sw * 0.55, p.thinnest));
  const opacity = p.line ? '' : ' stroke-opacity="0.55"';
  return [-1, 1]
    .map(
      (s) =>
        `<path d="M${cx + s * 36} ${y + 10} Q${cx + s * 43} ${y + 10} ${cx + s * 44} ${y + 2}" fill="none" stroke="${p.ink}" stroke-width="${width}"${opacity} stroke-linecap="round"/>`,
    )
    .join('');
}

/** Freckles (under the eyes), dimples and a gap tooth (over the mouth). */
export function faceDetails(
  look: ChildLookParts,
  expression: Expression,
  p: Paint,
): { cheeks: string; mouth: string } {
  const y = cy + 50;
  let cheeks = '';
  if (look.face.includes('freckles')) {
    // Freckles across the nose and the cheeks.
    const dots: [number, number][] = [
      [-52, 30],
      [-40, 38],
      [-28, 29],
      [-62, 40],
      [-18, 36],
    ];
    const colour = p.line ? p.ink : FRECKLE;
    cheeks = dots
      .flatMap(([x, dy]) => [
        [cx + x, cy + dy],
        [cx - x, cy + dy],
      ])
      .map(
        ([x, yy]) =>
          `<circle cx="${x}" cy="${yy}" r="${p.line ? 3 : 3.6}" fill="${colour}"${p.line ? '' : ' fill-opacity="0.6"'}/>`,
      )
      .join('');
  }
  let mouth = '';
  if (look.face.includes('dimples')) mouth += dimples(y, p);
  const top = TEETH_TOP[expression];
  if (look.face.includes('gap-tooth') && top !== undefined) {
    const w = Math.max(p.sw * 0.45, p.thinnest * 0.6);
    mouth += [-1, 1]
      .map((s) => {
        const x0 = cx + s * 3;
        const x1 = cx + s * 13;
        return `<path d="M${x0} ${y + top} L${x1} ${y + top} L${x1} ${y + top + 11} Q${(x0 + x1) / 2} ${y + top + 13} ${x0} ${y + top + 11} Z" fill="#ffffff" stroke="${p.ink}" stroke-width="${r1(w)}" stroke-linejoin="round"/>`;
      })
      .join('');
  }
  return { cheeks, mouth };
}

// ---------------------------------------------------------------------------------------------
// Hearing aids and a cochlear implant.

const AID = '#8a6bc4';
const IMPLANT = '#4b5563';

/** A behind-the-ear processor hooked over the ear's top, its ear mould in the ear. */
function overEar(side: 1 | -1, colour: string, p: Paint): string {
  const x = cx + side * 94;
  const ey = cy + 18;
  return (
    shape(
      `M${x - side * 4} ${ey - 20} C${x + side * 14} ${ey - 34} ${x + side * 30} ${ey - 14} ${x + side * 24} ${ey + 16} C${x + side * 22} ${ey + 26} ${x + side * 12} ${ey + 26} ${x + side * 12} ${ey + 14} C${x + side * 16} ${ey - 4} ${x + side * 10} ${ey - 14} ${x - side * 2} ${ey - 10} Z`,
      colour,
      p,
      p.sw * 0.8,
    ) + ellipse({ x: x - side * 2, y: ey + 4 }, 6, 6, colour, p)
  );
}

/** A cochlear implant on one side: its processor over the ear, a cable up to the round coil. */
function implant(side: 1 | -1, p: Paint): string {
  const coil = { x: cx + side * 112, y: cy - 34 };
  return (
    overEar(side, IMPLANT, p) +
    stroke(
      `M${cx + side * 112} ${cy - 4} Q${cx + side * 120} ${cy - 14} ${coil.x} ${coil.y + 14}`,
      p,
      p.sw * 0.7,
    ) +
    ellipse(coil, 16, 16, IMPLANT, p) +
    ellipse(coil, 6, 6, p.line ? '#ffffff' : '#cbd5e1', p)
  );
}

/**
 * Hearing aids or cochlear implants on the ears the look names (shared/domain/child-look.ts
 * `HEARING_PARTS`), on the child's own side: the child faces us in every pose, so their right ear
 * is on the viewer's left. `mirrored`: the figure will be shown mirrored (turned left, or nested in
 * a setting drawn mirrored), so a one-sided device is drawn on the other side here to stay on the
 * child's own ear on the page.
 */
export function hearing(kind: ChildLookParts['hearing'], p: Paint, mirrored = false): string {
  const parts: HearingParts = HEARING_PARTS[kind];
  if (parts.device === 'none') return '';
  // The child's right ear on the viewer's left (-1), both ears drawn left then right as before.
  const sides = (parts.ears.length === 2 ? [-1, 1] : [parts.ears[0] === 'right' ? -1 : 1]).map(
    (side) => (parts.ears.length === 1 && mirrored ? -side : side) as 1 | -1,
  );
  return sides.map((side) => (parts.device === 'aid' ? overEar(side, AID, p) : implant(side, p))).join('');
}

// ---------------------------------------------------------------------------------------------
// The day outfit's shapes.

/** The legs' clothes: trousers or tights to the ankle, or skin with shorts to mid-thigh. */
export function legWear(
  legs: Point[][],
  cut: OutfitParts,
  bottom: string,
  skin: string,
  p: Paint,
): { legs: string[]; over: string } {
  if (cut.legs === 'trousers') return { legs: legs.map((leg) => limb(leg, 44, bottom, p)), over: '' };
  if (cut.legs === 'tights') return { legs: legs.map((leg) => limb(leg, 38, bottom, p)), over: '' };
  const mid = (a: Point, b: Point): Point => ({ x: a.x + (b.x - a.x) * 0.55, y: a.y + (b.y - a.y) * 0.55 });
  return {
    legs: legs.map((leg) => limb(leg, 40, skin, p)),
    over: legs.map((leg) => limb([leg[0]!, mid(leg[0]!, leg[1]!)], 54, bottom, p)).join(''),
  };
}

/** A dress's skirt in the top's colour, or dungarees' bib and straps in the bottom's colour. */
export function overTop(cut: OutfitParts, top: string, bottom: string, seated: boolean, p: Paint): string {
  if (cut.skirt) {
    const hem = seated ? HIP.l.y + 50 : HIP.l.y + 70;
    return shape(
      `M${cx - 54} ${HIP.l.y - 34} L${cx + 54} ${HIP.l.y - 34} Q${cx + 84} ${hem - 40} ${cx + 104} ${hem} Q${cx} ${hem + 22} ${cx - 104} ${hem} Q${cx - 84} ${hem - 40} ${cx - 54} ${HIP.l.y - 34} Z`,
      top,
      p,
    );
  }
  if (!cut.bib) return '';
  const strap = (s: 1 | -1) =>
    limb(
      [
        { x: cx + s * 30, y: SHOULDER.l.y + 46 },
        { x: cx + s * 40, y: SHOULDER.l.y - 12 },
      ],
      10,
      bottom,
      p,
    );
  const bib = shape(
    `M${cx - 36} ${SHOULDER.l.y + 42} L${cx + 36} ${SHOULDER.l.y + 42} L${cx + 38} ${HIP.l.y - 28} L${cx + 52} ${HIP.l.y - 28} Q${cx + 57} ${HIP.l.y - 10} ${cx + 56} ${HIP.l.y + 6} Q${cx} ${HIP.l.y + 26} ${cx - 56} ${HIP.l.y + 6} Q${cx - 57} ${HIP.l.y - 10} ${cx - 52} ${HIP.l.y - 28} L${cx - 38} ${HIP.l.y - 28} Z`,
    bottom,
    p,
  );
  const pocket = shape(
    `M${cx - 18} ${SHOULDER.l.y + 58} L${cx + 18} ${SHOULDER.l.y + 58} L${cx + 16} ${SHOULDER.l.y + 84} L${cx - 16} ${SHOULDER.l.y + 84} Z`,
    bottom,
    p,
    p.sw * 0.7,
  );
  const buttons = [-1, 1]
    .map((s) => ellipse({ x: cx + s * 28, y: SHOULDER.l.y + 50 }, 5, 5, '#f6d65a', p))
    .join('');
  return strap(-1) + strap(1) + bib + pocket + buttons;
}
