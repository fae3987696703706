import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';

// Reads what a PDF really contains, from its bytes: boxes, images where they are drawn, fonts.
// The preflight judges this report; tests read figures (ppi) from it directly.

export type Box = { x: number; y: number; width: number; height: number };

export type ImagePlacement = {
  /** The resource name the page draws it by. */
  name: string;
  widthPx: number;
  heightPx: number;
  /** Where the image's lower-left corner lands on the page (unrotated images). */
  x: number;
  y: number;
  /** Size on the page in points, from the transformation matrix in force at the `Do`. */
  drawnWidth: number;
  drawnHeight: number;
  /** Effective resolution as drawn: the lower of both directions. */
  ppi: number;
  /** `DeviceRGB`, `DeviceGray`, `ICCBased(3)`, `DeviceCMYK`, `Indexed`, `ImageMask`… */
  colourSpace: string;
  filter: string;
  /** The image itself, to look at its pixels (the same object wherever the image is drawn again). */
  stream: PDFStream;
};

type FontInfo = { name: string; subtype: string; embedded: boolean };

export type PageReport = {
  number: number;
  mediaBox: Box;
  bleedBox: Box | undefined;
  trimBox: Box | undefined;
  images: ImagePlacement[];
  fonts: FontInfo[];
  /**
   * Every colour operator that sets a colour that is not a grey (`0.2 0.3 0.6 rg`, `0 0 0 1 k` is
   * a grey, `/P0 scn` counts as colour): what a black-and-white interior must not contain.
   */
  colourOperators: string[];
};

/** [a b c d e f] as in PDF: x' = a x + c y + e, y' = b x + d y + f. */
type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** Form XObjects inside form XObjects: deeper than this is a broken or hostile file. */
const MAX_FORM_DEPTH = 8;

type Operand = number | { name: string } | null;

type Walk = {
  doc: PDFDocument;
  images: ImagePlacement[];
  fonts: Map<string, FontInfo>;
  colourOperators: string[];
};

/** Reports every page of a loaded document. */
export function inspectDocument(doc: PDFDocument): PageReport[] {
  return doc.getPages().map((page, index) => {
    const node = page.node;
    const walk: Walk = { doc, images: [], fonts: new Map(), colourOperators: [] };
    const resources = node.Resources();
    walkContent(walk, pageContent(doc, node.Contents()), resources, IDENTITY, 0);
    // A font listed in the resources goes to the printer even when unused: check them all.
    collectFonts(walk, resources);
    return {
      number: index + 1,
      mediaBox: boxOf(node.MediaBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
      bleedBox: boxOf(node.BleedBox()),
      trimBox: boxOf(node.TrimBox()),
      images: walk.images,
      fonts: [...walk.fonts.values()],
      colourOperators: walk.colourOperators,
    };
  });
}

/** Multiplies m1 by m2: apply m1, then m2 (`cm` premultiplies the current matrix). */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = resolve(doc, value);
  return resolved instanceof PDFDict ? resolved : undefined;
}

function numberOf(value: PDFObject | undefined): number | undefined {
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

function nameOf(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function boxOf(array: PDFArray | undefined): Box | undefined {
  if (!array) return undefined;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = array.asArray().map((item) => numberOf(item) ?? 0);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

function streamText(value: PDFObject | undefined): string {
  let bytes: Uint8Array = new Uint8Array();
  if (value instanceof PDFRawStream) bytes = decodePDFRawStream(value).decode();
  else if (value instanceof PDFStream) bytes = value.getContents();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function pageContent(doc: PDFDocument, contents: PDFObject | undefined): string {
  const resolved = resolve(doc, contents);
  const parts = resolved instanceof PDFArray ? resolved.asArray() : [resolved];
  return parts.map((part) => streamText(resolve(doc, part))).join('\n');
}

const WHITESPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Runs the operators that matter here — q, Q, cm, Do — over a content stream, skipping strings,
 * arrays, dictionaries and inline images. pdf-lib's drawImage writes `q … cm /Name Do Q`; other
 * producers nest forms or split the matrix, which this follows as well.
 */
function walkContent(
  walk: Walk,
  content: string,
  resources: PDFDict | undefined,
  start: Matrix,
  depth: number,
) {
  let ctm = start;
  const saved: Matrix[] = [];
  const operands: Operand[] = [];
  const n = content.length;
  let i = 0;
  while (i < n) {
    const ch = content.charAt(i);
    if (WHITESPACE.has(ch)) {
      i += 1;
    } else if (ch === '%') {
      while (i < n && content[i] !== '\n' && content[i] !== '\r') i += 1;
    } else if (ch === '(') {
      i = skipLiteralString(content, i);
      operands.push(null);
    } else if (ch === '<' && content[i + 1] !== '<') {
      const end = content.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      operands.push(null);
    } else if (ch === '<' || ch === '>') {
      i += content[i + 1] === ch ? 2 : 1;
    } else if (ch === '[' || ch === ']' || ch === '{' || ch === '}' || ch === ')') {
      i += 1;
    } else if (ch === '/') {
      let j = i + 1;
      while (j < n && !WHITESPACE.has(content.charAt(j)) && !DELIMITERS.has(content.charAt(j))) j += 1;
      const raw = content.slice(i + 1, j);
      operands.push({
        name: raw.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      });
      i = j;
    } else {
      let j = i;
      while (j < n && !WHITESPACE.has(content.charAt(j)) && !DELIMITERS.has(content.charAt(j))) j += 1;
      const token = content.slice(i, j);
      i = j;
      if (NUMBER.test(token)) {
        operands.push(Number(token));
        continue;
      }
      if (token === 'q') saved.push(ctm);
      else if (token === 'Q') ctm = saved.pop() ?? start;
      else if (token === 'cm') {
        const m = operands.slice(-6);
        if (m.length === 6 && m.every((v) => typeof v === 'number')) ctm = multiply(m as Matrix, ctm);
      } else if (token === 'Do') {
        const last = operands.at(-1);
        if (last && typeof last === 'object') drawXObject(walk, last.name, resources, ctm, depth);
      } else if (token === 'BI') {
        i = skipInlineImage(content, i);
      } else if (COLOUR_OPERATORS.has(token) && !isGrey(token, operands)) {
        walk.colourOperators.push(
          [...operands.map((v) => (typeof v === 'number' ? String(v) : v ? `/${v.name}` : '()')), token].join(
            ' ',
          ),
        );
      }
      operands.length = 0;
    }
  }
}

/** Operators that set a fill or stroke colour (or colour space). */
const COLOUR_OPERATORS = new Set(['g', 'G', 'rg', 'RG', 'k', 'K', 'sc', 'SC', 'scn', 'SCN', 'cs', 'CS']);
/** Channels closer than this (0–1) are a grey: no press tells 0.300 from 0.302. */
const GREY_TOLERANCE = 0.004;

function isGrey(token: string, operands: Operand[]): boolean {
  const values = operands.filter((v): v is number => typeof v === 'number');
  switch (token) {
    case 'g':
    case 'G':
      return true;
    case 'rg':
    case 'RG': {
      const [r = 0, g = 0, b = 0] = values.slice(-3);
      return Math.max(r, g, b) - Math.min(r, g, b) <= GREY_TOLERANCE;
    }
    case 'k':
    case 'K': {
      const [c = 0, m = 0, y = 0] = values.slice(-4);
      return c <= GREY_TOLERANCE && m <= GREY_TOLERANCE && y <= GREY_TOLERANCE;
    }
    case 'cs':
    case 'CS': {
      const last = operands.at(-1);
      return typeof last === 'object' && last !== null && last.name === 'DeviceGray';
    }
    default:
      // sc/scn in a colour space set by cs: grey only with one component and no pattern name.
      return values.length === 1 && operands.length === 1;
  }
}

function skipLiteralString(content: string, start: number): number {
  let depth = 0;
  for (let i = start; i < content.length; i += 1) {
    const ch = content[i];
    if (ch === '\\') i += 1;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return content.length;
}

/** From after `BI`: past `ID`, the binary data and `EI`. */
function skipInlineImage(content: string, from: number): number {
  const id = content.slice(from).search(/\sID[\s]/);
  if (id < 0) return content.length;
  const dataStart = from + id + 4;
  const ei = content.slice(dataStart).search(/\sEI(?=[\s]|$)/);
  return ei < 0 ? content.length : dataStart + ei + 3;
}

function drawXObject(walk: Walk, name: string, resources: PDFDict | undefined, ctm: Matrix, depth: number) {
  const { doc } = walk;
  const xobjects = dictOf(doc, resources?.get(PDFName.of('XObject')));
  const xobject = resolve(doc, xobjects?.get(PDFName.of(name)));
  if (!(xobject instanceof PDFStream)) return;
  const dict = xobject.dict;
  const subtype = nameOf(dict.get(PDFName.of('Subtype')));
  if (subtype === 'Image') {
    const widthPx = numberOf(resolve(doc, dict.get(PDFName.of('Width')))) ?? 0;
    const heightPx = numberOf(resolve(doc, dict.get(PDFName.of('Height')))) ?? 0;
    const drawnWidth = Math.hypot(ctm[0], ctm[1]);
    const drawnHeight = Math.hypot(ctm[2], ctm[3]);
    const ppiX = drawnWidth > 0 ? widthPx / (drawnWidth / 72) : 0;
    const ppiY = drawnHeight > 0 ? heightPx / (drawnHeight / 72) : 0;
    walk.images.push({
      name,
      widthPx,
      heightPx,
      x: ctm[4],
      y: ctm[5],
      drawnWidth,
      drawnHeight,
      ppi: Math.min(ppiX, ppiY),
      colourSpace: describeColourSpace(doc, dict),
      filter: describeFilter(doc, dict),
      stream: xobject,
    });
  } else if (subtype === 'Form' && depth < MAX_FORM_DEPTH) {
    const matrix = resolve(doc, dict.get(PDFName.of('Matrix')));
    const values =
      matrix instanceof PDFArray ? matrix.asArray().map((v) => numberOf(resolve(doc, v)) ?? 0) : [];
    const formMatrix = values.length === 6 ? (values as Matrix) : IDENTITY;
    const formResources = dictOf(doc, dict.get(PDFName.of('Resources'))) ?? resources;
    walkContent(walk, streamText(xobject), formResources, multiply(formMatrix, ctm), depth + 1);
    collectFonts(walk, formResources);
  }
}

function describeColourSpace(doc: PDFDocument, image: PDFDict): string {
  const mask = resolve(doc, image.get(PDFName.of('ImageMask')));
  if (mask instanceof PDFBool && mask.asBoolean()) return 'ImageMask';
  const space = resolve(doc, image.get(PDFName.of('ColorSpace')));
  if (space instanceof PDFName) return space.decodeText();
  if (space instanceof PDFArray) {
    const family = nameOf(resolve(doc, space.get(0))) ?? 'unknown';
    if (family === 'ICCBased') {
      const profile = resolve(doc, space.get(1));
      const components =
        profile instanceof PDFStream ? numberOf(profile.dict.get(PDFName.of('N'))) : undefined;
      return `ICCBased(${components ?? '?'})`;
    }
    return family;
  }
  // JPX images may carry their colour space inside the data.
  return 'none';
}

function describeFilter(doc: PDFDocument, image: PDFDict): string {
  const filter = resolve(doc, image.get(PDFName.of('Filter')));
  if (filter instanceof PDFName) return filter.decodeText();
  if (filter instanceof PDFArray)
    return filter
      .asArray()
      .map((f) => nameOf(f) ?? '?')
      .join('+');
  return 'none';
}

function collectFonts(walk: Walk, resources: PDFDict | undefined): void {
  const { doc } = walk;
  const fonts = dictOf(doc, resources?.get(PDFName.of('Font')));
  if (!fonts) return;
  for (const [key, value] of fonts.entries()) {
    const id = value instanceof PDFRef ? value.toString() : key.decodeText();
    if (walk.fonts.has(id)) continue;
    const font = dictOf(doc, value);
    if (!font) continue;
    const subtype = nameOf(font.get(PDFName.of('Subtype'))) ?? 'unknown';
    const name = nameOf(font.get(PDFName.of('BaseFont'))) ?? key.decodeText();
    walk.fonts.set(id, { name, subtype, embedded: isEmbedded(doc, font, subtype) });
  }
}

function isEmbedded(doc: PDFDocument, font: PDFDict, subtype: string): boolean {
  // Type 3 glyphs are drawn by content streams inside the font itself.
  if (subtype === 'Type3') return true;
  let described = font;
  if (subtype === 'Type0') {
    const descendants = resolve(doc, font.get(PDFName.of('DescendantFonts')));
    const first = descendants instanceof PDFArray ? dictOf(doc, descendants.get(0)) : undefined;
    if (!first) return false;
    described = first;
  }
  const descriptor = dictOf(doc, described.get(PDFName.of('FontDescriptor')));
  if (!descriptor) return false;
  return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.get(PDFName.of(key)) !== undefined);
}
