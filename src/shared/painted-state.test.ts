import { describe, expect, it } from 'vitest';
import { previewImages } from './contracts/book-preview';
import { readPaintedState, writePaintedState } from './painted-state';

const book = 'b5a3ab19-53df-48db-af13-4e59eed1bdf0';
const tag = '0a737a402d0c4b95e3';

describe('the painted page state', () => {
  it('writes the lists of a page’s pictures short and reads them back exactly', () => {
    const state = {
      language: 'de',
      queries: [
        {
          data: {
            pages: Array.from({ length: 30 }, (_, position) => ({
              position,
              text: `Seite ${position} <b>&</b>`,
              images: previewImages('/api/books', book, position, `${position}${tag}`),
            })),
            candidates: [{ position: 4, images: previewImages('/api/books', book, 4, tag, true) }],
          },
        },
        { data: { pages: [{ images: previewImages('/api/admin/books', book, 0, tag) }] } },
      ],
    };
    const written = writePaintedState(state);
    expect(written).not.toContain('w=1600');
    expect(written.length).toBeLessThan(JSON.stringify(state).length / 2);
    expect(readPaintedState(written)).toEqual(state);
  });

  it('keeps whole any list the address rule does not make again', () => {
    const cover = previewImages('/api/books', book, 0, tag);
    const lists = [
      // The reader's front cover for a binding, one width left out, widths out of order, foreign URLs.
      cover.map((image) => ({ ...image, url: `${image.url}&binding=hardcover` })),
      cover.slice(1),
      [...cover].reverse(),
      [{ width: 480, url: 'https://example.com/picture.webp' }],
      cover.map((image) => ({ ...image, alt: 'extra field' })),
    ];
    const written = writePaintedState({ lists });
    expect(written).not.toContain('$pictures');
    expect(readPaintedState(written)).toEqual({ lists });
  });
});
