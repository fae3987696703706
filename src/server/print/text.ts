import type { Color, PDFFont, PDFPage } from 'pdf-lib';

/** Cap height of Fredoka and Nunito (700 and 705 per 1000): used to centre lines optically. */
export const CAP_HEIGHT = 0.7;

/** Characters the fonts lack, and what prints in their place. */
const FALLBACKS: Record<string, string> = {
  '\u202f': '\u00a0', // narrow no-break space (French « », ! ?) -> no-break space
  '\u2009': ' ',
  '\u200b': '',
  '\t': ' ',
};

const charSets = new WeakMap<PDFFont, Set<number>>();

function supports(font: PDFFont, char: string): boolean {
  let set = charSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charSets.set(font, set);
  }
  return set.has(char.codePointAt(0) ?? 0);
}

/**
 * The text as the font can print it: NFC, line breaks kept, characters the font lacks replaced or
 * dropped (a missing glyph would print as an empty box).
 */
function printableText(text: string, font: PDFFont): string {
  let out = '';
  const glued = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // French spacing: « and » (and ! ? : ;) never start or end a line away from their word.
    .replace(/« +/g, '«\u00a0')
    .replace(/ +([»!?:;])/g, '\u00a0$1');
  for (const char of glued) {
    if (char === '\n' || supports(font, char)) {
      out += char;
      continue;
    }
    const fallback = FALLBACKS[char];
    if (fallback !== undefined && [...fallback].every((c) => supports(font, c))) out += fallback;
    else if (fallback === undefined && /\s/u.test(char)) out += ' ';
  }
  return out;
}

const widthCache = new WeakMap<PDFFont, Map<string, number>>();

/**
 * Width of a word at 1 pt. fontkit shapes the text on every call to widthOfTextAtSize, which made
 * fitting a page's text (dozens of sizes x dozens of words) take a quarter of a second.
 */
function unitWidth(font: PDFFont, word: string): number {
  let cache = widthCache.get(font);
  if (!cache) {
    cache = new Map();
    widthCache.set(font, cache);
  }
  let width = cache.get(word);
  if (width === undefined) {
    width = font.widthOfTextAtSize(word, 1);
    cache.set(word, width);
  }
  return width;
}

/**
 * Breaks text into lines no wider than `maxWidth`: at spaces only (a no-break space keeps French
 * « guillemets » with their word), at line breaks, and inside a word only when it is wider alone.
 */
function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const limit = maxWidth / size;
  const space = unitWidth(font, ' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/).filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = unitWidth(font, word);
      if (line && lineWidth + space + wordWidth <= limit) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineWidth = wordWidth;
      // A word wider than the line on its own is cut where it must be.
      while (lineWidth > limit && [...line].length > 1) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(chars.slice(0, cut).join(''), 1) > limit) cut -= 1;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
        lineWidth = unitWidth(font, line);
      }
    }
    lines.push(line);
  }
  // Blank lines at the ends of a text only push it off centre.
  while (lines.length > 1 && lines[0] === '') lines.shift();
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

export type TextBlock = {
  font: PDFFont;
  size: number;
  lines: string[];
  /** Distance between baselines. */
  leading: number;
  /** Height of the block: one leading per line. */
  height: number;
  /** Width of the widest line. */
  width: number;
};

export type FitOptions = {
  maxWidth: number;
  maxHeight: number;
  maxSize: number;
  minSize: number;
  /** Leading as a multiple of the size. */
  lineHeight?: number;
  maxLines?: number;
};

/** The text at the largest size (in half points) that fits the box, or undefined when none does. */
export function fitText(text: string, font: PDFFont, options: FitOptions): TextBlock | undefined {
  const {
    maxWidth,
    maxHeight,
    maxSize,
    minSize,
    lineHeight = 1.3,
    maxLines = Number.POSITIVE_INFINITY,
  } = options;
  const printable = printableText(text, font);
  for (let size = maxSize; size >= minSize; size -= 0.5) {
    const block = layoutText(printable, font, size, maxWidth, lineHeight);
    if (block.height <= maxHeight && block.lines.length <= maxLines)
      return balance(block, printable, maxWidth);
  }
  return undefined;
}

/**
 * The same number of lines in the narrowest width that still holds them: centred text then has
 * lines of even length instead of a lonely last word.
 */
function balance(block: TextBlock, text: string, maxWidth: number): TextBlock {
  if (block.lines.length < 2) return block;
  let best = block;
  // Never so narrow that a word must be cut.
  const widestWord = Math.max(
    ...text.split(/[ \n]+/).map((word) => unitWidth(block.font, word) * block.size),
  );
  let low = Math.max(maxWidth / 2, widestWord);
  let high = maxWidth;
  for (let step = 0; step < 10 && high - low > 1; step += 1) {
    const width = (low + high) / 2;
    const candidate = layoutText(text, block.font, block.size, width, block.leading / block.size);
    if (candidate.lines.length === block.lines.length) {
      best = candidate;
      high = width;
    } else {
      low = width;
    }
  }
  return best;
}

/** Like fitText, but a text that does not fit even at `minSize` is an error, never a cut line. */
export function fitTextOrThrow(text: string, font: PDFFont, options: FitOptions, what: string): TextBlock {
  const block = fitText(text, font, options);
  if (!block) {
    throw new Error(`${what} is too long to print: it does not fit at ${options.minSize} pt`);
  }
  return block;
}

function layoutText(text: string, font: PDFFont, size: number, maxWidth: number, lineHeight: number) {
  const lines = wrapText(text, font, size, maxWidth);
  const leading = size * lineHeight;
  const width = Math.max(0, ...lines.map((line) => lineWidthAt(font, line, size)));
  return { font, size, lines, leading, height: lines.length * leading, width };
}

/** Width of a line from its words' widths (kerning across spaces is below a hundredth of a point). */
function lineWidthAt(font: PDFFont, line: string, size: number): number {
  const words = line.split(' ');
  const total = words.reduce((sum, word) => sum + (word ? unitWidth(font, word) : 0), 0);
  return (total + (words.length - 1) * unitWidth(font, ' ')) * size;
}

/**
 * Draws the lines centred on `centreX`, the block's top at `top`. Each line is centred in its band
 * on its capital height, which looks centred to a reader.
 */
export function drawCentredLines(
  page: PDFPage,
  block: TextBlock,
  { centreX, top, color }: { centreX: number; top: number; color: Color },
): void {
  block.lines.forEach((line, index) => {
    if (line === '') return;
    const bandMiddle = top - index * block.leading - block.leading / 2;
    const lineWidth = block.font.widthOfTextAtSize(line, block.size);
    page.drawText(line, {
      x: centreX - lineWidth / 2,
      y: bandMiddle - (CAP_HEIGHT * block.size) / 2,
      size: block.size,
      font: block.font,
      color,
    });
  });
}
