import { z } from 'zod';

/**
 * How the local illustrator draws the child's plush toy (docs/decisions/021-the-toy-drawn.md): its
 * kind, a main and a second colour and one distinctive feature, drawn in the book's style like the
 * child. Read from the toy's photo where the photo allows it, chosen by the parent in wizard step 3,
 * kept with the book's personalisation.
 *
 * The options are data: a new kind is a row of `TOY_KINDS` made of the parts the drawing code knows
 * (ears, muzzle, tail, extras), a new colour a row of `TOY_COLOURS`, a new feature a row of
 * `TOY_FEATURES`. Nothing else has to change (the wizard lists the rows, the illustrator draws them;
 * the kinds' and features' names are in public/locales/<lang>/wizard.json under `toyLook`).
 */

/** The ear shapes the drawing code knows. */
export type ToyEars = 'round' | 'long' | 'floppy' | 'pointed' | 'big' | 'side' | 'small' | 'none';
/** The tails the drawing code knows (drawn behind the body). */
export type ToyTail = 'stub' | 'puff' | 'long' | 'curl' | 'tuft' | 'bushy' | 'spiky' | 'none';
/** The face: an animal's (eyes and a nose, a muzzle or not), a doll's, a robot's screen. */
export type ToyFace = 'animal' | 'doll' | 'robot';
/** Extra parts on the head or body. */
export type ToyExtra =
  | 'horn'
  | 'mane'
  | 'trunk'
  | 'whiskers'
  | 'spikes'
  | 'antenna'
  | 'wool'
  | 'hair'
  | 'beak'
  | 'forelock';

export type ToyKindParts = {
  ears: ToyEars;
  face: ToyFace;
  /** A rounded muzzle in the second colour, around the nose. */
  muzzle: boolean;
  tail: ToyTail;
  extras: readonly ToyExtra[];
  /** Words in a toy's name that say its kind ("Teddy", "Nounours"), lower case, for old books. */
  words: readonly string[];
};

export const TOY_KINDS = {
  bear: {
    ears: 'round',
    face: 'animal',
    muzzle: true,
    tail: 'stub',
    extras: [],
    words: ['bear', 'teddy', 'ours', 'nounours', 'bruno'],
  },
  bunny: {
    ears: 'long',
    face: 'animal',
    muzzle: false,
    tail: 'puff',
    extras: ['whiskers'],
    words: ['bunny', 'rabbit', 'lapin', 'lapinou'],
  },
  dog: {
    ears: 'floppy',
    face: 'animal',
    muzzle: true,
    tail: 'long',
    extras: [],
    words: ['dog', 'puppy', 'chien', 'toutou'],
  },
  cat: {
    ears: 'pointed',
    face: 'animal',
    muzzle: false,
    tail: 'long',
    extras: ['whiskers'],
    words: ['cat', 'kitty', 'chat', 'minou'],
  },
  elephant: {
    ears: 'big',
    face: 'animal',
    muzzle: false,
    tail: 'tuft',
    extras: ['trunk'],
    words: ['elephant', 'éléphant', 'dumbo'],
  },
  unicorn: {
    ears: 'small',
    face: 'animal',
    muzzle: true,
    tail: 'bushy',
    extras: ['horn', 'forelock'],
    words: ['unicorn', 'licorne'],
  },
  lion: {
    ears: 'round',
    face: 'animal',
    muzzle: true,
    tail: 'tuft',
    extras: ['mane', 'whiskers'],
    words: ['lion', 'leo'],
  },
  monkey: {
    ears: 'side',
    face: 'animal',
    muzzle: true,
    tail: 'curl',
    extras: [],
    words: ['monkey', 'singe', 'ouistiti'],
  },
  sheep: {
    ears: 'side',
    face: 'animal',
    muzzle: true,
    tail: 'puff',
    extras: ['wool'],
    words: ['sheep', 'lamb', 'mouton', 'agneau'],
  },
  fox: {
    ears: 'pointed',
    face: 'animal',
    muzzle: true,
    tail: 'bushy',
    extras: ['whiskers'],
    words: ['fox', 'renard'],
  },
  dinosaur: {
    ears: 'none',
    face: 'animal',
    muzzle: false,
    tail: 'spiky',
    extras: ['spikes'],
    words: ['dino', 'dinosaur', 'dinosaure', 'rex'],
  },
  penguin: {
    ears: 'none',
    face: 'animal',
    muzzle: false,
    tail: 'none',
    extras: ['beak'],
    words: ['penguin', 'pingouin', 'manchot'],
  },
  doll: {
    ears: 'none',
    face: 'doll',
    muzzle: false,
    tail: 'none',
    extras: ['hair'],
    words: ['doll', 'poupée', 'poupee'],
  },
  robot: {
    ears: 'none',
    face: 'robot',
    muzzle: false,
    tail: 'none',
    extras: ['antenna'],
    words: ['robot', 'robo'],
  },
} as const satisfies Record<string, ToyKindParts>;
export type ToyKind = keyof typeof TOY_KINDS;
export const TOY_KIND_IDS = Object.keys(TOY_KINDS) as [ToyKind, ...ToyKind[]];

/**
 * The toys' colours: `fill` and `shade` paint the drawing (and the wizard's swatches), `photo` is the
 * colour a photo sample is matched against (a plush photographed indoors is darker than its paint).
 */
export const TOY_COLOURS = {
  brown: { fill: '#a86f43', shade: '#8a5632', photo: [140, 92, 55] },
  honey: { fill: '#dca25a', shade: '#bf843d', photo: [195, 145, 85] },
  cream: { fill: '#f6e7c8', shade: '#e3cd9f', photo: [215, 200, 170] },
  white: { fill: '#fbfaf6', shade: '#e3e0d6', photo: [235, 235, 232] },
  grey: { fill: '#aeb2ba', shade: '#8e939c', photo: [140, 142, 145] },
  black: { fill: '#3c3942', shade: '#27252c', photo: [40, 38, 42] },
  pink: { fill: '#f4a7bd', shade: '#de859f', photo: [220, 150, 170] },
  red: { fill: '#de5a4f', shade: '#bf4238', photo: [185, 55, 50] },
  orange: { fill: '#f09a4a', shade: '#d67d2f', photo: [215, 120, 50] },
  yellow: { fill: '#f6d65a', shade: '#dcb93a', photo: [225, 200, 80] },
  mint: { fill: '#9fd9bf', shade: '#7fbfa3', photo: [140, 200, 170] },
  green: { fill: '#6fae5e', shade: '#568f47', photo: [80, 140, 70] },
  blue: { fill: '#7fb2e5', shade: '#5f93c9', photo: [90, 140, 200] },
  lilac: { fill: '#c2a6e0', shade: '#a386c6', photo: [165, 140, 200] },
} as const satisfies Record<
  string,
  { fill: string; shade: string; photo: readonly [number, number, number] }
>;
export type ToyColour = keyof typeof TOY_COLOURS;
export const TOY_COLOUR_IDS = Object.keys(TOY_COLOURS) as [ToyColour, ...ToyColour[]];

/** One distinctive feature: something it wears or has (`ears` changes the kind's ears). */
export type ToyFeatureParts = {
  wear?: 'bow' | 'scarf' | 'bowtie' | 'patch' | 'heart' | 'collar';
  ears?: ToyEars;
};

export const TOY_FEATURES = {
  none: {},
  bow: { wear: 'bow' },
  scarf: { wear: 'scarf' },
  bowtie: { wear: 'bowtie' },
  patch: { wear: 'patch' },
  heart: { wear: 'heart' },
  collar: { wear: 'collar' },
  'floppy-ears': { ears: 'floppy' },
  'round-ears': { ears: 'round' },
} as const satisfies Record<string, ToyFeatureParts>;
export type ToyFeature = keyof typeof TOY_FEATURES;
export const TOY_FEATURE_IDS = Object.keys(TOY_FEATURES) as [ToyFeature, ...ToyFeature[]];

export const ToyLookSchema = z.object({
  kind: z.enum(TOY_KIND_IDS),
  main: z.enum(TOY_COLOUR_IDS),
  second: z.enum(TOY_COLOUR_IDS),
  feature: z.enum(TOY_FEATURE_IDS),
});
export type ToyLook = z.infer<typeof ToyLookSchema>;

/** A teddy bear: the plush toy most children have, and the toy of books made before toy looks. */
export const DEFAULT_TOY_LOOK: ToyLook = { kind: 'bear', main: 'honey', second: 'cream', feature: 'bow' };

/** The kind a toy's name says ("Nounours", "Mr Bunny"), if any. */
export function kindFromName(name: string | undefined): ToyKind | undefined {
  if (!name) return undefined;
  const words = name
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  for (const [kind, parts] of Object.entries(TOY_KINDS) as [ToyKind, ToyKindParts][]) {
    if (parts.words.some((word) => words.includes(word))) return kind;
  }
  return undefined;
}

/**
 * The toy look of a book made before toy looks existed (or a look that no longer parses): the
 * default teddy, its kind from the toy's name when the name says one, and the colours read from the
 * photo when they could be.
 */
export function defaultToyLook(
  from: {
    toyName?: string | undefined;
    colours?: Partial<Pick<ToyLook, 'main' | 'second'>> | undefined;
  } = {},
): ToyLook {
  return {
    ...DEFAULT_TOY_LOOK,
    kind: kindFromName(from.toyName) ?? DEFAULT_TOY_LOOK.kind,
    ...(from.colours?.main ? { main: from.colours.main } : {}),
    ...(from.colours?.second ? { second: from.colours.second } : {}),
  };
}

/**
 * Whether two saved toy looks draw the same toy. A toy saved before looks existed (none) is drawn
 * as the default teddy, so keeping the default is no change (its cover stays).
 */
export function sameToyLook(a: ToyLook | undefined, b: ToyLook | undefined): boolean {
  return JSON.stringify(a ?? DEFAULT_TOY_LOOK) === JSON.stringify(b ?? DEFAULT_TOY_LOOK);
}
