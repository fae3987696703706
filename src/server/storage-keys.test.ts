import { describe, expect, it } from 'vitest';
import {
  instanceKeys,
  PRINT_FILES,
  parseInstanceKey,
  parsePrintFileKey,
  wizardKeys,
  wizardSessionOfKey,
} from './storage-keys';

const id = '3f2a6c1e-8b0d-4c7a-9e55-0a1b2c3d4e5f';

describe('storage keys', () => {
  // The one place the layout is written out: docs/spec.md section 3 (stored images) and the print files.
  it('keeps every file of a book in its own folder, as docs/spec.md lays it out', () => {
    const keys = instanceKeys(id);
    expect(keys.folder).toBe(`${id}/`);
    expect([keys.childPhoto, keys.toyPhoto, keys.heroCover, keys.toyCover]).toEqual([
      `${id}/input/child_photo.jpg`,
      `${id}/input/toy_photo.jpg`,
      `${id}/intermediate/hero_cover.png`,
      `${id}/intermediate/plush_cover.png`,
    ]);
    expect(keys.pictures).toEqual({
      childPhoto: keys.childPhoto,
      toyPhoto: keys.toyPhoto,
      generatedHero: keys.heroCover,
      generatedToy: keys.toyCover,
    });
    expect(keys.page(7, 'png')).toBe(`${id}/pages/7.png`);
    expect([keys.interior, keys.cover, keys.extraCover('softcover'), keys.book]).toEqual([
      `${id}/print/interior.pdf`,
      `${id}/print/cover.pdf`,
      `${id}/print/cover-softcover.pdf`,
      `${id}/print/book.json`,
    ]);
    expect([keys.printHeroCover, keys.printToyCover]).toEqual([
      `${id}/intermediate/hero_cover_print.png`,
      `${id}/intermediate/plush_cover_print.png`,
    ]);
    expect(keys.printTicket).toBe(`${id}/print/print-job.json`);
    // Every key of the book is under its folder, so deleting the folder deletes the book's files.
    for (const value of Object.values(keys)) {
      if (typeof value === 'string') expect(value.startsWith(keys.folder)).toBe(true);
    }
    expect(keys.childPhoto.startsWith(keys.inputFolder)).toBe(true);
    expect(keys.heroCover.startsWith(keys.inputFolder)).toBe(false);
  });

  it('keeps a wizard session’s uploads in one folder named after the session', () => {
    const keys = wizardKeys('wizard_1_abc');
    expect(keys.image('img-1', 'jpg')).toBe('wizard_1_abc/img-1.jpg');
    expect(wizardSessionOfKey(keys.image('img-2', 'png'))).toBe('wizard_1_abc');
    expect(keys.image('img-2', 'png').startsWith(keys.folder)).toBe(true);
  });

  it('reads back a key: its book, and whether it is an original photo', () => {
    expect(parseInstanceKey(instanceKeys(id).toyPhoto)).toEqual({
      bookInstanceId: id,
      path: 'input/toy_photo.jpg',
      originalPhoto: 'toy_photo.jpg',
    });
    expect(parseInstanceKey(instanceKeys(id).page(1, 'png'))).toEqual({
      bookInstanceId: id,
      path: 'pages/1.png',
      originalPhoto: undefined,
    });
    expect(parseInstanceKey('no-folder.jpg')).toBeUndefined();
  });

  it('recognises exactly the print files a printer may download', () => {
    expect(PRINT_FILES).toEqual([
      'interior.pdf',
      'cover.pdf',
      'cover-softcover.pdf',
      'cover-hardcover.pdf',
      ...[1, 2, 3].flatMap((copy) => [`copy-${copy}-interior.pdf`, `copy-${copy}-cover.pdf`]),
    ]);
    expect(parsePrintFileKey(instanceKeys(id).copyInterior(2))).toEqual({
      bookInstanceId: id,
      file: 'copy-2-interior.pdf',
    });
    expect(parsePrintFileKey(instanceKeys(id).copyCover(3))).toEqual({
      bookInstanceId: id,
      file: 'copy-3-cover.pdf',
    });
    expect(parsePrintFileKey(instanceKeys(id).copyTicket(1))).toBeUndefined();
    expect(parsePrintFileKey(`${instanceKeys(id).printFolder}copy-4-interior.pdf`)).toBeUndefined();
    for (const file of PRINT_FILES) {
      expect(parsePrintFileKey(instanceKeys(id).printFile(file))).toEqual({ bookInstanceId: id, file });
    }
    expect(parsePrintFileKey(instanceKeys(id).printTicket)).toBeUndefined();
    expect(parsePrintFileKey(instanceKeys(id).page(1, 'png'))).toBeUndefined();
    expect(parsePrintFileKey(`${instanceKeys(id).printFolder}../input/child_photo.jpg`)).toBeUndefined();
    expect(parsePrintFileKey(instanceKeys('not-a-uuid').interior)).toBeUndefined();
  });
});
