import { describe, expect, it } from 'vitest';
import { checkPhotoFile, isHeicFile } from './check-photo';

const MB = 1024 * 1024;

describe('checkPhotoFile', () => {
  it.each([
    ['image/jpeg', 2 * MB],
    ['image/png', 10 * MB],
    ['image/webp', 1],
    ['image/heic', 3 * MB],
  ])('accepts a %s of %i bytes', (type, size) => {
    expect(checkPhotoFile({ type, size, name: 'photo' })).toBeUndefined();
  });

  it('refuses what is not an image, whatever its size', () => {
    expect(checkPhotoFile({ type: 'application/pdf', size: 1, name: 'a.pdf' })).toBe('notImage');
    expect(checkPhotoFile({ type: '', size: 1, name: 'notes' })).toBe('notImage');
  });

  it('takes an iPhone photo the system gives no type for, by its name', () => {
    expect(checkPhotoFile({ type: '', size: 2 * MB, name: 'IMG_0042.HEIC' })).toBeUndefined();
    expect(isHeicFile({ type: '', name: 'holiday.heif' })).toBe(true);
    expect(isHeicFile({ type: 'image/heic-sequence', name: 'burst' })).toBe(true);
    expect(isHeicFile({ type: 'image/jpeg', name: 'heic.jpg' })).toBe(false);
  });

  it('takes a photo over 10 MB (the crop shrinks it before upload) and refuses one over 60 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 25 * MB, name: 'a.jpg' })).toBeUndefined();
    expect(checkPhotoFile({ type: 'image/jpeg', size: 60 * MB + 1, name: 'a.jpg' })).toBe('tooLarge');
  });
});
