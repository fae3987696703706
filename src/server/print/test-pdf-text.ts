import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

// Text extraction for tests, without poppler: reads the hex glyph strings pdf-lib writes
// (`/Font size Tf` … `<00120034> Tj`) and maps them through each font's ToUnicode CMap. It proves
// the characters were encoded to real glyphs of the embedded font, not to an empty .notdef box.

function decode(doc: PDFDocument, value: unknown): string {
  const stream = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(stream instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function toUnicodeMap(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = decode(doc, font.get(PDFName.of('ToUnicode')));
  for (const [, glyph = '', unicode = ''] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units = unicode.match(/.{4}/g) ?? [];
    map.set(glyph.toLowerCase(), String.fromCharCode(...units.map((unit) => Number.parseInt(unit, 16))));
  }
  return map;
}

/** Where each page draws its text: the baseline height (points from the bottom) of every line. */
export async function textBaselines(pdf: Uint8Array): Promise<number[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = parts.map((part) => decode(doc, part)).join('\n');
    return [...content.matchAll(/1 0 0 1 [\d.-]+ ([\d.-]+) Tm/g)].map((match) => Number(match[1]));
  });
}

/** The text of each page, one string per page, lines joined with newlines. */
export async function extractText(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const resources = page.node.Resources();
    const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = parts.map((part) => decode(doc, part)).join('\n');
    const lines: string[] = [];
    let map = new Map<string, string>();
    for (const [, fontName, hex] of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (fontName) {
        const font = fonts?.lookupMaybe(PDFName.of(fontName), PDFDict);
        map = font ? toUnicodeMap(doc, font) : new Map();
      } else if (hex !== undefined) {
        const glyphs = hex.toLowerCase().match(/.{4}/g) ?? [];
        lines.push(glyphs.map((glyph) => map.get(glyph) ?? '\uFFFD').join(''));
      }
    }
    return lines.join('\n');
  });
}
