/**
 * Debug render of a printed cover sheet with its guides (docs/decisions/022-covers-per-binding.md):
 * the local illustrator's cover of a drawn child laid out as the print files lay it, the PDF
 * rendered by poppler's pdftoppm (`apt-get install poppler-utils`), and over it the trim (cyan),
 * the folds of the spine and, on a hardcover, the board edges where the turn-in folds (red), the
 * hinges (orange) and the front's and back's safe areas (green).
 *
 *   npx tsx scripts/cover-sheet.ts out.png [hardcover|softcover] [pageCount] [en|fr] [name] [screen]
 *
 * With `screen`, the picture is the reader's and the checkout's (print/cover-sheet.ts, 1600 px, its
 * own marks), drawn without poppler from the same plan as the PDF.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { buildPrintFiles, coverSheetPicture } from '../src/server/modules/production/print-files';
import { coverDimensions } from '../src/server/print/index';
import { makeStoryImage } from '../src/server/print/test-images';
import { loadStory, renderStory } from '../src/server/stories/story';
import type { CoverType } from '../src/shared/domain/statuses';
import type { Language } from '../src/shared/i18n';
import { heroCoverParts } from './hero-cover';

const run = promisify(execFile);
const DPI = 40;

async function main(): Promise<void> {
  const [out = 'cover-sheet.png', type = 'hardcover', pages = '32', lang = 'en', name = 'Oscar', mode] =
    process.argv.slice(2);
  const coverType = type as CoverType;
  const language = lang as Language;
  const parts = await heroCoverParts('guardian-friend', language, name);
  const story = renderStory(await loadStory('guardian-friend', 'storybook', language), {
    child: { name, gender: 'male', age: 5 },
    toy: { name: 'Biscuit' },
    dedication: { message: '', signature: '' },
    language,
  });
  const picture = await makeStoryImage(1024);
  if (mode === 'screen') {
    const source = {
      themeId: 'guardian-friend',
      language,
      story,
      bookType: 'storybook' as const,
      names: { child: name, toy: 'Biscuit' },
      heroCover: parts.image,
      heroArt: parts.art,
      toyCover: parts.image,
      style: 'color' as const,
      lastPicture: picture,
    };
    await writeFile(out, await coverSheetPicture(source, coverType, [coverType], Number(pages) - 2, 1600));
    console.log(`${out}: the reader's ${coverType} sheet`);
    return;
  }
  const files = await buildPrintFiles({
    themeId: 'guardian-friend',
    language,
    story,
    bookType: 'storybook',
    names: { child: name, toy: 'Biscuit' },
    heroCover: parts.image,
    heroArt: parts.art,
    toyCover: parts.image,
    pages: Array.from({ length: Math.max(1, Number(pages) - 6) }, (_, i) => ({
      image: picture,
      text: story.pages[i % story.pages.length]?.text ?? '',
    })),
    style: 'color',
    coverTypes: [coverType],
  });
  const pdf = files.covers.get(coverType);
  if (!pdf) throw new Error('no cover');
  const dir = await mkdtemp(path.join(tmpdir(), 'cover-sheet-'));
  await writeFile(path.join(dir, 'cover.pdf'), pdf);
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-png',
    '-singlefile',
    path.join(dir, 'cover.pdf'),
    path.join(dir, 'sheet'),
  ]);
  const png = await readFile(path.join(dir, 'sheet.png'));
  const dims = coverDimensions(coverType, files.pageCount);
  const k = DPI / 72;
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const y = (top: number) => (dims.height - top) * k;
  const rect = (r: { x: number; y: number; width: number; height: number }, colour: string, dash = '') =>
    `<rect x="${r.x * k}" y="${y(r.y + r.height)}" width="${r.width * k}" height="${r.height * k}" fill="none" stroke="${colour}" stroke-width="1.5" ${dash ? `stroke-dasharray="${dash}"` : ''}/>`;
  const vline = (x: number, colour: string) =>
    `<line x1="${x * k}" y1="0" x2="${x * k}" y2="${height}" stroke="${colour}" stroke-width="1.5"/>`;
  const guides = [
    rect(
      {
        x: dims.bleed,
        y: dims.bleed,
        width: dims.width - 2 * dims.bleed,
        height: dims.height - 2 * dims.bleed,
      },
      '#00d0ff',
      '4 3',
    ),
    rect(dims.back, '#ff2030'),
    rect(dims.front, '#ff2030'),
    vline(dims.spine.x, '#ff2030'),
    vline(dims.spine.x + dims.spine.width, '#ff2030'),
    rect(dims.frontSafe, '#20e040', '6 4'),
    rect(dims.backSafe, '#20e040', '6 4'),
  ];
  if (coverType === 'hardcover') {
    guides.push(
      vline(dims.frontSafe.x - 36, '#ff9a20'),
      vline(dims.backSafe.x + dims.backSafe.width + 36, '#ff9a20'),
    );
  }
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${guides.join('')}</svg>`;
  await sharp(png)
    .composite([{ input: Buffer.from(overlay) }])
    .png()
    .toFile(out);
  console.log(
    `${out}: ${coverType}, ${files.pageCount} pages, ${(dims.width / 72).toFixed(3)} x ${(dims.height / 72).toFixed(3)} in`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
