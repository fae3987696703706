import { useTranslation } from 'react-i18next';

/**
 * The alt text of a theme's gallery picture (from 1), from the `artwork` namespace; empty when the
 * artwork has no text for it, so the caller can fall back to its own.
 */
export function useGalleryAlt(themeId: string): (pictureNumber: number) => string {
  const { t } = useTranslation('artwork');
  const gallery = t('gallery', { returnObjects: true }) as unknown;
  const texts =
    typeof gallery === 'object' && gallery !== null
      ? (gallery as Record<string, Record<string, string> | undefined>)[themeId]
      : undefined;
  return (pictureNumber) => texts?.[String(pictureNumber)] ?? '';
}
