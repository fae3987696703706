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

/**
 * Where the print may set a story page's text panel: across the foot or the head of the safe area,
 * the same across in smaller type (a shorter panel), or in a narrower column in one of its corners
 * (print/interior.ts `storyTextLayout`), tried in this order (issue 31: where the foot and the head
 * both cover a child, a shorter panel first, then a corner).
 */
export type PanelPlace =
  | 'bottom'
  | 'top'
  | 'bottom-short'
  | 'top-short'
  | 'bottom-left'
  | 'bottom-right'
  | 'top-left'
  | 'top-right';
export const PANEL_PLACES: readonly PanelPlace[] = [
  'bottom',
  'top',
  'bottom-short',
  'top-short',
  'bottom-left',
  'bottom-right',
  'top-left',
  'top-right',
];

export type ScenePart = {
  /** `child`, `face`, `toy` or a prop's name (`hedgehog`, `lamp`…). */
  what: string;
  /** Visible pixels of the part, row by row, on a `size` x `size` grid. */
  mask: Uint8Array;
  /** How many pixels of the part show. */
  count: number;
};

/**
 * The parts of a drawn page, and the page itself as RGB pixels (`size` x `size`); `hidden`: the
 * children and toys another child (or another child's toy) hides, e.g. "the child-2 (40 % hidden)"
 * (issue 35: every child of the cast shows whole).
 */
export type SceneParts = {
  size: number;
  parts: ScenePart[];
  image: Buffer;
  hidden?: string[];
  /** The faces the page edge cuts or comes too near, e.g. "the face-3 (35 % beyond the edge)". */
  cut?: string[];
};

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

/** A part's kind: a companion's `child-2`, `face-3`, `toy-2` are a child, a face, a toy. */
const kindOf = (what: string) => what.replace(/-\d$/, '');

/**
 * How much of a child or a toy another child's group may hide: a shoulder behind a neighbour's
 * arm, never the face.
 */
const ALLOWED_HIDDEN: Record<string, number> = { face: 0.01, child: 0.12, toy: 0.2 };

const PART_CLASSES = (svg: string) => {
  const props = [...new Set([...svg.matchAll(/class="prop-([a-z-]+)"/g)].map((match) => match[1]!))];
  const cast = [...new Set([...svg.matchAll(/class="(?:child|face|toy)-(\d)"/g)].map((match) => match[1]!))];
  return [
    { what: 'child', selector: '.child' },
    { what: 'face', selector: '.face' },
    { what: 'toy', selector: '.toy' },
    ...cast.flatMap((n) =>
      ['child', 'face', 'toy'].map((what) => ({ what: `${what}-${n}`, selector: `.${what}-${n}` })),
    ),
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
  const classes = PART_CLASSES(svg);
  for (const { what, selector } of classes) {
    const { mask, count } = changed(whole, await raster(svg, selector, size));
    if (count > 0) parts.push({ what, mask, count });
  }
  const hidden = await hiddenFigures(svg, size, parts, classes);
  const cut = await cutFaces(svg, size, classes);
  return { size, parts, image: whole, ...(hidden ? { hidden } : {}), ...(cut.length ? { cut } : {}) };
}

/**
 * How near the page's edge a face may come, as a share of the page's side: the print trims about
 * 3 mm of the bleed (1.4 % of an 8.75 in page), and a face just inside the trim reads as cut.
 */
const FACE_EDGE_MARGIN = 0.02;
/** How much of a face may lie beyond that margin: a few pixels of anti-aliasing. */
const FACE_BEYOND = 0.002;
/** The page drawn with this much of the picture around it (a share of its side), to see what the edge cuts. */
const AROUND = 0.25;

/**
 * The faces the page's edge cuts (issue 35: the child at the far end of a close view): the picture
 * drawn with what lies around the page, once whole and once without its faces, and each face's
 * pixels counted beyond FACE_EDGE_MARGIN of the page. Two rasters for a page whose faces are inside;
 * none for a page of one child.
 */
export async function cutFaces(
  svg: string,
  size = GRID,
  classes: { what: string; selector: string }[] = PART_CLASSES(svg),
): Promise<string[]> {
  const faces = classes.filter(({ what }) => kindOf(what) === 'face');
  // One child's drawing frames the child itself (never at the edge): the check costs a cast only.
  if (faces.length < 2) return [];
  const side = Math.round(size * (1 + 2 * AROUND));
  const around = (hide: string | undefined) => {
    const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
    const space = Number(box?.[1] ?? 1000);
    const widened = svg.replace(
      /viewBox="0 0 \d+ \d+"/,
      `viewBox="${-space * AROUND} ${-space * AROUND} ${space * (1 + 2 * AROUND)} ${space * (1 + 2 * AROUND)}"`,
    );
    return raster(widened, hide, side);
  };
  const whole = await around(undefined);
  const page = Math.round(size * AROUND);
  const margin = Math.round(size * FACE_EDGE_MARGIN);
  const [lo, hi] = [page + margin, page + size - margin];
  const beyond = (mask: Uint8Array) => {
    let out = 0;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        if (mask[y * side + x] && (x < lo || x >= hi || y < lo || y >= hi)) out += 1;
    return out;
  };
  const all = changed(whole, await around(faces.map(({ selector }) => selector).join(',')));
  if (beyond(all.mask) === 0) return [];
  const cut: string[] = [];
  for (const { what, selector } of faces) {
    const face = changed(whole, await around(selector));
    const share = face.count ? beyond(face.mask) / face.count : 0;
    if (share > FACE_BEYOND) cut.push(`the ${what} (${Math.round(share * 100)} % beyond the edge)`);
  }
  return cut;
}

/**
 * How much of each named prop of the page the characters hide (issue 30: the owl behind the child's
 * head): the prop's pixels with every child and toy taken away, against those that show on the page.
 */
export async function propsHiddenByFigures(
  input: ScenePageInput,
  props: readonly string[],
  size = GRID,
): Promise<Record<string, number>> {
  const svg = sceneSvg({ ...input, style: 'color', size });
  const whole = await raster(svg, undefined, size);
  const figures = PART_CLASSES(svg)
    .filter(({ what }) => kindOf(what) === 'child' || kindOf(what) === 'toy')
    .map(({ selector }) => selector)
    .join(',');
  const alone = await raster(svg, figures, size);
  const hidden: Record<string, number> = {};
  for (const prop of props) {
    const full = changed(alone, await raster(svg, `${figures},.prop-${prop}`, size)).count;
    if (full === 0) continue;
    const shows = changed(whole, await raster(svg, `.prop-${prop}`, size)).count;
    hidden[prop] = Math.max(0, 1 - shows / full);
  }
  return hidden;
}

/** The pixels where two rasters differ. */
function changed(whole: Buffer, without: Buffer): { mask: Uint8Array; count: number } {
  const mask = new Uint8Array(whole.length / 3);
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
  return { mask, count };
}

/** A child's group: the lead (with its toy) is '', a companion '-2' or '-3'. */
const groupOf = (what: string) => /-\d$/.exec(what)?.[0] ?? '';

/**
 * With a cast (issue 35): each child's, face's and toy's pixels drawn with the other children's
 * groups hidden, against those that show on the page. What another child covers beyond
 * ALLOWED_HIDDEN is named. A page of one child has no other group: nothing to measure.
 */
async function hiddenFigures(
  svg: string,
  size: number,
  parts: ScenePart[],
  classes: { what: string; selector: string }[],
): Promise<string[] | undefined> {
  const figures = classes.filter(({ what }) => kindOf(what) in ALLOWED_HIDDEN);
  const groups = [...new Set(figures.map(({ what }) => groupOf(what)))];
  if (groups.length < 2) return undefined;
  const hidden: string[] = [];
  for (const group of groups) {
    const others = figures
      .filter(({ what }) => groupOf(what) !== group && kindOf(what) !== 'face')
      .map(({ selector }) => selector)
      .join(',');
    const alone = await raster(svg, others, size);
    for (const { what, selector } of figures.filter((figure) => groupOf(figure.what) === group)) {
      const whole = changed(alone, await raster(svg, `${others},${selector}`, size)).count;
      if (whole === 0) continue;
      const shows = parts.find((part) => part.what === what)?.count ?? 0;
      const share = 1 - Math.min(1, shows / whole);
      if (share > ALLOWED_HIDDEN[kindOf(what)]!)
        hidden.push(`the ${what} (${Math.round(share * 100)} % hidden)`);
    }
  }
  return hidden;
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
  /** The children and toys another child hides (a cast of two or three): the page is refused. */
  hidden?: string[];
  /** The faces the page's edge cuts: the page is refused. */
  cut?: string[];
};

/** What a panel at `rect` covers among the parts, beyond what each may lose. */
export function coveredParts(scene: SceneParts, rect: PageRect): string[] {
  const covered: string[] = [];
  for (const part of scene.parts) {
    const share = pixelsIn(part, scene.size, rect) / part.count;
    if (share > (ALLOWED_UNDER[kindOf(part.what)] ?? ALLOWED_UNDER.default!))
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
  // A child or a toy hidden by another child: no place for the panel makes it right.
  if (scene.hidden?.length) return { place: undefined, covers, hidden: scene.hidden };
  // A face cut by the page's edge: no panel makes it right either.
  if (scene.cut?.length) return { place: undefined, covers, cut: scene.cut };
  return { place, covers };
}

/** The refusal of a page that fails the check, naming what each place would hide. */
export function layoutProblem(page: number, verdict: LayoutVerdict): string | undefined {
  if (verdict.place) return undefined;
  if (verdict.hidden?.length) return `Page ${page} hides a child: ${verdict.hidden.join(', ')}`;
  if (verdict.cut?.length) return `Page ${page} cuts a face at the page's edge: ${verdict.cut.join(', ')}`;
  const sides = PANEL_PLACES.filter((at) => verdict.covers[at])
    .map((at) => `at the ${at} it would cover ${verdict.covers[at]!.join(', ')}`)
    .join('; ');
  return `Page ${page} has no room for its text panel: ${sides}`;
}
