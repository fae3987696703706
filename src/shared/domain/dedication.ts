import { LIMITS } from '../constants';

// Emoji and pictographic symbols, including flags, keycaps, variation selectors and joiners.
const EMOJI =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}|[\u{1F3FB}-\u{1F3FF}]/u;

/** True when a text holds an emoji or an emoji-range symbol (not allowed in the printed book). */
export function containsEmoji(text: string): boolean {
  return EMOJI.test(text);
}

/** Counts characters as a person does (an accented letter or a surrogate pair is one). */
export function characterCount(text: string): number {
  return [...text.normalize('NFC')].length;
}

export type DedicationProblem = 'empty' | 'too_long' | 'emoji';

/** The problems of a dedication message: at most 300 characters, no emoji (docs/spec.md section 5). */
export function dedicationProblems(message: string): DedicationProblem[] {
  const problems: DedicationProblem[] = [];
  if (message.trim() === '') problems.push('empty');
  if (characterCount(message) > LIMITS.dedicationMaxChars) problems.push('too_long');
  if (containsEmoji(message)) problems.push('emoji');
  return problems;
}

/** A signature on one line: line breaks become spaces, runs of spaces one space. */
export function normaliseSignature(signature: string): string {
  return signature.replace(/[\r\n]+/g, ' ').replace(/\s{2,}/g, ' ');
}

/** The problems of a signature: at most 60 characters, one line, no emoji, not empty. */
export function signatureProblems(signature: string): DedicationProblem[] {
  const problems: DedicationProblem[] = [];
  const line = normaliseSignature(signature);
  if (line.trim() === '') problems.push('empty');
  if (characterCount(line) > LIMITS.signatureMaxChars) problems.push('too_long');
  if (containsEmoji(line)) problems.push('emoji');
  return problems;
}
