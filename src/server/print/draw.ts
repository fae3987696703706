import {
  appendBezierCurve,
  type Color,
  clip,
  closePath,
  endPath,
  lineTo,
  moveTo,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { drawPicture, type Picture } from './document';
import type { Rect } from './spec';

/** A colour from a hex string such as `#2b2a4c`. */
export function hex(value: string): Color {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** The book's palette: deep ink on cream, with soft accents. */
export const COLOURS = {
  ink: hex('#2b2a4c'),
  softInk: hex('#5d5b7d'),
  paper: hex('#fff7ec'),
  panel: hex('#fffaf3'),
  coral: hex('#f08a7e'),
  sun: hex('#ffcf5c'),
  mint: hex('#8fd3c1'),
  sky: hex('#9cc7f0'),
  white: hex('#ffffff'),
} as const;

// A quarter circle as a cubic Bézier: control points at 0.5523 of the radius.
const KAPPA = 0.5523;

/** The operators of a rounded rectangle path (PDF coordinates, y up). */
function roundedRectOperators({ x, y, width, height }: Rect, radius: number): PDFOperator[] {
  const r = Math.min(radius, width / 2, height / 2);
  const k = r * KAPPA;
  const right = x + width;
  const top = y + height;
  return [
    moveTo(x + r, y),
    lineTo(right - r, y),
    appendBezierCurve(right - r + k, y, right, y + r - k, right, y + r),
    lineTo(right, top - r),
    appendBezierCurve(right, top - r + k, right - r + k, top, right - r, top),
    lineTo(x + r, top),
    appendBezierCurve(x + r - k, top, x, top - r + k, x, top - r),
    lineTo(x, y + r),
    appendBezierCurve(x, y + r - k, x + r - k, y, x + r, y),
    closePath(),
  ];
}

/** The SVG path of a rounded rectangle whose top-left corner is the origin (SVG y points down). */
function roundedRectSvg(width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height / 2);
  return [
    `M ${r} 0 H ${width - r} A ${r} ${r} 0 0 1 ${width} ${r}`,
    `V ${height - r} A ${r} ${r} 0 0 1 ${width - r} ${height}`,
    `H ${r} A ${r} ${r} 0 0 1 0 ${height - r}`,
    `V ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`,
  ].join(' ');
}

/** Fills a rounded rectangle, optionally see-through. */
export function drawRoundedRect(
  page: PDFPage,
  rect: Rect,
  { radius, color, opacity = 1 }: { radius: number; color: Color; opacity?: number },
): void {
  page.drawSvgPath(roundedRectSvg(rect.width, rect.height, radius), {
    x: rect.x,
    y: rect.y + rect.height,
    color,
    opacity,
  });
}

/** Strokes the outline of a rounded rectangle (coloring pages: a frame to draw in). */
export function strokeRoundedRect(
  page: PDFPage,
  rect: Rect,
  { radius, color, thickness }: { radius: number; color: Color; thickness: number },
): void {
  page.drawSvgPath(roundedRectSvg(rect.width, rect.height, radius), {
    x: rect.x,
    y: rect.y + rect.height,
    borderColor: color,
    borderWidth: thickness,
  });
}

/** Draws a picture into `rect`, clipped to rounded corners. */
export function drawRoundedImage(page: PDFPage, image: Picture, rect: Rect, radius: number): void {
  page.pushOperators(pushGraphicsState(), ...roundedRectOperators(rect, radius), clip(), endPath());
  drawPicture(page, image, rect);
  page.pushOperators(popGraphicsState());
}

/** How a small shape is painted: filled (storybook), or outlined for a child to colour in. */
export type Paint = { fill: Color; opacity?: number } | { outline: Color; thickness: number };

function paintOptions(paint: Paint) {
  return 'fill' in paint
    ? { color: paint.fill, opacity: paint.opacity ?? 1 }
    : { borderColor: paint.outline, borderWidth: paint.thickness };
}

/** A small heart, centred on (cx, cy), `size` points wide. */
export function drawHeart(page: PDFPage, cx: number, cy: number, size: number, paint: Color | Paint): void {
  const path =
    'M 12 21 C 5 15.5 1 12 1 7.5 C 1 4.4 3.4 2 6.5 2 C 8.6 2 10.6 3.2 12 5 C 13.4 3.2 15.4 2 17.5 2 C 20.6 2 23 4.4 23 7.5 C 23 12 19 15.5 12 21 Z';
  const scale = size / 24;
  const resolved: Paint = 'type' in paint ? { fill: paint } : paint;
  // An outline is drawn in the path's units: keep its width in points whatever the scale.
  const options = paintOptions(
    'outline' in resolved ? { ...resolved, thickness: resolved.thickness / scale } : resolved,
  );
  page.drawSvgPath(path, { x: cx - 12 * scale, y: cy + 11.5 * scale, scale, ...options });
}

/** A five-pointed star, centred on (cx, cy), `size` points across. */
export function drawStar(
  page: PDFPage,
  cx: number,
  cy: number,
  size: number,
  paint: Color | Paint,
  opacity = 1,
): void {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? size / 2 : size / 4.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  const options = paintOptions('type' in paint ? { fill: paint, opacity } : paint);
  page.drawSvgPath(`M ${points.join(' L ')} Z`, { x: cx, y: cy, ...options });
}
