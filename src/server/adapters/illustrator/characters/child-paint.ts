import { INK } from './palette';
import type { ArtStyle, Point } from './types';

/**
 * The drawn child's measures and pen (characters/child.ts draws the child, child-details.ts the
 * parts added for issue 30): the head's, shoulders' and hips' places in the figure's upright units,
 * and how a style paints a shape, a line, a limb.
 */

/** The head's centre and radii, the same in every pose (only the body changes). */
export const HEAD = { cx: 200, cy: 165, rx: 96, ry: 90 } as const;
export const SHOULDER = { l: { x: 152, y: 284 }, r: { x: 248, y: 284 } } as const;
export const HIP = { l: { x: 178, y: 410 }, r: { x: 222, y: 410 } } as const;

/** How a style paints: the storybook's colours, or white regions with black outlines for crayons. */
export type Paint = {
  line: boolean;
  ink: string;
  sw: number;
  thinnest: number;
  fill: (colour: string) => string;
};

export function paintFor(style: ArtStyle): Paint {
  // Scenes draw a 640-unit child 900 to 1500 px tall (x1.4 to x2.3): line art keeps every line at
  // 4.5 units or more (at least 6 px printed), outlines at 6.5 (9 px and up).
  return style === 'line'
    ? { line: true, ink: '#000000', sw: 6.5, thinnest: LINE_MIN_WIDTH, fill: () => '#ffffff' }
    : { line: false, ink: INK, sw: 4.5, thinnest: 2, fill: (colour) => colour };
}

/** The thinnest line in line art, in figure units. */
export const LINE_MIN_WIDTH = 4.5;

export const r1 = (value: number) => Math.round(value * 10) / 10;
export const pt = (p: Point) => `${r1(p.x)} ${r1(p.y)}`;

export function shape(d: string, fill: string, p: Paint, width = p.sw): string {
  return `<path d="${d}" fill="${p.fill(fill)}" stroke="${p.ink}" stroke-width="${r1(Math.max(width, p.thinnest))}" stroke-linejoin="round" stroke-linecap="round"/>`;
}

/** An ink line with no fill (creases, strands, mouths). */
export function stroke(d: string, p: Paint, width = p.sw * 0.8): string {
  return `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${r1(Math.max(width, p.thinnest))}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A limb: a thick rounded line with an ink outline (an ink line under a narrower coloured one). */
export function limb(points: Point[], width: number, fill: string, p: Paint): string {
  const d = `M${points.map(pt).join(' L')}`;
  return `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${width + 2 * p.sw}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${p.fill(fill)}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export function ellipse(c: Point, rx: number, ry: number, fill: string, p: Paint, rotate = 0): string {
  const t = rotate ? ` transform="rotate(${rotate} ${pt(c).replace(' ', ' ')})"` : '';
  return `<ellipse cx="${r1(c.x)}" cy="${r1(c.y)}" rx="${rx}" ry="${ry}" fill="${p.fill(fill)}" stroke="${p.ink}" stroke-width="${p.sw}"${t}/>`;
}

/** A bumpy outline through `points` (closed): curls for curly hair, one bump per segment. */
export function scallop(points: Point[], bulge = 0.55): string {
  let d = `M${pt(points[0]!)}`;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    // The bump bulges outward from the shape's centre.
    const nx = -(b.y - a.y) * bulge;
    const ny = (b.x - a.x) * bulge;
    d += ` Q${r1(mx + nx)} ${r1(my + ny)} ${pt(b)}`;
  }
  return `${d}Z`;
}

/** Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down), n segments. */
export function arcPoints(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  a0: number,
  a1: number,
  n: number,
): Point[] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
    return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) };
  });
}

/** Hair drawn in two layers: behind the head and body, and over the forehead. */
export type HairParts = { back: string; front: string };

/** The cap most styles share: it covers the top of the skull down to the temples. */
export function hairCap(top: number, side: number, fringe: string, colour: string, p: Paint): string {
  const { cx, cy } = HEAD;
  return shape(
    `M${cx - 100} ${cy + side} C${cx - 112} ${cy - 60} ${cx - 60} ${top} ${cx} ${top} C${cx + 60} ${top} ${cx + 112} ${cy - 60} ${cx + 100} ${cy + side} ${fringe} Z`,
    colour,
    p,
  );
}

/** A cap's lower edge parted on the child's right, as a path tail after the cap. */
export const PARTED_FRINGE = `C${HEAD.cx + 90} ${HEAD.cy - 20} ${HEAD.cx + 60} ${HEAD.cy - 60} ${HEAD.cx + 8} ${HEAD.cy - 72} C${HEAD.cx - 10} ${HEAD.cy - 60} ${HEAD.cx - 70} ${HEAD.cy - 40} ${HEAD.cx - 100} ${HEAD.cy + 10}`;

/** Close curls over the skull, a curly edge over the forehead. */
export function curlyCap(colour: string, p: Paint): string {
  const { cx, cy } = HEAD;
  const ring = arcPoints(cx, cy - 8, 114, 106, 160, 380, 11);
  const fringe = arcPoints(cx, cy - 40, 80, 22, 20, 160, 5);
  return shape(scallop([...ring, ...fringe], 0.35), colour, p);
}
