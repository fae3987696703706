import type { fontkitFont } from './fonts';
import { CAP_HEIGHT, type TextBlock } from './text';

/** A font as fontkit reads it: the glyph outlines the screen pictures draw the print's words with. */
export type Outlines = Awaited<ReturnType<typeof fontkitFont>>;

/**
 * One line of text as SVG paths, drawn with the print font's glyph outlines and advances (as
 * pdf-lib's `drawText` sets it): from (`x`, `y`) in points on the page (from its bottom left), turned
 * by `degrees` as `drawText` turns it; `toPx` maps a point to the picture's pixels (y down) and
 * `scale` is pixels per point.
 */
export function svgTextLine(
  font: Outlines,
  line: string,
  size: number,
  at: { x: number; y: number; degrees?: number },
  toPx: (x: number, y: number) => [number, number],
  scale: number,
): string {
  const unit = size / font.unitsPerEm;
  const [left, top] = toPx(at.x, at.y);
  let advance = 0;
  let paths = '';
  for (const glyph of font.layout(line).glyphs) {
    const d = glyph.path.toSVG();
    if (d) {
      paths += `<path transform="translate(${advance * scale} 0) scale(${unit * scale} ${-unit * scale})" d="${d}"/>`;
    }
    advance += glyph.advanceWidth * unit;
  }
  // A PDF turns anticlockwise with y up: on a picture (y down) the same turn is the opposite angle.
  const turn = at.degrees ? ` rotate(${-at.degrees})` : '';
  return `<g transform="translate(${left} ${top})${turn}">${paths}</g>`;
}

/** A block of lines as `drawCentredLines` (print/text.ts) sets it: each centred, on its capital height. */
export function svgCentredLines(
  font: Outlines,
  block: TextBlock,
  { centreX, top }: { centreX: number; top: number },
  toPx: (x: number, y: number) => [number, number],
  scale: number,
): string {
  let svg = '';
  block.lines.forEach((line, index) => {
    if (line === '') return;
    const baseline = top - index * block.leading - block.leading / 2 - (CAP_HEIGHT * block.size) / 2;
    const x = centreX - block.font.widthOfTextAtSize(line, block.size) / 2;
    svg += svgTextLine(font, line, block.size, { x, y: baseline }, toPx, scale);
  });
  return svg;
}
