import { useTranslation } from 'react-i18next';
import type themes from '../../../../public/locales/en/themes.json';
import type { BookType } from '../../../shared/domain/statuses';

type Catalog = (typeof themes)['catalog'];
type StoredTexts = Catalog[keyof Catalog];

export type ThemeTexts = {
  title: string;
  tagline: string;
  description: string;
  tags: readonly string[];
  product: { name: string; button: string };
  /** False for a theme whose texts are not written yet (a data row without its translation entries). */
  known: boolean;
};

/**
 * The texts of a theme in the active language. They live in the `themes` namespace under the theme's
 * id, so a new theme is a data row plus translation entries; until its texts exist, the book's title
 * and the generic product names stand in.
 */
export function useThemeTexts(themeId: string, type: BookType, fallbackTitle = ''): ThemeTexts {
  const { t } = useTranslation('themes');
  const catalog = t('catalog', { returnObjects: true }) as Partial<Record<string, StoredTexts>>;
  const products = t('products', { returnObjects: true });
  const stored = typeof catalog === 'object' ? catalog[themeId] : undefined;
  if (!stored) {
    return {
      title: fallbackTitle,
      tagline: '',
      description: '',
      tags: [],
      product: products[type],
      known: false,
    };
  }
  return {
    title: stored.title,
    tagline: stored.tagline,
    description: stored.description,
    tags: stored.tags,
    product: stored.products[type] ?? products[type],
    known: true,
  };
}
