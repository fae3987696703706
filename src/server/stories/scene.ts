import { z } from 'zod';

/**
 * What a story page shows, as data (issue 14): the local illustrator draws it from these fields, the
 * hosted models get the English `prompt`. A theme keeps its scenes in one file per book type
 * (`stories/{themeId}/scenes.{bookType}.json`), shared by every language of the book, so EN and FR of
 * a page can never show different pictures. A new theme brings its scenes as data, no code, as long
 * as it uses the vocabulary below (add a word here and teach the renderer to draw it first).
 */

/** Where the page happens; each setting is drawn once by the renderer and reused by every theme. */
const SETTINGS = [
  'bedroom',
  'bathroom',
  'window',
  'garden',
  'forest-path',
  'meadow',
  'river',
  'sky',
  'moon',
  'stars',
  'castle',
  'kitchen',
  'party-room',
] as const;
export type Setting = (typeof SETTINGS)[number];

/** The light of the page: it must match the text ("the sky turns golden" is a sunset). */
const TIMES_OF_DAY = ['sunset', 'evening', 'night', 'dawn', 'morning', 'afternoon'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** Things the text names, drawn where the setting has room for them. */
const PROPS = [
  'bed',
  'blanket',
  // The blanket pulled up to the nose of the child lying in bed ("pulls the blanket up to the nose").
  'blanket-up',
  'lamp',
  'lamp-off',
  'star',
  'leaf-boat',
  'lanterns',
  'moon',
  'moon-face',
  'fireflies',
  'glowing-mushrooms',
  'owl',
  'hedgehog',
  'apple-tree',
  'dressing-gown',
  'tall-shadow',
  'shadow-bunny',
  'bubbles',
  'wind',
  'curtains',
  'clouds',
  'grey-cloud',
  'pink-cloud',
  'breakfast',
  'slippers',
  'toothbrush',
  'sleeping-flowers',
  'hills',
  // The houses of home far below the hill ("From the top of the hill they can see the rooftops").
  'rooftops',
  'sun',
  'music-notes',
  'sparkles',
  'balloons',
  'loose-balloon',
  'bunting',
  'presents',
  'cake',
  'candles',
] as const;
export type Prop = (typeof PROPS)[number];

/** The poses and faces the character drawer knows (characters/ in the illustrator adapter). */
const CHILD_POSES = [
  'standing',
  'walking',
  'sitting',
  'lying',
  'sleeping',
  'hugging',
  'waving',
  'pointing',
  'reaching',
  'holding-hand',
] as const;
const EXPRESSIONS = [
  'happy',
  'calm',
  'surprised',
  'sleepy',
  'asleep',
  'curious',
  'laughing',
  'brave',
] as const;
const TOY_POSES = [
  'sitting',
  'hopping',
  'held',
  'peeking',
  'flying',
  'guarding',
  'sleeping',
  'waving',
] as const;

/**
 * Where a character is: on the ground at the left, centre or right; in the bed, the bath or the leaf
 * boat (the setting's own spot); `held` is only for the toy, in the child's arms; `on-pillow` only
 * for the toy too, standing on the bed's pillow ("hops onto the pillow"), the child in the bed moved
 * along to leave it room.
 */
const PLACES = ['left', 'centre', 'right', 'in-bed', 'in-bath', 'in-boat', 'held', 'on-pillow'] as const;
const FACINGS = ['left', 'right', 'front'] as const;

const ChildSchema = z
  .object({
    pose: z.enum(CHILD_POSES),
    expression: z.enum(EXPRESSIONS),
    place: z.enum(PLACES).exclude(['held', 'on-pillow']),
    facing: z.enum(FACINGS),
    outfit: z.enum(['day', 'pyjamas', 'bath']),
  })
  .strict();

const ToySchema = z
  .object({
    pose: z.enum(TOY_POSES),
    place: z.enum(PLACES),
    facing: z.enum(FACINGS),
  })
  .strict();

export const SceneSchema = z
  .object({
    setting: z.enum(SETTINGS),
    time: z.enum(TIMES_OF_DAY),
    /** `close` draws the characters larger; facing pages use it to differ at a glance. */
    view: z.enum(['wide', 'close']),
    /** Which side the setting's main feature (bed, window, tree, castle) stands on. */
    side: z.enum(['left', 'right']),
    /**
     * The camera shifted sideways by this much of the 1000-unit page (positive: the picture moves
     * right), every height kept: a redraw's composition (adapters/illustrator/scenes/variant.ts).
     * The stories' own scenes leave it out.
     */
    pan: z.number().min(-300).max(300).optional(),
    /**
     * A cast's children in the other order (a redraw's composition, scenes/variant.ts): the lead
     * at the other end of the bed, the bath or the boat, the companions on its other side. The
     * stories' own scenes leave it out.
     */
    castOrder: z.literal('reversed').optional(),
    props: z.array(z.enum(PROPS)).max(10),
    child: ChildSchema.optional(),
    toy: ToySchema.optional(),
    /**
     * The small things the page's text says, which its picture must show (issue 31): the light on or
     * off, what the child wears, the hour. A test draws the page and checks each one
     * (adapters/illustrator/scenes/check-list.test.ts).
     */
    checks: z
      .object({
        light: z.enum(['on', 'off']).optional(),
        clothes: z.enum(['day', 'pyjamas', 'bath']).optional(),
        time: z.enum(TIMES_OF_DAY).optional(),
      })
      .strict()
      .optional(),
    // Prompts go to an image model as they are: no placeholders, no names.
    prompt: z
      .string()
      .trim()
      .min(1)
      .refine((prompt) => !/[{}]/.test(prompt), 'a prompt has no braces'),
  })
  .strict()
  .superRefine((scene, context) => {
    if (scene.toy?.place === 'held' && scene.child?.pose !== 'hugging')
      context.addIssue({ code: 'custom', message: 'a held toy needs a hugging child' });
    if (scene.toy?.place === 'held' && scene.toy.pose !== 'held')
      context.addIssue({ code: 'custom', message: 'a toy in the arms has the pose "held"' });
    if (scene.toy?.place === 'on-pillow' && (scene.child?.place !== 'in-bed' || !scene.props.includes('bed')))
      context.addIssue({ code: 'custom', message: 'a toy on the pillow needs the bed and the child in it' });
    // A peeking toy shows only its top: something in front (blanket, tub, boat) must hide the rest.
    if (scene.toy?.pose === 'peeking' && !['in-bed', 'in-bath', 'in-boat'].includes(scene.toy.place))
      context.addIssue({
        code: 'custom',
        message: 'a peeking toy peeks out of the bed, the bath or the boat',
      });
  });
export type Scene = z.infer<typeof SceneSchema>;
export type SceneChild = NonNullable<Scene['child']>;
export type SceneToy = NonNullable<Scene['toy']>;

export const ScenesFileSchema = z.array(SceneSchema).min(1);
