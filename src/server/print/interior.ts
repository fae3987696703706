import { availableParallelism } from 'node:os';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { Language } from '../../shared/i18n';
import { embedPicture, type Picture, setMetadata } from './document';
import { COLOURS, drawHeart, drawRoundedImage, drawRoundedRect, drawStar } from './draw';
import { type BookFonts, embedBookFonts } from './fonts';
import { type FitMode, mapLimit, type PictureRegion, prepareImage, regionDetail } from './images';
import { BLEED, PAGE, paddedPageCount, type Rect, SAFE_RECT, TRIM } from './spec';
import { drawCentredLines, fitText, fitTextOrThrow, type TextBlock } from './text';

export type InteriorPage =
  | { kind: 'title'; title: string; subtitle: string; image?: Buffer }
  | { kind: 'dedication'; message: string; signature: string }
  | { kind: 'story'; image: Buffer; text: string; style: 'color' | 'line' }
  | { kind: 'blank' };

export type InteriorInput = { language: Language; title: string; pages: InteriorPage[] };

export type InteriorOptions = {
  /** Pad to at least this many pages (24 for a hardcover). */
  minPages?: number;
  /** Images resized at once (each holds one decoded picture); one per core, at most 4, by default. */
  imageConcurrency?: number;
};

export type InteriorResult = { pdf: Uint8Array; pageCount: number };

/** One picture per core, at most four: each holds one decoded image (~40 MB at 2625 px). */
const DEFAULT_IMAGE_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

const INTERIOR_FONTS = ['title', 'titleLight', 'body', 'bodyItalic'] as const;
type Fonts = BookFonts<(typeof INTERIOR_FONTS)[number]>;

/** Space between a line-art picture and its caption, and the caption's own band. */
const CAPTION_GAP = 16;
const CAPTION_BAND = 60;
const LINE_ART_BOX: Rect = {
  x: SAFE_RECT.x,
  y: SAFE_RECT.y + CAPTION_BAND + CAPTION_GAP,
  width: SAFE_RECT.width,
  height: SAFE_RECT.height - CAPTION_BAND - CAPTION_GAP,
};

type ImageJob = { source: Buffer; box: { width: number; height: number }; fit: FitMode; greyscale?: boolean };

/** A page with its text laid out and the picture it needs, before anything is drawn. */
type PlannedPage = {
  image?: ImageJob;
  /** Looks at the page's picture before it is drawn (e.g. where its text fits best). */
  prepare?: () => Promise<void>;
  draw: (page: PDFPage, picture: Picture | undefined) => void;
};

/**
 * Builds the interior PDF: one page per entry, then blank pages up to a multiple of 4 (and at least
 * `minPages`). Every page is 8.75 in square with BleedBox = MediaBox and TrimBox inset by the bleed.
 */
export async function buildInteriorPdf(
  input: InteriorInput,
  options: InteriorOptions = {},
): Promise<InteriorResult> {
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, INTERIOR_FONTS);
  setMetadata(doc, input.title, input.language);

  const planned = input.pages.map((page, index) => planPage(page, fonts, index));
  const images = await mapLimit(
    planned,
    options.imageConcurrency ?? DEFAULT_IMAGE_CONCURRENCY,
    async (plan) => {
      await plan.prepare?.();
      return plan.image ? await prepareImage(plan.image.source, plan.image.box, plan.image) : undefined;
    },
  );

  for (const [index, plan] of planned.entries()) {
    plan.draw(addBookPage(doc), await embedPicture(doc, images[index]));
    // The JPEG now lives in the document; drop our reference so it is not held twice.
    images[index] = undefined;
  }
  const pageCount = paddedPageCount(input.pages.length, options.minPages);
  while (doc.getPageCount() < pageCount) addBookPage(doc);

  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, pageCount };
}

/** A new interior page with its print boxes. */
function addBookPage(doc: PDFDocument): PDFPage {
  const page = doc.addPage([PAGE, PAGE]);
  page.setBleedBox(0, 0, PAGE, PAGE);
  page.setTrimBox(BLEED, BLEED, TRIM, TRIM);
  return page;
}

function planPage(page: InteriorPage, fonts: Fonts, index: number): PlannedPage {
  switch (page.kind) {
    case 'title':
      return planTitlePage(page, fonts);
    case 'dedication':
      return planDedicationPage(page, fonts);
    case 'story':
      return page.style === 'color'
        ? planColourStoryPage(page, fonts, index)
        : planLineArtPage(page, fonts, index);
    case 'blank':
      return { draw: () => {} };
  }
}

/** Cream page: the picture in a rounded frame, the title in Fredoka and the subtitle below. */
function planTitlePage(page: Extract<InteriorPage, { kind: 'title' }>, fonts: Fonts): PlannedPage {
  const withImage = page.image !== undefined;
  const title = fitTextOrThrow(
    page.title,
    fonts.title,
    {
      maxWidth: SAFE_RECT.width - 20,
      maxHeight: withImage ? 120 : 220,
      maxSize: withImage ? 44 : 60,
      minSize: 18,
      lineHeight: 1.12,
      maxLines: 3,
    },
    'The title',
  );
  const subtitle = page.subtitle.trim()
    ? fitTextOrThrow(
        page.subtitle,
        fonts.body,
        { maxWidth: SAFE_RECT.width - 60, maxHeight: 64, maxSize: 20, minSize: 11, lineHeight: 1.3 },
        'The subtitle',
      )
    : undefined;
  const titleGap = 26;
  const subtitleGap = 10;
  const textHeight = title.height + (subtitle ? subtitleGap + subtitle.height : 0);
  const imageSide = withImage ? Math.min(340, SAFE_RECT.height - textHeight - titleGap) : 0;
  const blockHeight = textHeight + (withImage ? imageSide + titleGap : 0);
  const top = SAFE_RECT.y + (SAFE_RECT.height + blockHeight) / 2;
  const centreX = PAGE / 2;
  const imageRect: Rect = {
    x: centreX - imageSide / 2,
    y: top - imageSide,
    width: imageSide,
    height: imageSide,
  };

  return {
    ...(page.image ? { image: { source: page.image, box: imageRect, fit: 'cover' as const } } : {}),
    draw: (pdfPage, image) => {
      pdfPage.drawRectangle({ x: 0, y: 0, width: PAGE, height: PAGE, color: COLOURS.paper });
      drawConfetti(pdfPage);
      let y = top;
      if (image) {
        // A white frame a little larger than the picture, as if it were a print laid on the page.
        const drawn = centredRect(centreX, top - imageSide / 2, image.width, image.height);
        drawRoundedRect(pdfPage, grow(drawn, 8), { radius: 30, color: COLOURS.white });
        drawRoundedImage(pdfPage, image.pdf, drawn, 24);
        y -= imageSide + titleGap;
      }
      drawCentredLines(pdfPage, title, { centreX, top: y, color: COLOURS.ink });
      y -= title.height + subtitleGap;
      if (subtitle) drawCentredLines(pdfPage, subtitle, { centreX, top: y, color: COLOURS.softInk });
    },
  };
}

/** Cream page: a small heart, the message in Nunito italic, the signature in Fredoka. */
function planDedicationPage(page: Extract<InteriorPage, { kind: 'dedication' }>, fonts: Fonts): PlannedPage {
  const message = fitTextOrThrow(
    page.message,
    fonts.bodyItalic,
    { maxWidth: 430, maxHeight: 330, maxSize: 26, minSize: 11, lineHeight: 1.45 },
    'The dedication',
  );
  const signatureText = page.signature.replace(/\s+/g, ' ').trim();
  const signature = signatureText
    ? fitTextOrThrow(
        `— ${signatureText}`,
        fonts.titleLight,
        { maxWidth: SAFE_RECT.width, maxHeight: 40, maxSize: 22, minSize: 11, lineHeight: 1.2, maxLines: 1 },
        'The signature',
      )
    : undefined;
  const heartSize = 30;
  const heartGap = 26;
  const signatureGap = 26;
  const blockHeight =
    heartSize + heartGap + message.height + (signature ? signatureGap + signature.height : 0);
  const top = SAFE_RECT.y + (SAFE_RECT.height + blockHeight) / 2;
  const centreX = PAGE / 2;
  return {
    draw: (pdfPage) => {
      pdfPage.drawRectangle({ x: 0, y: 0, width: PAGE, height: PAGE, color: COLOURS.paper });
      drawHeart(pdfPage, centreX, top - heartSize / 2, heartSize, COLOURS.coral);
      let y = top - heartSize - heartGap;
      drawCentredLines(pdfPage, message, { centreX, top: y, color: COLOURS.ink });
      y -= message.height + signatureGap;
      if (signature) drawCentredLines(pdfPage, signature, { centreX, top: y, color: COLOURS.coral });
    },
  };
}

/**
 * The text panel goes at the bottom of the page unless the top of the picture is clearly calmer
 * there (less detail where the panel would sit), so it covers sky rather than the child or the toy.
 */
const TOP_WHEN_CALMER_BY = 0.8;

/** A rectangle of the page (points, from the bottom left) as fractions of the picture from its top left. */
const pictureRegion = (rect: Rect): PictureRegion => ({
  left: rect.x / PAGE,
  top: (PAGE - rect.y - rect.height) / PAGE,
  width: rect.width / PAGE,
  height: rect.height / PAGE,
});

/** The picture full-bleed, the text on a soft rounded panel at the bottom or top of the safe area. */
function planColourStoryPage(
  page: Extract<InteriorPage, { kind: 'story' }>,
  fonts: Fonts,
  index: number,
): PlannedPage {
  const padX = 26;
  const padY = 16;
  const text = page.text.trim()
    ? (fitText(page.text, fonts.body, {
        maxWidth: SAFE_RECT.width - 2 * padX,
        maxHeight: SAFE_RECT.height * 0.36 - 2 * padY,
        maxSize: 21,
        minSize: 13,
        lineHeight: 1.35,
      }) ??
      // A long text may take more of the picture rather than be cut or printed too small.
      fitTextOrThrow(
        page.text,
        fonts.body,
        {
          maxWidth: SAFE_RECT.width - 2 * padX,
          maxHeight: SAFE_RECT.height - 2 * padY,
          maxSize: 13,
          minSize: 10,
          lineHeight: 1.3,
        },
        `The text of page ${index + 1}`,
      ))
    : undefined;
  const panelAt = (place: 'top' | 'bottom'): Rect | undefined => {
    if (!text) return undefined;
    const width = Math.min(SAFE_RECT.width, Math.max(text.width + 2 * padX, 240));
    const height = text.height + 2 * padY;
    const y = place === 'bottom' ? SAFE_RECT.y : SAFE_RECT.y + SAFE_RECT.height - height;
    return { x: PAGE / 2 - width / 2, y, width, height };
  };
  let place: 'top' | 'bottom' = 'bottom';
  return {
    image: { source: page.image, box: { width: PAGE, height: PAGE }, fit: 'cover' },
    prepare: async () => {
      const bottom = panelAt('bottom');
      const top = panelAt('top');
      if (!bottom || !top) return;
      const [bottomDetail, topDetail] = await regionDetail(page.image, [
        pictureRegion(bottom),
        pictureRegion(top),
      ]);
      if ((topDetail ?? 0) < (bottomDetail ?? 0) * TOP_WHEN_CALMER_BY) place = 'top';
    },
    draw: (pdfPage, image) => {
      if (image) pdfPage.drawImage(image.pdf, centredRect(PAGE / 2, PAGE / 2, image.width, image.height));
      const panel = panelAt(place);
      if (!text || !panel) return;
      drawRoundedRect(pdfPage, panel, { radius: 22, color: COLOURS.panel, opacity: 0.9 });
      drawCentredLines(pdfPage, text, {
        centreX: PAGE / 2,
        top: panel.y + panel.height - padY,
        color: COLOURS.ink,
      });
    },
  };
}

/** Coloring page: the line art inside the safe area on white, a one-line caption below it. */
function planLineArtPage(
  page: Extract<InteriorPage, { kind: 'story' }>,
  fonts: Fonts,
  index: number,
): PlannedPage {
  const captionBox = { maxWidth: SAFE_RECT.width, maxHeight: CAPTION_BAND };
  const caption: TextBlock | undefined = page.text.trim()
    ? (fitText(page.text, fonts.body, {
        ...captionBox,
        maxSize: 20,
        minSize: 13,
        lineHeight: 1.25,
        maxLines: 1,
      }) ??
      fitTextOrThrow(
        page.text,
        fonts.body,
        { ...captionBox, maxSize: 16, minSize: 9, lineHeight: 1.2 },
        `The caption of page ${index + 1}`,
      ))
    : undefined;
  return {
    image: { source: page.image, box: LINE_ART_BOX, fit: 'contain', greyscale: true },
    draw: (pdfPage, image) => {
      if (image) {
        // Centred across the page, sitting on the caption.
        const rect: Rect = {
          x: PAGE / 2 - image.width / 2,
          y: LINE_ART_BOX.y + (LINE_ART_BOX.height - image.height) / 2,
          width: image.width,
          height: image.height,
        };
        pdfPage.drawImage(image.pdf, rect);
      }
      if (caption) {
        const top = SAFE_RECT.y + CAPTION_BAND / 2 + caption.height / 2;
        drawCentredLines(pdfPage, caption, { centreX: PAGE / 2, top, color: COLOURS.ink });
      }
    },
  };
}

/** A few soft stars in the corners of the title page, all outside the safe area (text never meets them). */
function drawConfetti(page: PDFPage): void {
  const marks: Array<[x: number, y: number, size: number, colour: keyof typeof COLOURS]> = [
    [30, 596, 20, 'sun'],
    [64, 610, 10, 'coral'],
    [26, 556, 9, 'mint'],
    [600, 600, 18, 'mint'],
    [566, 612, 9, 'sun'],
    [30, 30, 14, 'sky'],
    [598, 34, 20, 'coral'],
    [606, 70, 9, 'mint'],
  ];
  for (const [x, y, size, colour] of marks) drawStar(page, x, y, size, COLOURS[colour], 0.85);
}

function centredRect(cx: number, cy: number, width: number, height: number): Rect {
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
}
