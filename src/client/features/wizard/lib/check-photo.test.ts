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

  it('refuses an image over 10 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 10 * MB + 1 })).toBe('tooLarge');
  });
});
