import { type BookType, parseBookType } from '../../../shared/domain/statuses';

/** The book type of a `type` query value: `colouring` is `coloring`; missing or unknown is storybook. */
export function readBookType(value: string | null | undefined): BookType {
  return parseBookType(value) ?? 'storybook';
}

export const themesHref = (type: BookType) => `/themes?type=${type}`;

export const themeDetailHref = (themeId: string, type: BookType) =>
  `/theme/${encodeURIComponent(themeId)}?type=${type}`;

/** Where the product button starts the wizard for a theme and book type. */
export const wizardHref = (themeId: string, type: BookType) =>
  `/wizard?theme=${encodeURIComponent(themeId)}&type=${type}`;

/** The ages the given themes cover together (youngest minimum to oldest maximum), if any. */
export function ageRangeOf(themes: ReadonlyArray<{ ageMin: number; ageMax: number }>) {
  if (themes.length === 0) return undefined;
  return {
    min: Math.min(...themes.map((theme) => theme.ageMin)),
    max: Math.max(...themes.map((theme) => theme.ageMax)),
  };
}
