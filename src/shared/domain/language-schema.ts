import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

/**
 * The zod schema of a language code: every contract uses this one. Apart from ./languages.ts, which
 * the app's first load reads, so that zod is not part of every page's first script (issue 33).
 */
export const LanguageSchema = z.enum(LANGUAGE_CODES);
