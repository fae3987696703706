import { sql } from 'drizzle-orm';
import type {
  BookPersonalisation,
  PartialBookPersonalisation,
} from '../../shared/domain/book-personalisation';
import { castOf, renamedCompanions } from '../../shared/domain/cast';
import { bookInstances, bookVersions } from '../db/schema';
import type { Names } from '../stories/book-words';

/**
 * The book's personalisation as every reader sees it (docs/decisions/018): the wizard's answer
 * (`wizard_metadata`: the child, the toy, the pictures, the first words), with the words of the
 * book's current version over it once it has one. A book's words live in its versions
 * (`book_versions.texts`); the wizard's own words only make version 1. Select this in place of
 * `bookInstances.wizardMetadata` wherever the names, the dedication or a title are read. A cast's
 * companions keep their drawn looks, ages and toys, with the version's names (`companionNames`,
 * docs/decisions/030-siblings.md).
 */
export const personalisationWithWords = () =>
  sql<BookPersonalisation>`(${bookInstances.wizardMetadata} || coalesce((
    select jsonb_build_object(
      'childName', ${bookVersions.texts} -> 'childName',
      'toyName', ${bookVersions.texts} -> 'toyName',
      'dedicationMessage', ${bookVersions.texts} -> 'dedicationMessage',
      'dedicationSignature', ${bookVersions.texts} -> 'dedicationSignature')
      || case when jsonb_typeof(${bookVersions.texts} -> 'companionNames') = 'array'
          and jsonb_typeof(${bookInstances.wizardMetadata} -> 'companions') = 'array'
        then jsonb_build_object('companions', (
          select coalesce(jsonb_agg(companion.value || jsonb_build_object('name', coalesce(
            ${bookVersions.texts} -> 'companionNames' -> (companion.at::int - 1), companion.value -> 'name'))
            order by companion.at), '[]'::jsonb)
          from jsonb_array_elements(${bookInstances.wizardMetadata} -> 'companions')
            with ordinality as companion(value, at)))
        else '{}'::jsonb end
    from ${bookVersions} where ${bookVersions.id} = ${bookInstances.currentVersionId}), '{}'::jsonb))`;

/**
 * The names a book's words outside its pages are told with (the back cover, the cover's words, the
 * last pages' lines: src/server/stories/book-words.ts): the version's names over the personalisation,
 * and the whole cast, the lead first (castOf, docs/decisions/030-siblings.md). A book of one child
 * has a cast of one and is told exactly as before.
 */
export function bookNames(
  words: { childName: string; toyName: string; companionNames?: readonly string[] | undefined },
  personalisation: PartialBookPersonalisation | null | undefined,
): Names {
  const companions = renamedCompanions(personalisation?.companions, words.companionNames);
  const cast = castOf({
    ...personalisation,
    childName: words.childName,
    toyName: words.toyName,
    ...(companions ? { companions } : {}),
  });
  return { child: words.childName, toy: words.toyName, cast };
}
