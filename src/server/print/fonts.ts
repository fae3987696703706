import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// TTF files from npm packages, never system fonts: the print machine and CI have none we can trust.
// (@fontsource ships only woff/woff2, and pdf-lib cannot embed woff2; docs/notes/stack.md.)
const require = createRequire(import.meta.url);

const FONT_FILES = {
  title: '@expo-google-fonts/fredoka/600SemiBold/Fredoka_600SemiBold.ttf',
  titleLight: '@expo-google-fonts/fredoka/500Medium/Fredoka_500Medium.ttf',
  body: '@expo-google-fonts/nunito/400Regular/Nunito_400Regular.ttf',
  bodyItalic: '@expo-google-fonts/nunito/400Regular_Italic/Nunito_400Regular_Italic.ttf',
} as const;

export type FontRole = keyof typeof FONT_FILES;
export type BookFonts<R extends FontRole> = Record<R, PDFFont>;

type FontFile = { data: Uint8Array; postscriptName: string };

let fontFiles: Promise<Map<FontRole, FontFile>> | undefined;

const ROLES = Object.keys(FONT_FILES) as FontRole[];

/** The font files, read once per process. */
function loadFontFiles(): Promise<Map<FontRole, FontFile>> {
  fontFiles ??= Promise.all(
    ROLES.map(async (role): Promise<[FontRole, FontFile]> => {
      const data = await readFile(require.resolve(FONT_FILES[role]));
      return [role, { data, postscriptName: fontkit.create(data).postscriptName ?? role }];
    }),
  ).then((entries) => new Map(entries));
  return fontFiles;
}

/** The font of a role as fontkit reads it (the glyph outlines the reader's page is drawn with). */
export async function fontkitFont(role: FontRole) {
  const file = (await loadFontFiles()).get(role);
  if (!file) throw new Error(`font ${role} is not loaded`);
  return fontkit.create(file.data as Buffer);
}

/**
 * Embeds the given fonts as subsets into `doc` (Fredoka for titles, Nunito for text). Only the fonts
 * a document uses: pdf-lib writes every embedded font into the file, used or not.
 */
export async function embedBookFonts<R extends FontRole>(
  doc: PDFDocument,
  roles: readonly R[],
): Promise<BookFonts<R>> {
  doc.registerFontkit(fontkit);
  const files = await loadFontFiles();
  const fonts = {} as BookFonts<R>;
  for (const role of roles) {
    const file = files.get(role);
    if (!file) throw new Error(`font ${role} is not loaded`);
    // A subset font is named TAG+PostScriptName (ISO 32000 9.6.4); pdf-lib's default random suffix
    // makes preflight tools report the subset as a whole font.
    const tag = `CTBK${String.fromCharCode(65 + ROLES.indexOf(role))}A`;
    fonts[role] = await doc.embedFont(file.data, {
      subset: true,
      customName: `${tag}+${file.postscriptName}`,
    });
  }
  return fonts;
}
