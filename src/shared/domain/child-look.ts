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

/**
 * How a hairstyle is drawn. The first nine styles are drawn as the books before issue 30 drew them
 * (`classic`, one drawing each in characters/child.ts). Every later style is made of parts the
 * drawing code knows, so an illustrator adds a style as a row of `HAIR_STYLE_PARTS` (and its name in
 * public/locales/<lang>/wizard.json under `look.hairStyle`):
 * - `cap`: the hair over the skull: `smooth` (a side parting), `curly` (close curls) or `afro` (a
 *   big round halo of curls);
 * - `length`: what falls behind the head: `none`, to the `chin`, to the `shoulder`, down the `back`;
 * - `gathered`: hair tied up: `none`, one `bun` on top, `two-buns` high on each side, two `puffs`
 *   (afro puffs).
 */
export type HairStyleParts =
  | { classic: true }
  | {
      cap: 'smooth' | 'curly' | 'afro';
      length: 'none' | 'chin' | 'shoulder' | 'back';
      gathered: 'none' | 'bun' | 'two-buns' | 'puffs';
    };

export const HAIR_STYLE_PARTS = {
  cropped: { classic: true },
  short: { classic: true },
  'curly-short': { classic: true },
  bob: { classic: true },
  long: { classic: true },
  'curly-long': { classic: true },
  ponytail: { classic: true },
  pigtails: { classic: true },
  braids: { classic: true },
  afro: { cap: 'afro', length: 'none', gathered: 'none' },
  'afro-puffs': { cap: 'curly', length: 'none', gathered: 'puffs' },
  bun: { cap: 'smooth', length: 'none', gathered: 'bun' },
  'two-buns': { cap: 'smooth', length: 'none', gathered: 'two-buns' },
  'curly-bun': { cap: 'curly', length: 'none', gathered: 'bun' },
  shoulder: { cap: 'smooth', length: 'shoulder', gathered: 'none' },
  'curly-shoulder': { cap: 'curly', length: 'shoulder', gathered: 'none' },
  'very-long': { cap: 'smooth', length: 'back', gathered: 'none' },
} as const satisfies Record<string, HairStyleParts>;
export type HairStyle = keyof typeof HAIR_STYLE_PARTS;
export const HAIR_STYLES = Object.keys(HAIR_STYLE_PARTS) as [HairStyle, ...HairStyle[]];

export const EYE_COLORS = ['brown', 'hazel', 'green', 'blue', 'grey'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

/**
 * The clothes' colours (the parent picks the top's, the bottom's and the shoes'): `fill` paints them
 * (and the wizard's swatch), `pyjamas` the pyjamas (a softer tint of the top's colour). A new colour
 * is a row here and its name in public/locales/<lang>/wizard.json (`look.clothesColour`).
 */
export const CLOTHES_COLOURS = {
  red: { fill: '#e0574f', pyjamas: '#f4b3ae', photo: [175, 40, 45] },
  orange: { fill: '#f2a541', pyjamas: '#f9d29c', photo: [215, 115, 40] },
  yellow: { fill: '#f5d04e', pyjamas: '#fae7a3', photo: [220, 190, 60] },
  green: { fill: '#5fae6b', pyjamas: '#b5dfba', photo: [40, 120, 65] },
  blue: { fill: '#4f7fc4', pyjamas: '#a9c9f0', photo: [45, 85, 165] },
  purple: { fill: '#9a6cc8', pyjamas: '#d2bdeb', photo: [105, 65, 145] },
  pink: { fill: '#ef8fb0', pyjamas: '#f8c8d9', photo: [220, 130, 165] },
  grey: { fill: '#8f949c', pyjamas: '#d0d3d8', photo: [130, 130, 135] },
  // Added 2026-11-29 with the shoes' colour (shoes are often white, brown or black; so are clothes).
  white: { fill: '#f7f5ef', pyjamas: '#f1ede2', photo: [225, 225, 222] },
  brown: { fill: '#9a6a45', pyjamas: '#dcc3a8', photo: [105, 70, 45] },
  black: { fill: '#4a4b55', pyjamas: '#a3a8b6', photo: [30, 30, 35] },
} as const satisfies Record<
  string,
  { fill: string; pyjamas: string; photo: readonly [number, number, number] }
>;
export type ClothesColour = keyof typeof CLOTHES_COLOURS;
export const CLOTHES_COLOUR_IDS = Object.keys(CLOTHES_COLOURS) as [ClothesColour, ...ClothesColour[]];

/**
 * The day outfit's shape, made of parts the drawing code knows: `legs` is what covers the legs
 * (`trousers` to the ankle, `shorts` to mid-thigh, `bare` for a dress over tights), `skirt` a
 * dress's skirt in the top's colour, `bib` dungarees' bib and straps in the bottom's colour.
 * The bottom colour paints the trousers, the shorts, the dungarees or, under a dress, the tights.
 */
export type OutfitParts = { legs: 'trousers' | 'shorts' | 'tights'; skirt: boolean; bib: boolean };

export const OUTFITS = {
  'tshirt-trousers': { legs: 'trousers', skirt: false, bib: false },
  'tshirt-shorts': { legs: 'shorts', skirt: false, bib: false },
  dress: { legs: 'tights', skirt: true, bib: false },
  dungarees: { legs: 'trousers', skirt: false, bib: true },
  'short-dungarees': { legs: 'shorts', skirt: false, bib: true },
} as const satisfies Record<string, OutfitParts>;
export type Outfit = keyof typeof OUTFITS;
export const OUTFIT_IDS = Object.keys(OUTFITS) as [Outfit, ...Outfit[]];

/** Details of the face a child is known by; any combination. */
export const FACE_DETAILS = ['freckles', 'dimples', 'gap-tooth'] as const;
export type FaceDetail = (typeof FACE_DETAILS)[number];

/**
 * What a child wears to hear, and on which of their ears: `device` is a hearing aid (behind the ear)
 * or a cochlear implant (a processor behind the ear, a coil on the side of the head); `ears` are the
 * child's own left and right (in a picture of the child facing us, their right ear is on our left).
 * The first two values of 2026-11-27 keep their meaning: `hearing-aids` is a pair, `cochlear-implant`
 * the right ear. A new row needs its name in nothing: step 2 offers the device and the ears.
 */
export type HearingParts = { device: 'none' | 'aid' | 'implant'; ears: readonly ('left' | 'right')[] };

export const HEARING_PARTS = {
  none: { device: 'none', ears: [] },
  'hearing-aids': { device: 'aid', ears: ['left', 'right'] },
  'hearing-aid-left': { device: 'aid', ears: ['left'] },
  'hearing-aid-right': { device: 'aid', ears: ['right'] },
  'cochlear-implant': { device: 'implant', ears: ['right'] },
  'cochlear-implant-left': { device: 'implant', ears: ['left'] },
  'cochlear-implants': { device: 'implant', ears: ['left', 'right'] },
} as const satisfies Record<string, HearingParts>;
export type Hearing = keyof typeof HEARING_PARTS;
export const HEARING = Object.keys(HEARING_PARTS) as [Hearing, ...Hearing[]];

/** Which ears a device is worn on, as step 2 asks it. */
export const HEARING_SIDES = ['left', 'right', 'both'] as const;
export type HearingSide = (typeof HEARING_SIDES)[number];
export const HEARING_DEVICES = ['none', 'aid', 'implant'] as const;
export type HearingDevice = (typeof HEARING_DEVICES)[number];

/** The device and side of a hearing value (`none` has the side the parent would be offered first). */
export function hearingChoice(hearing: Hearing): { device: HearingDevice; side: HearingSide } {
  const parts: HearingParts = HEARING_PARTS[hearing];
  const side = parts.ears.length === 2 ? 'both' : (parts.ears[0] ?? 'both');
  return { device: parts.device, side };
}

/**
 * The hearing value for a device worn on a side: `none` for no device. A device chosen with no side
 * yet (from `none`) takes the side it had in the first books: both ears for aids, the right for an
 * implant.
 */
export function hearingFor(device: HearingDevice, side: HearingSide | undefined): Hearing {
  if (device === 'none') return 'none';
  const wanted = side ?? (device === 'aid' ? 'both' : 'right');
  const ears = wanted === 'both' ? ['left', 'right'] : [wanted];
  const found = HEARING.find((value) => {
    const parts: HearingParts = HEARING_PARTS[value];
    return parts.device === device && parts.ears.join() === ears.join();
  });
  return found ?? 'none';
}

/**
 * The look. Every field added after the first books (issue 30: clothes, fringe, face details,
 * hearing) is optional, and absent draws what those books drew (`childLookParts`), so a saved
 * personalisation parses and draws as before.
 */
export const ChildLookSchema = z.object({
  skin: z.enum(SKIN_TONES),
  hairColor: z.enum(HAIR_COLORS),
  hairStyle: z.enum(HAIR_STYLES),
  eyeColor: z.enum(EYE_COLORS),
  glasses: z.boolean(),
  /** A straight fringe over the forehead, over any style. */
  fringe: z.boolean().optional(),
  outfit: z.enum(OUTFIT_IDS).optional(),
  top: z.enum(CLOTHES_COLOUR_IDS).optional(),
  bottom: z.enum(CLOTHES_COLOUR_IDS).optional(),
  /** The shoes' colour (added 2026-11-29); absent, the first books' pink (`CLASSIC_SHOES`). */
  shoes: z.enum(CLOTHES_COLOUR_IDS).optional(),
  face: z.array(z.enum(FACE_DETAILS)).max(FACE_DETAILS.length).optional(),
  hearing: z.enum(HEARING).optional(),
});
export type ChildLook = z.infer<typeof ChildLookSchema>;

/**
 * The clothes of a look without any (the books before issue 30): an orange T-shirt and blue
 * trousers, and pyjamas in the blue's tint (not the orange's, as a chosen top would give).
 */
export const CLASSIC_CLOTHES = {
  outfit: 'tshirt-trousers',
  top: 'orange',
  bottom: 'blue',
  pyjamas: 'blue',
} as const satisfies { outfit: Outfit; top: ClothesColour; bottom: ClothesColour; pyjamas: ClothesColour };

/**
 * The shoes of a look without a shoe colour (every look before 2026-11-29): a pink of their own,
 * near the clothes' pink, which step 2 shows as chosen until another is picked.
 */
export const CLASSIC_SHOES = { fill: '#e4677a', shown: 'pink' } as const satisfies {
  fill: string;
  shown: ClothesColour;
};

/** A look with every optional part filled in as it is drawn. */
export type ChildLookParts = Required<ChildLook> & {
  /** The pyjamas' colour: the top's tint, or the first books' light blue when no top was chosen. */
  pyjamas: string;
  /** The shoes' paint: the chosen colour's, or the first books' pink. */
  shoeFill: string;
};

/** The look as it is drawn: the parts an older look lacks take the values those books drew. */
export function childLookParts(look: ChildLook): ChildLookParts {
  const top = look.top ?? CLASSIC_CLOTHES.top;
  return {
    ...look,
    fringe: look.fringe ?? false,
    outfit: look.outfit ?? CLASSIC_CLOTHES.outfit,
    top,
    bottom: look.bottom ?? CLASSIC_CLOTHES.bottom,
    face: look.face ?? [],
    hearing: look.hearing ?? 'none',
    pyjamas: CLOTHES_COLOURS[look.top ?? CLASSIC_CLOTHES.pyjamas].pyjamas,
    shoes: look.shoes ?? CLASSIC_SHOES.shown,
    shoeFill: look.shoes ? CLOTHES_COLOURS[look.shoes].fill : CLASSIC_SHOES.fill,
  };
}

/** Whether two looks draw the same child (a part left out draws as its default). */
export function sameChildLook(a: ChildLook, b: ChildLook): boolean {
  const pa = childLookParts(a);
  const pb = childLookParts(b);
  return (Object.keys(pa) as (keyof ChildLookParts)[]).every(
    (key) =>
      JSON.stringify(key === 'face' ? [...pa.face].sort() : pa[key]) ===
      JSON.stringify(key === 'face' ? [...pb.face].sort() : pb[key]),
  );
}

/**
 * The parts of the look the local illustrator tries to read off the photo (glasses, the fringe, the
 * clothes and the face details are never read: the parent chooses them). A part the reader could not
 * tell is drawn as `DEFAULT_CHILD_LOOK` has it, and wizard step 2 says so beside its choices.
 */
export const READ_LOOK_PARTS = ['skin', 'hairColor', 'hairStyle', 'eyeColor'] as const;
export type LookPart = (typeof READ_LOOK_PARTS)[number];

/** The read parts the photo did not settle (none twice); absent when the look was not read. */
export const UnreadLookPartsSchema = z
  .array(z.enum(READ_LOOK_PARTS))
  .max(READ_LOOK_PARTS.length)
  .refine((parts) => new Set(parts).size === parts.length, 'each part once');

/** The look used when nothing could be read off the photo; the parent can change every part. */
export const DEFAULT_CHILD_LOOK: ChildLook = {
  skin: 'light',
  hairColor: 'brown',
  hairStyle: 'short',
  eyeColor: 'brown',
  glasses: false,
};
