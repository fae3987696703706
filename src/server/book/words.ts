import { sql } from 'drizzle-orm';
import type { BookPersonalisation } from '../../shared/domain/book-personalisation';
import { bookInstances, bookVersions } from '../db/schema';

/**
 * The book's personalisation as every reader sees it (docs/decisions/018): the wizard's answer
 * (`wizard_metadata`: the child, the toy, the pictures, the first words), with the words of the
 * book's current version over it once it has one. A book's words live in its versions
 * (`book_versions.texts`); the wizard's own words only make version 1. Select this in place of
 * `bookInstances.wizardMetadata` wherever the names, the dedication or a title are read.
 */
export const personalisationWithWords = () =>
  sql<BookPersonalisation>`(${bookInstances.wizardMetadata} || coalesce((
    select jsonb_build_object(
      'childName', ${bookVersions.texts} -> 'childName',
      'toyName', ${bookVersions.texts} -> 'toyName',
      'dedicationMessage', ${bookVersions.texts} -> 'dedicationMessage',
      'dedicationSignature', ${bookVersions.texts} -> 'dedicationSignature')
    from ${bookVersions} where ${bookVersions.id} = ${bookInstances.currentVersionId}), '{}'::jsonb))`;
