import type { ChildGender } from '../../../shared/domain/cast';
import type { ChildLook, LookPart } from '../../../shared/domain/child-look';
import type { ErrorCode } from '../../../shared/domain/errors';
import type { ToyLook } from '../../../shared/domain/toy-look';
import type { Language } from '../../../shared/i18n';
import type { Scene } from '../../stories/scene';

/**
 * A child beside the lead as the illustrators draw it: a look and, if the child has one, a toy's
 * look; with its age (and the lead's, `PageRequest.child.age`), an older child is drawn a little
 * taller than a younger one.
 */
export type DrawnCompanion = {
  look: ChildLook;
  toy?: ToyLook | undefined;
  age?: number | undefined;
  /** The child's name: the hosted models' prompt names every child, the hero cover's words too. */
  name?: string | undefined;
  /** The child's gender: the hero cover's words for a cast agree with the group. */
  gender?: ChildGender | undefined;
};

/** docs/spec.md `generate-book-cover` prompt types: the child's hero cover or the plush toy's cover. */
export type CoverKind = 'hero_generation' | 'plush_toy_generation';

export type CoverRequest = {
  /**
   * The story the cover is for (a folder of src/server/stories): the words the local illustrator
   * paints on it. Absent: the first story, guardian-friend.
   */
  themeId?: string | undefined;
  kind: CoverKind;
  /** The cropped square photo as uploaded and cleaned by the server (JPEG, EXIF removed). */
  photo: Buffer;
  /** The child's name (hero) or the toy's name (plush toy). */
  name: string;
  language: Language;
  /**
   * The child's drawn look as the parent adjusted it in wizard step 2 (hero only); the local
   * illustrator reads it off the photo when absent. Hosted illustrators get it drawn as a character
   * sheet after the photo (reference-sheet.ts).
   */
  look?: ChildLook | undefined;
  /**
   * The toy's drawn look (local illustrator, docs/decisions/021-the-toy-drawn.md): on the toy's cover
   * the toy itself (absent: the default teddy, its kind from its name); on the hero cover the toy
   * drawn beside the child (absent: the child alone). Hosted illustrators get it drawn as a character
   * sheet, instead of the toy's photo on the toy's cover.
   */
  toy?: ToyLook | undefined;
  /**
   * The children beside the lead (issue 35, docs/decisions/030-siblings.md), hero cover only: drawn
   * beside the lead with their own toys, the whole cast on the cover. Absent or empty: the lead alone,
   * as before.
   */
  companions?: readonly DrawnCompanion[] | undefined;
  /** The lead's gender (hero cover with companions): the cast's cover words agree with the group. */
  gender?: ChildGender | undefined;
  /** The lead's age, with companions: an older child is drawn a little taller than a younger one. */
  age?: number | undefined;
  /** The cover's width and height in pixels: 1024 on screen by default, 2625 for print. */
  size?: number | undefined;
  /**
   * "Make a new one" (wizard): 1, 2, … asks for a visibly different cover of the same child or toy
   * (another pose and sky with the local illustrator); absent or 0 is the first cover. Hosted
   * illustrators draw anew on every request and ignore it.
   */
  variant?: number | undefined;
  /**
   * Also return the cover's art without its words (`art`), when the illustrator can draw it (the
   * local one): the printed cover sets the words per binding (docs/decisions/022).
   */
  art?: boolean | undefined;
};

/** A storybook colour page, or a coloring-book page of black lines on white. */
export type PageStyle = 'color' | 'line';

/**
 * One page of the book. The approved covers are the references that keep the child and the toy the
 * same on every page; the hosted models also get page 1 as a character sheet once it is drawn.
 */
export type PageRequest = {
  /** The story the page belongs to: its hosted prompt's first line. Absent: the first story. */
  themeId?: string | undefined;
  /** The approved hero cover (PNG): the reference for the child. */
  heroCover: Buffer;
  /** The approved plush toy cover (PNG): the reference for the toy. */
  toyCover: Buffer;
  /**
   * What the page shows (stories/scene.ts): setting, time of day, props and what each character
   * does; the local illustrator draws from these fields, the hosted models from `prompt`.
   */
  scene: Scene;
  /**
   * How the child is drawn: the local illustrator's figure (absent: DEFAULT_CHILD_LOOK), the hosted
   * models' character sheet (absent: the hero cover is their only reference for the child).
   */
  child?: { look?: ChildLook; age?: number | undefined; name?: string | undefined };
  /**
   * How the toy is drawn: the local illustrator's figure (absent: DEFAULT_TOY_LOOK), the hosted
   * models' character sheet (absent: the toy cover is their reference for the toy).
   */
  toy?: { look?: ToyLook };
  /**
   * The children beside the lead (issue 35, docs/decisions/030-siblings.md), placed in the scene
   * beside the lead with their own toys. Absent or empty: the lead alone, drawn exactly as before.
   */
  companions?: readonly DrawnCompanion[] | undefined;
  /**
   * The toy's own photo (JPEG). Not sent to the hosted models: they get the toy drawn from its look
   * (reference-sheet.ts), or its approved cover when it has none.
   */
  toyPhoto?: Buffer;
  /** Page 1 of the book (PNG), once drawn: hosted models keep the characters the same with it. */
  firstPage?: Buffer;
  style: PageStyle;
  /** 1-based; pages that share a scene still differ. */
  pageNumber: number;
  /**
   * "Draw this page again" (issue 15): 1, 2, … asks for a visibly different picture of the same
   * scene; absent or 0 is the first drawing.
   */
  variant?: number | undefined;
  /** The width and height of the page in pixels, e.g. 2048. */
  size: number;
  language: Language;
};

export type CoverResult =
  | {
      ok: true;
      image: Buffer;
      mimeType: 'image/png';
      /** The hero's drawn look (local illustrator): what was read off the photo, or the look given. */
      look?: ChildLook;
      /**
       * The parts of a look read off the photo that the photo did not settle (drawn as the default
       * look has them); absent when the look was given or no look is drawn.
       */
      unread?: LookPart[];
      /** The same cover without its words, when asked for and the illustrator can draw it. */
      art?: Buffer;
    }
  | { ok: false; code: ErrorCode; message: string };

/**
 * Turns photos into storybook illustrations. The embedded default (`local`) works offline; the real
 * adapters call hosted image models. Every failure is a classified error code (docs/spec.md section 8),
 * never a thrown exception, so the caller can tell the user what to do.
 */
export interface Illustrator {
  readonly kind: 'local' | 'gemini' | 'openai';
  generateCover(request: CoverRequest, options?: { signal?: AbortSignal }): Promise<CoverResult>;
  /** One page of the book as a `size` x `size` PNG, or a classified error (the same union as covers). */
  illustratePage(request: PageRequest, options?: { signal?: AbortSignal }): Promise<CoverResult>;
  /**
   * Whether a photo shows what its cover needs (a person for the hero, a plush toy for the toy),
   * asked at once when the parent uploads it (issue 36). Only illustrators with an offline check
   * have it; the others refuse such a photo when the cover is drawn.
   */
  checkPhoto?(kind: CoverRequest['kind'], jpeg: Buffer): Promise<{ ok: boolean }>;
}
