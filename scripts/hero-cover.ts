// The hero cover the debug scripts draw (book-preview.ts, cover-sheet.ts): the default child,
// waving, in colour, under the story's title, by the local cover art.
import { drawChild } from '../src/server/adapters/illustrator/characters/child';
import { COVER_IMPRINT, renderCoverParts, seedFrom } from '../src/server/adapters/illustrator/cover-art';
import { coverLines } from '../src/server/stories/book-words';
import { coverSceneOf } from '../src/server/stories/catalogue';
import { DEFAULT_CHILD_LOOK } from '../src/shared/domain/child-look';
import type { Language } from '../src/shared/i18n';

/** The hero cover of a story for a child, with its art layer (the print cover's parts). */
export function heroCoverParts(themeId: string, language: Language, child: string) {
  const lines = coverLines(themeId, language, 'hero', child);
  return renderCoverParts(
    {
      theme: 'hero',
      title: lines.title,
      subtitle: lines.subtitle,
      imprint: COVER_IMPRINT[language],
      figure: drawChild({
        look: DEFAULT_CHILD_LOOK,
        style: 'color',
        outfit: 'day',
        pose: 'waving',
        expression: 'happy',
      }),
      seed: seedFrom(`hero_generation:${child}`),
      scene: coverSceneOf(themeId),
      size: 2750,
    },
    { art: true },
  );
}
