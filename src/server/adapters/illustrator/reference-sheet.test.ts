import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../shared/domain/toy-look';
import { pageReferences, sheetCharacters } from './prompts';
import { renderReferenceSheet, SHEET_SIZE } from './reference-sheet';

const child = { look: DEFAULT_CHILD_LOOK };
const toy = { look: DEFAULT_TOY_LOOK };
const firstPage = Buffer.from('page 1');

describe('the hosted illustrators’ references', () => {
  it('puts the sheet first when a look is drawn, and the toy cover only when the toy has no drawn look', () => {
    expect(pageReferences({})).toEqual(['hero-cover', 'toy-cover']);
    expect(pageReferences({ firstPage })).toEqual(['hero-cover', 'toy-cover', 'first-page']);
    expect(pageReferences({ child, toy, firstPage })).toEqual(['sheet', 'hero-cover', 'first-page']);
    expect(pageReferences({ toy })).toEqual(['sheet', 'hero-cover']);
    expect(pageReferences({ child })).toEqual(['sheet', 'hero-cover', 'toy-cover']);
  });

  it('says which characters the sheet shows', () => {
    expect(sheetCharacters({ child, toy })).toContain('the child and their plush toy');
    expect(sheetCharacters({ toy })).toContain("the child's plush toy as drawn");
    expect(sheetCharacters({ toy })).not.toContain("the child's skin tone");
    expect(sheetCharacters({ child })).not.toContain("the toy's kind");
  });

  it('draws a square sheet of what is given, and none without a look', async () => {
    expect(await renderReferenceSheet({}, 'color')).toBeUndefined();
    const both = await renderReferenceSheet({ child: child.look, toy: toy.look }, 'color');
    const toyOnly = await renderReferenceSheet({ toy: toy.look }, 'color');
    const meta = await sharp(both!).metadata();
    expect([meta.width, meta.height]).toEqual([SHEET_SIZE, SHEET_SIZE]);
    // White around the figures, something drawn in the middle; a toy alone is drawn larger.
    const ink = async (png: Buffer) => {
      const { data } = await sharp(png).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
      return data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
    };
    const corner = await sharp(both!)
      .extract({ left: 0, top: 0, width: 32, height: 32 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(Math.min(...corner)).toBe(255);
    expect(await ink(both!)).toBeGreaterThan(5000);
    expect(await ink(toyOnly!)).toBeGreaterThan(5000);
  });
});
