import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/layout/use-document-title';
import { ClosingCta } from '../features/home/components/closing-cta';
import { FeatureStrip } from '../features/home/components/feature-strip';
import { Hero } from '../features/home/components/hero';
import { ProductCard } from '../features/home/components/product-card';
import { ProductCarousel } from '../features/home/components/product-carousel';
import { useThemes } from '../features/themes/api/get-themes';
import { ageRangeOf } from '../features/themes/links';
import { useFromPrice } from '../lib/prices';

export function Component() {
  // Both namespaces load before the page shows, so no alt text or title flashes as a key.
  const { t } = useTranslation(['home', 'artwork']);
  useDocumentTitle(t('meta.title'));
  const themes = useThemes('storybook');
  const price = useFromPrice();
  return (
    <>
      <Hero />
      <FeatureStrip />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:gap-12 md:py-24">
        <ProductCarousel />
        <ProductCard
          type="storybook"
          ages={themes.data ? ageRangeOf(themes.data.themes) : undefined}
          agesPending={themes.isPending}
          priceCents={price.cents}
          pricePending={price.isPending}
        />
      </div>
      <ClosingCta />
    </>
  );
}
