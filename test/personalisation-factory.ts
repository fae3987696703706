import { instanceKeys } from '../src/server/storage-keys';
import type { BookPersonalisation } from '../src/shared/domain/book-personalisation';

/**
 * A book's personalisation as the wizard leaves it (every field, the book's own picture keys), for
 * the factories that make books without going through the wizard.
 */
export function personalisationOf(
  bookInstanceId: string,
  overrides: Partial<BookPersonalisation> = {},
): BookPersonalisation {
  return {
    childName: 'Emma',
    childGender: 'female',
    childAge: 5,
    consent: true,
    toyName: 'Teddy',
    dedicationMessage: '',
    dedicationSignature: '',
    permanentPaths: instanceKeys(bookInstanceId).pictures,
    ...overrides,
  };
}
