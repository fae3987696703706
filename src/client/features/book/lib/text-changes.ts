import { z } from 'zod';
import {
  type BookPreview,
  type BookTextsUpdate,
  BookTextsUpdateSchema,
} from '../../../../shared/contracts/book-preview';
import {
  dedicationProblems,
  normaliseSignature,
  signatureProblems,
} from '../../../../shared/domain/dedication';

export type TextFields = {
  childName: string;
  toyName: string;
  /**
   * The names of the children beside the lead, in the cast's order (issue 35,
   * docs/decisions/030-siblings.md); empty for a book of one child.
   */
  companionNames: string[];
  dedicationMessage: string;
  dedicationSignature: string;
};
/** A field of one text (a companion's name is checked by the lead's name's rules). */
export type TextField = Exclude<keyof TextFields, 'companionNames'>;
export const TEXT_FIELDS: readonly TextField[] = [
  'childName',
  'toyName',
  'dedicationMessage',
  'dedicationSignature',
];

/** What the parent must fix in a field; the form says it in the reader's language. */
export type TextProblem = 'required' | 'nameTooLong' | 'dedicationTooLong' | 'signatureTooLong' | 'emoji';

export const textFieldsOf = (book: BookPreview): TextFields => ({
  childName: book.names.child,
  toyName: book.names.toy,
  companionNames: book.names.companions ?? [],
  dedicationMessage: book.dedication.message,
  dedicationSignature: book.dedication.signature,
});

/** The first problem of a field under the shared rules (the server checks the same schema). */
export function textProblem(field: TextField, value: string): TextProblem | undefined {
  if (field === 'childName' || field === 'toyName') {
    const result = BookTextsUpdateSchema.shape[field].safeParse(value);
    if (result.success) return undefined;
    return result.error.issues.some((issue) => issue.code === 'too_big') ? 'nameTooLong' : 'required';
  }
  if (field === 'dedicationMessage') {
    // An empty dedication is allowed: the page is then left blank.
    const problems = value === '' ? [] : dedicationProblems(value);
    if (problems.includes('too_long')) return 'dedicationTooLong';
    return problems.includes('emoji') ? 'emoji' : undefined;
  }
  const line = normaliseSignature(value);
  const problems = line === '' ? [] : signatureProblems(line);
  if (problems.includes('too_long')) return 'signatureTooLong';
  return problems.includes('emoji') ? 'emoji' : undefined;
}

/** The fields that differ from the book's current texts, as the PATCH body (nothing: undefined). */
export function changedTexts(book: BookPreview, values: TextFields): BookTextsUpdate | undefined {
  const before = textFieldsOf(book);
  const change: BookTextsUpdate = {};
  for (const field of TEXT_FIELDS) {
    const value = field === 'childName' || field === 'toyName' ? values[field].trim() : values[field];
    if (value !== before[field]) change[field] = value;
  }
  // A companion renamed sends every companion's name, in the cast's order (the server checks the count).
  const companionNames = values.companionNames.map((name) => name.trim());
  if (companionNames.some((name, at) => name !== before.companionNames[at])) {
    change.companionNames = companionNames;
  }
  return Object.keys(change).length ? change : undefined;
}

/** A field's check as a zod schema: its problem (a `TextProblem`) is the issue's message. */
const checked = (field: TextField) =>
  z.string().superRefine((value, context) => {
    const problem = textProblem(field, value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The changes form's schema (`useZodForm`): the shared rules, field by field. */
export const TextFieldsFormSchema = z.object({
  childName: checked('childName'),
  toyName: checked('toyName'),
  companionNames: z.array(checked('childName')),
  dedicationMessage: checked('dedicationMessage'),
  dedicationSignature: checked('dedicationSignature'),
});
