import { useTranslation } from 'react-i18next';
import type { Theme } from '../../../shared/contracts/catalog';
import type { BookType } from '../../../shared/domain/statuses';
import { FALLBACK_LANGUAGE, languageOr } from '../../../shared/i18n';

export type ThemeTexts = {
  title: string;
  tagline: string;
  description: string;
  tags: readonly string[];
  /** The alt text of the gallery picture (from 1); empty when the story has none for it. */
  galleryAlt: (pictureNumber: number) => string;
  product: { name: string; button: string };
};

/**
 * The texts of a theme in the active language. They come with the theme from the catalogue API, which
 * reads them from the story's folder (src/server/stories/{id}/book.{lang}.json, decision 028), so a new
 * story needs no locale file; a theme without them shows the book's title and the generic names.
 */
export function useThemeTexts(theme: Theme | undefined, type: BookType, fallbackTitle = ''): ThemeTexts {
  const { t, i18n } = useTranslation('themes');
  const product = t(`products.${type}`, { returnObjects: true });
  const stored = theme?.texts[languageOr(i18n.language)] ?? theme?.texts[FALLBACK_LANGUAGE];
  return {
    title: stored?.title ?? (theme?.book.title || fallbackTitle),
    tagline: stored?.tagline ?? '',
    description: stored?.description ?? '',
    tags: stored?.tags ?? [],
    galleryAlt: (pictureNumber) => stored?.gallery[pictureNumber - 1] ?? '',
    product,
  };
}
