import { describe, expect, it } from 'vitest';
import { checkPhotoFile } from './check-photo';

const MB = 1024 * 1024;

describe('checkPhotoFile', () => {
  it.each([
    ['image/jpeg', 2 * MB],
    ['image/png', 10 * MB],
    ['image/webp', 1],
  ])('accepts a %s of %i bytes', (type, size) => {
    expect(checkPhotoFile({ type, size })).toBeUndefined();
  });

  it('refuses what is not an image, whatever its size', () => {
    expect(checkPhotoFile({ type: 'application/pdf', size: 1 })).toBe('notImage');
    expect(checkPhotoFile({ type: '', size: 1 })).toBe('notImage');
  });

  it('takes a photo over 10 MB (the crop shrinks it before upload) and refuses one over 60 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 25 * MB })).toBeUndefined();
    expect(checkPhotoFile({ type: 'image/jpeg', size: 60 * MB + 1 })).toBe('tooLarge');
  });
});
