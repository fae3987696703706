import type { ChildLook } from '../../../../shared/domain/child-look';
import type { ToyLook } from '../../../../shared/domain/toy-look';
import type { DrawnCompanion } from '../index';

/**
 * Companions to draw a book for two or three children without a wizard (issue 35): the layout test's
 * widest looks (big hair, a dress, a toy in the arms) and scripts/book-preview.ts's `COMPANIONS`.
 */

/** The widest looks the wizard offers: an afro and afro puffs, glasses, a dress; each with a toy. */
export const WIDE_COMPANIONS: readonly DrawnCompanion[] = [
  {
    name: 'Maximilian Alexander',
    age: 8,
    look: {
      skin: 'deep',
      hairColor: 'black',
      hairStyle: 'afro',
      eyeColor: 'brown',
      glasses: true,
      outfit: 'dungarees',
      top: 'yellow',
      bottom: 'blue',
    },
    toy: { kind: 'elephant', main: 'grey', second: 'pink', feature: 'scarf' },
  },
  {
    name: 'Zoé',
    age: 3,
    look: {
      skin: 'medium',
      hairColor: 'dark-brown',
      hairStyle: 'afro-puffs',
      eyeColor: 'hazel',
      glasses: false,
      outfit: 'dress',
      top: 'red',
      bottom: 'green',
    },
    toy: { kind: 'unicorn', main: 'white', second: 'pink', feature: 'heart' },
  },
];

const VARIED_LOOKS: readonly ChildLook[] = [
  {
    skin: 'fair',
    hairColor: 'red',
    hairStyle: 'curly-short',
    eyeColor: 'green',
    glasses: false,
    top: 'green',
  },
  {
    skin: 'tan',
    hairColor: 'black',
    hairStyle: 'pigtails',
    eyeColor: 'brown',
    glasses: false,
    outfit: 'dress',
    top: 'yellow',
  },
];
const VARIED_TOYS: readonly ToyLook[] = [
  { kind: 'bunny', main: 'white', second: 'pink', feature: 'bow' },
  { kind: 'dog', main: 'brown', second: 'cream', feature: 'collar' },
];

/**
 * Companions from `Leo:male:4,Zoé:female:7` (name, gender, age; `+toy` after the age gives the child
 * a toy): varied looks, one per child, so the children tell apart on the page.
 */
export function parseCompanions(spec: string | undefined): DrawnCompanion[] {
  if (!spec?.trim()) return [];
  return spec
    .split(',')
    .slice(0, 2)
    .map((entry, index) => {
      const [name = '', gender = '', age = ''] = entry.split(':').map((part) => part.trim());
      const withToy = age.endsWith('+toy');
      return {
        name,
        gender: gender === 'female' ? ('female' as const) : ('male' as const),
        age: Number.parseInt(age, 10) || undefined,
        look: VARIED_LOOKS[index % VARIED_LOOKS.length]!,
        ...(withToy ? { toy: VARIED_TOYS[index % VARIED_TOYS.length]! } : {}),
      };
    });
}
