import sharp from 'sharp';
import { type ScenePageInput, sceneSvg } from './index';

/**
 * The layout check of a story page (issue 31): the text panel never covers the child, the child's
 * face, the toy or a prop the text names, and it goes where the scene leaves room. The parts are
 * found in the drawing itself, by their groups (`child`, `face`, `toy`, `prop-…`): the page is
 * rasterised once whole and once without each part, and the pixels that change are where that
 * part shows (so a child half under the blanket counts only with what is seen of them).
 */

/** A rectangle of the page as fractions of its side, from its top left (the picture bleeds to the page edge). */
export type PageRect = { left: number; top: number; width: number; height: number };

/** Where the print may set the text panel: at the foot of the safe area, or at its head. */
export type PanelPlace = 'bottom' | 'top';
export const PANEL_PLACES: readonly PanelPlace[] = ['bottom', 'top'];

export type ScenePart = {
  /** `child`, `face`, `toy` or a prop's name (`hedgehog`, `lamp`…). */
  what: string;
  /** Visible pixels of the part, row by row, on a `size` x `size` grid. */
  mask: Uint8Array;
  /** How many pixels of the part show. */
  count: number;
};

/** The parts of a drawn page, and the page itself as RGB pixels (`size` x `size`). */
export type SceneParts = { size: number; parts: ScenePart[]; image: Buffer };

/** The grid the parts are measured on: fine enough for a 3 mm margin on an 8.75 in page. */
const GRID = 240;
/** A pixel belongs to a part when hiding the part changes it by more than this (of 255, summed over RGB). */
const CHANGED = 24;

/**
 * How much of a part the panel may cover: the face not at all (a few pixels of anti-aliasing); the
 * child's and the toy's feet or legs, as picture books do; of a prop the text names, a sliver (the
 * tip of the boat's leaf, a sparkle), never so much that one cannot tell it is there.
 */
const ALLOWED_UNDER: Record<string, number> = { face: 0.002, child: 0.15, toy: 0.15, default: 0.1 };

const PART_CLASSES = (svg: string) => {
  const props = [...new Set([...svg.matchAll(/class="prop-([a-z-]+)"/g)].map((match) => match[1]!))];
  return [
    { what: 'child', selector: '.child' },
    { what: 'face', selector: '.face' },
    { what: 'toy', selector: '.toy' },
    ...props.map((prop) => ({ what: prop, selector: `.prop-${prop}` })),
  ].filter(({ selector }) => svg.includes(`class="${selector.slice(1)}"`));
};

async function raster(svg: string, hide: string | undefined, size: number): Promise<Buffer> {
  const styled = hide ? svg.replace('>', `><style>${hide}{display:none}</style>`) : svg;
  const sized = styled.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
  return sharp(Buffer.from(sized)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
}

/** The visible pixels of each part of the page the scene draws (the colour drawing: line art has the same shapes). */
export async function sceneParts(input: ScenePageInput, size = GRID): Promise<SceneParts> {
  const svg = sceneSvg({ ...input, style: 'color', size });
  const whole = await raster(svg, undefined, size);
  const parts: ScenePart[] = [];
  for (const { what, selector } of PART_CLASSES(svg)) {
    const without = await raster(svg, selector, size);
    const mask = new Uint8Array(size * size);
    let count = 0;
    for (let at = 0; at < mask.length; at++) {
      const i = at * 3;
      const change =
        Math.abs(whole[i]! - without[i]!) +
        Math.abs(whole[i + 1]! - without[i + 1]!) +
        Math.abs(whole[i + 2]! - without[i + 2]!);
      if (change > CHANGED) {
        mask[at] = 1;
        count += 1;
      }
    }
    if (count > 0) parts.push({ what, mask, count });
  }
  return { size, parts, image: whole };
}

/** How many of a part's pixels fall inside a rectangle of the page. */
function pixelsIn(part: ScenePart, size: number, rect: PageRect): number {
  const x0 = Math.max(0, Math.floor(rect.left * size));
  const x1 = Math.min(size, Math.ceil((rect.left + rect.width) * size));
  const y0 = Math.max(0, Math.floor(rect.top * size));
  const y1 = Math.min(size, Math.ceil((rect.top + rect.height) * size));
  let inside = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) inside += part.mask[y * size + x]!;
  return inside;
}

export type LayoutVerdict = {
  /** The first place (bottom, then top) where the panel covers nothing; undefined: none does. */
  place: PanelPlace | undefined;
  /** Per place, what the panel would cover, e.g. "the face (12 %)". */
  covers: Partial<Record<PanelPlace, string[]>>;
};

/** What a panel at `rect` covers among the parts, beyond what each may lose. */
export function coveredParts(scene: SceneParts, rect: PageRect): string[] {
  const covered: string[] = [];
  for (const part of scene.parts) {
    const share = pixelsIn(part, scene.size, rect) / part.count;
    if (share > (ALLOWED_UNDER[part.what] ?? ALLOWED_UNDER.default!))
      covered.push(`the ${part.what} (${Math.round(share * 100)} %)`);
  }
  return covered;
}

/**
 * The panel's place for a page: the bottom when it covers nothing there, else the top; no place
 * when both would hide something (the page is refused). A page without text needs no panel.
 */
export function checkLayout(scene: SceneParts, panels: Partial<Record<PanelPlace, PageRect>>): LayoutVerdict {
  const covers: LayoutVerdict['covers'] = {};
  let place: PanelPlace | undefined;
  for (const at of PANEL_PLACES) {
    const rect = panels[at];
    if (!rect) continue;
    covers[at] = coveredParts(scene, rect);
    if (!place && covers[at].length === 0) place = at;
  }
  if (!panels.bottom && !panels.top) place = 'bottom';
  return { place, covers };
}

/** The refusal of a page that fails the check, naming what each place would hide. */
export function layoutProblem(page: number, verdict: LayoutVerdict): string | undefined {
  if (verdict.place) return undefined;
  const sides = PANEL_PLACES.filter((at) => verdict.covers[at])
    .map((at) => `at the ${at} it would cover ${verdict.covers[at]!.join(', ')}`)
    .join('; ');
  return `Page ${page} has no room for its text panel: ${sides}`;
}
