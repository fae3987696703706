import type { BookPreviewPage, PreviewImage } from '../contracts/book-preview';

/**
 * A book's printed pages (issue 15): 0 the front cover, 1 the title page, 2 the dedication, 3.. the
 * story pages (story page n at n + 2), and the back cover after the last one. The server lists a
 * version's pages with `bookPreviewPages`, and the client's test stand-in lists its book with the
 * same function, so the two cannot drift apart.
 */
export const FRONT_COVER = 0;
export const TITLE_PAGE = 1;
export const DEDICATION_PAGE = 2;
const STORY_OFFSET = 2;
export const storyPosition = (storyPage: number) => storyPage + STORY_OFFSET;
export const storyPageOf = (position: number) => position - STORY_OFFSET;
export const backCoverPosition = (storyPages: number) => storyPages + STORY_OFFSET + 1;

/** The words of a version the pages show (a part of the server's version texts). */
export type BookPagesTexts = {
  title: string;
  subtitle: string;
  dedication: { message: string; signature: string };
  /** The story's pages by their number in the story (1..n), in any order. */
  pages: ReadonlyArray<{ position: number; text: string }>;
};

/**
 * Every page of a version in reading order, with its words and its pictures (`imagesAt` a printed
 * position: its web renditions, or none). Only a story page can be drawn again.
 */
export function bookPreviewPages(
  texts: BookPagesTexts,
  backCoverText: string,
  imagesAt: (position: number) => PreviewImage[],
): BookPreviewPage[] {
  const page = (
    position: number,
    fields: Partial<BookPreviewPage> & Pick<BookPreviewPage, 'kind'>,
  ): BookPreviewPage => ({
    position,
    storyPage: null,
    title: null,
    subtitle: null,
    text: '',
    signature: null,
    redrawable: false,
    images: imagesAt(position),
    ...fields,
  });
  return [
    page(FRONT_COVER, { kind: 'front-cover', title: texts.title, subtitle: texts.subtitle }),
    page(TITLE_PAGE, { kind: 'title', title: texts.title, subtitle: texts.subtitle }),
    page(DEDICATION_PAGE, {
      kind: 'dedication',
      text: texts.dedication.message,
      signature: texts.dedication.signature,
    }),
    ...[...texts.pages]
      .sort((a, b) => a.position - b.position)
      .map((story) =>
        page(storyPosition(story.position), {
          kind: 'story',
          storyPage: story.position,
          text: story.text,
          redrawable: true,
        }),
      ),
    page(backCoverPosition(texts.pages.length), { kind: 'back-cover', text: backCoverText }),
  ];
}
