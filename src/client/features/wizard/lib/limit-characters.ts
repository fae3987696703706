import { characterCount } from '../../../../shared/domain/dedication';

/** Cuts a text to `max` characters as a person counts them (the dedication and signature limits). */
export function limitCharacters(text: string, max: number): string {
  return characterCount(text) <= max ? text : [...text.normalize('NFC')].slice(0, max).join('');
}
