import { describe, expect, it } from 'vitest';
import { makePages } from '../testing/mock-book-api';
import { readerViews, viewOf } from './spreads';

describe('readerViews', () => {
  const pages = makePages(4); // front, title, dedication, 4 story pages, back: 8 pages

  it('shows the covers alone and the inside pages two by two on a wide screen', () => {
    expect(readerViews(pages, true)).toEqual([[0], [1, 2], [3, 4], [5, 6], [7]]);
  });

  it('keeps an odd last inside page alone before the back cover', () => {
    expect(readerViews(makePages(3), true)).toEqual([[0], [1, 2], [3, 4], [5], [6]]);
  });

  it('shows one page per view on a phone', () => {
    expect(readerViews(pages, false)).toHaveLength(8);
    expect(readerViews(pages, false)[3]).toEqual([3]);
  });

  it('finds the view of a page', () => {
    const views = readerViews(pages, true);
    expect(viewOf(views, 4)).toBe(2);
    expect(viewOf(views, 7)).toBe(4);
  });
});
