import { z } from 'zod';

/**
 * How the local illustrator draws the child (docs/product.md: the child drawn as a character in the
 * book's style from features read off the photo, adjustable by the parent). Read from the photo on
 * the server, shown and adjusted in wizard step 2, kept with the book's personalisation.
 */

export const SKIN_TONES = ['porcelain', 'fair', 'light', 'medium', 'tan', 'brown', 'deep'] as const;
export type SkinTone = (typeof SKIN_TONES)[number];

export const HAIR_COLORS = [
  'platinum',
  'blond',
  'red',
  'auburn',
  'light-brown',
  'brown',
  'dark-brown',
  'black',
] as const;
export type HairColor = (typeof HAIR_COLORS)[number];

export const HAIR_STYLES = [
  'cropped',
  'short',
  'curly-short',
  'bob',
  'long',
  'curly-long',
  'ponytail',
  'pigtails',
  'braids',
] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

export const EYE_COLORS = ['brown', 'hazel', 'green', 'blue', 'grey'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

export const ChildLookSchema = z.object({
  skin: z.enum(SKIN_TONES),
  hairColor: z.enum(HAIR_COLORS),
  hairStyle: z.enum(HAIR_STYLES),
  eyeColor: z.enum(EYE_COLORS),
  glasses: z.boolean(),
});
export type ChildLook = z.infer<typeof ChildLookSchema>;

/** The look used when nothing could be read off the photo; the parent can change every part. */
export const DEFAULT_CHILD_LOOK: ChildLook = {
  skin: 'light',
  hairColor: 'brown',
  hairStyle: 'short',
  eyeColor: 'brown',
  glasses: false,
};
