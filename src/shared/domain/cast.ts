import { z } from 'zod';
import { LIMITS } from '../constants';
import { type ChildLook, ChildLookSchema } from './child-look';
import { localeOf } from './languages';
import { type ToyLook, ToyLookSchema } from './toy-look';

/**
 * A book's cast (issue 35, docs/decisions/030-siblings.md): one to three children, the first the lead
 * (the child of wizard steps 1–4, whose photo, covers and toy the book has always had), the others
 * companions: a brother, a sister or a friend with a name, an age, a gender (for the words that agree
 * with them), a drawn look chosen in the wizard and, if the parent gives one, a toy of their own.
 *
 * A companion has no photo: their look is chosen with the same panel as the lead's and previewed as
 * drawn, so the shop keeps one child's photo per book, as before. One child is a book without
 * `companions` (every book before issue 35), drawn and written exactly as before.
 */

export const CHILD_GENDERS = ['male', 'female'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];

/** The most children one book tells of, the lead included. */
export const MAX_CAST = 3;
/** The most companions beside the lead. */
export const MAX_COMPANIONS = MAX_CAST - 1;

const castName = z.string().trim().min(1, 'required').max(40, 'at most 40 characters');

/** A companion's own toy: its name and how it is drawn (no photo). */
export const CompanionToySchema = z.object({ name: castName, look: ToyLookSchema });
export type CompanionToy = z.infer<typeof CompanionToySchema>;

/** A child beside the lead, as the wizard saves it and the book keeps it. */
export const CompanionSchema = z.object({
  name: castName,
  gender: z.enum(CHILD_GENDERS),
  age: z.number().int().min(LIMITS.childAgeOnRecord.min).max(LIMITS.childAgeOnRecord.max),
  look: ChildLookSchema,
  toy: CompanionToySchema.optional(),
});
export type Companion = z.infer<typeof CompanionSchema>;

export const CompanionsSchema = z.array(CompanionSchema).max(MAX_COMPANIONS);

/** One child of the cast as the words and the drawing read them; the lead is first. */
export type CastMember = {
  name: string;
  gender: ChildGender;
  age?: number | undefined;
  look?: ChildLook | undefined;
  toy?: { name: string; look?: ToyLook | undefined } | undefined;
  lead: boolean;
};

/** What a personalisation (whole or read leniently) offers to the cast. */
type CastSource = {
  childName?: string | undefined;
  childGender?: ChildGender | undefined;
  childAge?: number | undefined;
  childLook?: ChildLook | undefined;
  toyName?: string | undefined;
  toyLook?: ToyLook | undefined;
  companions?: readonly Companion[] | undefined;
};

/** The book's cast, the lead first; a book without companions is a cast of one. */
export function castOf(source: CastSource): CastMember[] {
  const lead: CastMember = {
    name: source.childName ?? '',
    gender: source.childGender ?? 'male',
    age: source.childAge,
    look: source.childLook,
    toy: source.toyName ? { name: source.toyName, look: source.toyLook } : undefined,
    lead: true,
  };
  const others = (source.companions ?? []).slice(0, MAX_COMPANIONS).map(
    (companion): CastMember => ({
      name: companion.name,
      gender: companion.gender,
      age: companion.age,
      look: companion.look,
      toy: companion.toy ? { name: companion.toy.name, look: companion.toy.look } : undefined,
      lead: false,
    }),
  );
  return [lead, ...others];
}

/**
 * The companions with the names a book version gives them (the reader's "Change the names", issue 35):
 * the wizard's companions in the cast's order, each with the version's name at its place; the
 * wizard's name where the version has none (a version made before the names were kept).
 */
export function renamedCompanions<T extends { name: string }>(
  companions: readonly T[] | undefined,
  names: readonly string[] | undefined,
): T[] | undefined {
  if (!companions) return undefined;
  return companions.map((companion, at) => ({ ...companion, name: names?.[at] ?? companion.name }));
}

/** How many children beside the lead the book is priced for (0 for a book of one child). */
export function extraChildCount(source: { companions?: readonly unknown[] | undefined }): number {
  return Math.min(source.companions?.length ?? 0, MAX_COMPANIONS);
}

/**
 * The grammatical gender of a group, for the words that agree with the whole cast: feminine only when
 * every child is a girl (French "elles", Italian "loro sono pronte"), masculine otherwise, as the four
 * languages the shop writes agree a mixed group.
 */
export function castGender(cast: readonly Pick<CastMember, 'gender'>[]): ChildGender {
  return cast.length > 0 && cast.every((member) => member.gender === 'female') ? 'female' : 'male';
}

/**
 * The children's names joined as the language lists them ("Mia, Leo and Zoé", "Mia, Leo et Zoé",
 * "Mia, Leo und Zoé", "Mia, Leo e Zoé"): the one join of names in the shop (story words, titles,
 * e-mails, the checkout's lines).
 */
export function joinNames(names: readonly string[], language: string): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * Every child's toy, the lead's first, companions without a toy left out: the toys `{toys}` names in
 * the story words (src/server/stories/story.ts) and step 5's suggested dedication (castDedication).
 */
export function castToyNames(
  leadToy: string,
  companions: readonly { toy?: { name: string } | undefined }[],
): string[] {
  const theirs = companions.slice(0, MAX_COMPANIONS).flatMap((companion) => {
    const name = companion.toy?.name.trim() ?? '';
    return name === '' ? [] : [name];
  });
  return [leadToy, ...theirs];
}

/**
 * Wizard step 5's suggested dedication for a cast (docs/decisions/030-siblings.md), as both sides fill
 * it (client hooks/use-wizard-drafts.ts, server book/wizard-dedication.ts): the key of
 * public/locales/<language>/wizard.json, `dedication.templateCast` for one toy (the lead's, worded as
 * before companions had toys) or `dedication.templateCastToys` agreeing with several, and its values.
 */
export function castDedication(
  cast: {
    child: string;
    toy: string;
    companions: readonly { name: string; toy?: { name: string } | undefined }[];
  },
  language: string,
): { key: 'templateCast' | 'templateCastToys'; values: { children: string; toy: string; toys: string } } {
  const toys = castToyNames(cast.toy, cast.companions);
  return {
    key: toys.length > 1 ? 'templateCastToys' : 'templateCast',
    values: {
      children: joinNames(
        [cast.child, ...cast.companions.map((companion) => companion.name.trim())],
        language,
      ),
      toy: cast.toy,
      toys: joinNames(toys, language),
    },
  };
}

/**
 * Whom a book's words about "your child" speak of (issue 36): how many children and the grammatical
 * gender the words agree with (the lead's, or the group's by `castGender`); null when a book of one
 * child never said (a book made before the wizard asked), so its words stay neutral.
 */
export type CastWords = { count: number; gender: ChildGender | null };

/** The cast's words from a book's personalisation (whole or read leniently). */
export function castWordsOf(source: CastSource): CastWords {
  const cast = castOf(source);
  if (cast.length > 1) return { count: cast.length, gender: castGender(cast) };
  return { count: 1, gender: source.childGender ?? null };
}

/** The i18next context of a text about the book's children: `male`, `female`, `cast`, `cast_female`, or none. */
export type CastWordsContext = 'male' | 'female' | 'cast' | 'cast_female';

/** The context a text about the children takes (keys `_male`, `_female`, `_cast`, `_cast_female`). */
export function castWordsContext(words: CastWords | null | undefined): CastWordsContext | undefined {
  if (!words) return undefined;
  if (words.count > 1) return words.gender === 'female' ? 'cast_female' : 'cast';
  return words.gender ?? undefined;
}
