import { ArrowRight, Moon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BuildBookLink } from '../../../components/layout/build-book-link';

/** The last word of the home page: one more way to start. */
export function ClosingCta() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="closing-title" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 md:pb-24">
      <div className="relative overflow-hidden rounded-3xl bg-ink-900 px-6 py-12 text-center text-cream-50 sm:px-12 md:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-16 size-72 rounded-full bg-coral-500/25 blur-3xl"
        />
        <Moon aria-hidden="true" className="relative mx-auto size-10 fill-honey-300 text-honey-300" />
        <h2 id="closing-title" className="relative mt-4 text-3xl font-semibold sm:text-4xl">
          {t('closing.title')}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg leading-relaxed text-cream-200">
          {t('closing.text')}
        </p>
        <BuildBookLink size="lg" className="relative mt-8 w-full sm:w-auto">
          {t('closing.cta')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </BuildBookLink>
      </div>
    </section>
  );
}
