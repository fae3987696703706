import { ArrowRight, BookOpen, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BuildBookLink } from '../../../components/layout/build-book-link';
import { Carousel } from '../../../components/ui/carousel';
import { DeferredImage } from '../../../components/ui/deferred-image';
import { useCarouselLabels } from '../use-carousel-labels';

export const HERO_INTERVAL_MS = 4000;
const HERO_PICTURES = [1, 2, 3, 4] as const;
const HERO_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) 46vw, calc(100vw - 2rem)';

function HeroCarousel() {
  const { t } = useTranslation(['home', 'artwork']);
  const labels = useCarouselLabels();
  return (
    <Carousel
      items={HERO_PICTURES}
      label={t('hero.carouselLabel')}
      labels={labels}
      autoAdvanceMs={HERO_INTERVAL_MS}
      viewportClassName="bg-lavender-100 shadow-soft"
      renderSlide={(n, { index, preload }) => (
        <DeferredImage
          defer={index !== 0}
          src={`/catalog/home/hero-${n}.webp`}
          srcSet={`/catalog/home/hero-${n}-720.webp 720w, /catalog/home/hero-${n}.webp 1440w`}
          sizes={HERO_SIZES}
          width={1440}
          height={960}
          alt={t(`artwork:hero.${n}`)}
          // The first picture is the page's largest paint: ask for it first, the next one after it.
          loading={index === 0 || preload ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'low'}
          className="aspect-[3/2] w-full object-cover"
        />
      )}
    />
  );
}

/** The promise, the call to action and the four illustrated pictures. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      {/* Two soft glows, drawn as gradients: a blur filter over this much of the page cost a phone
          about a tenth of a second before its first paint (issue 19). */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-72 -left-72 size-[44rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-coral-100)_70%,transparent)_30%,transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-64 -bottom-32 size-[40rem] bg-[radial-gradient(closest-side,var(--color-lavender-100)_20%,transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 pt-10 pb-14 sm:px-6 md:grid-cols-[1fr_1fr] md:gap-12 md:pt-16 md:pb-20">
        <div className="flex flex-col items-start">
          <p className="rounded-full bg-coral-100 px-4 py-1.5 text-sm font-bold text-coral-700">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-semibold text-ink-900 sm:text-5xl lg:text-[3.5rem]"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-700 sm:text-xl">{t('hero.promise')}</p>
          <BuildBookLink size="lg" className="mt-8 w-full sm:w-auto">
            {t('hero.cta')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </BuildBookLink>
          <ul className="mt-8 flex flex-col gap-3 font-semibold text-ink-700 sm:flex-row sm:gap-8">
            <li className="flex items-center gap-2">
              <BookOpen aria-hidden="true" className="size-5 text-coral-600" />
              {t('hero.facts.pages')}
            </li>
            <li className="flex items-center gap-2">
              <Gift aria-hidden="true" className="size-5 text-coral-600" />
              {t('hero.facts.printed')}
            </li>
          </ul>
        </div>
        <HeroCarousel />
      </div>
    </section>
  );
}
