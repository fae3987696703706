import type { ErrorCode } from '../../../shared/domain/errors';
import type { Language } from '../../../shared/i18n';

/** SPEC.md `generate-book-cover` prompt types: the child's hero cover or the plush toy's cover. */
export type CoverKind = 'hero_generation' | 'plush_toy_generation';

export type CoverRequest = {
  kind: CoverKind;
  /** The cropped square photo as uploaded and cleaned by the server (JPEG, EXIF removed). */
  photo: Buffer;
  /** The child's name (hero) or the toy's name (plush toy). */
  name: string;
  language: Language;
};

export type CoverResult =
  | { ok: true; image: Buffer; mimeType: 'image/png' }
  | { ok: false; code: ErrorCode; message: string };

/**
 * Turns photos into storybook illustrations. The embedded default (`local`) works offline; the real
 * adapters call hosted image models. Every failure is a classified error code (SPEC.md section 8),
 * never a thrown exception, so the caller can tell the user what to do.
 */
export interface Illustrator {
  readonly kind: 'local' | 'gemini' | 'openai';
  generateCover(request: CoverRequest, options?: { signal?: AbortSignal }): Promise<CoverResult>;
}
