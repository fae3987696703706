import { Camera, Clock, Gem, type LucideIcon, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES: ReadonlyArray<{ key: 'truePhoto' | 'keepsake' | 'minutes' | 'personal'; icon: LucideIcon }> =
  [
    { key: 'truePhoto', icon: Camera },
    { key: 'keepsake', icon: Gem },
    { key: 'minutes', icon: Clock },
    { key: 'personal', icon: PenLine },
  ];

/** The four selling points: true to the photo, keepsake quality, personalise in minutes, extra personal. */
export function FeatureStrip() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="features-title" className="border-y border-sand-300/70 bg-cream-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-14">
        <h2 id="features-title" className="sr-only">
          {t('features.title')}
        </h2>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 lg:flex-col lg:gap-3">
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-coral-100 text-coral-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-xl font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 leading-relaxed text-ink-700">{t(`features.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
