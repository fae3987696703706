import { type BookType, parseBookType } from '../../../shared/domain/statuses';
import { readPrefillId } from '../../../shared/domain/wizard';

/** The book type of a `type` query value: `colouring` is `coloring`; missing or unknown is storybook. */
export function readBookType(value: string | null | undefined): BookType {
  return parseBookType(value) ?? 'storybook';
}

/**
 * The child of a "Reorder" (`/themes?type=..&character=..`): a `characters` id the themes pages carry
 * along to the wizard, which prefills that child. Anything but an id is dropped.
 */
export const readCharacter = readPrefillId;

const withCharacter = (character: string | undefined) =>
  character ? `&character=${encodeURIComponent(character)}` : '';

export const themesHref = (type: BookType, character?: string) =>
  `/themes?type=${type}${withCharacter(character)}`;

export const themeDetailHref = (themeId: string, type: BookType, character?: string) =>
  `/theme/${encodeURIComponent(themeId)}?type=${type}${withCharacter(character)}`;

/** Where the product button starts the wizard for a theme and book type (and a reorder's child). */
export const wizardHref = (themeId: string, type: BookType, character?: string) =>
  `/wizard?theme=${encodeURIComponent(themeId)}&type=${type}${withCharacter(character)}`;

/** The ages the given themes cover together (youngest minimum to oldest maximum), if any. */
export function ageRangeOf(themes: ReadonlyArray<{ ageMin: number; ageMax: number }>) {
  if (themes.length === 0) return undefined;
  return {
    min: Math.min(...themes.map((theme) => theme.ageMin)),
    max: Math.max(...themes.map((theme) => theme.ageMax)),
  };
}
