import { ArrowRight, BookOpen, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BuildBookLink } from '../components/layout/build-book-link';
import { useDocumentTitle } from '../components/layout/use-document-title';

const INK = '#2E2A4F';
const FUR = '#E3A56C';

/** A plush bear reading a storybook under the moon; decoration only. */
function HeroArt({ className }: { className?: string }) {
  const sparkle = 'M0 -12Q2 -2 12 0Q2 2 0 12Q-2 2 -12 0Q-2 -2 0 -12Z';
  return (
    <svg
      viewBox="0 0 480 440"
      width="480"
      height="440"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <circle cx="240" cy="232" r="196" fill="#ECE7F7" />
      <circle cx="240" cy="232" r="150" fill="#E2DAF3" opacity=".55" />
      <circle cx="368" cy="104" r="40" fill="#F6C36B" />
      <circle cx="386" cy="90" r="34" fill="#ECE7F7" />
      <g fill="#F6C36B">
        <path d={sparkle} transform="translate(110 112)" />
        <path d={sparkle} transform="translate(300 64) scale(.6)" />
        <path d={sparkle} transform="translate(420 200) scale(.7)" />
        <path d={sparkle} transform="translate(64 250) scale(.55)" />
        <circle cx="172" cy="70" r="4" />
        <circle cx="426" cy="292" r="4" />
        <circle cx="56" cy="178" r="3.5" />
      </g>
      <path
        d="M352 176c-9-13-29-8-27 8 2 12 16 20 27 28 11-8 25-16 27-28 2-16-18-21-27-8Z"
        fill="#F28C6F"
        transform="rotate(12 352 190)"
      />
      <ellipse cx="240" cy="392" rx="150" ry="16" fill="#2E2A4F" opacity=".08" />
      <g transform="translate(96 104) scale(4.5)">
        <g stroke={INK} strokeWidth="1.6" strokeLinejoin="round">
          <circle cx="19" cy="15" r="6.5" fill={FUR} />
          <circle cx="45" cy="15" r="6.5" fill={FUR} />
          <circle cx="32" cy="28" r="15.5" fill={FUR} />
        </g>
        <circle cx="19" cy="15" r="3" fill="#F6C7B4" />
        <circle cx="45" cy="15" r="3" fill="#F6C7B4" />
        <ellipse cx="32" cy="32.5" rx="6.8" ry="5" fill="#FBE3C6" />
        <ellipse cx="32" cy="30.6" rx="2.4" ry="1.8" fill={INK} />
        <path d="M29.6 34.2q2.4 1.8 4.8 0" fill="none" stroke={INK} strokeWidth=".9" strokeLinecap="round" />
        <path
          d="M24 25.5q2-2.2 4 0M36 25.5q2-2.2 4 0"
          fill="none"
          stroke={INK}
          strokeWidth="1.2"
          strokeLinecap="round"
        />
        <circle cx="22.5" cy="31" r="2.4" fill="#F29C86" opacity=".7" />
        <circle cx="41.5" cy="31" r="2.4" fill="#F29C86" opacity=".7" />
        <g stroke={INK} strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
          <path d="M4 41Q18 36 32 42Q46 36 60 41V59Q46 54 32 60Q18 54 4 59Z" fill="#C4492F" />
          <path d="M7 39Q19 35 32 40.5V56.5Q19 51.5 7 55Z" fill="#FFFDF8" />
          <path d="M57 39Q45 35 32 40.5V56.5Q45 51.5 57 55Z" fill="#FFFDF8" />
          <ellipse cx="22" cy="40.5" rx="4.6" ry="3.6" fill={FUR} />
          <ellipse cx="42" cy="40.5" rx="4.6" ry="3.6" fill={FUR} />
        </g>
        <path
          d="M12 45Q19 43 26 45.5M12 49.5Q19 47.5 26 50M38 45.5Q45 43 52 45M38 50Q45 47.5 52 49.5"
          fill="none"
          stroke="#D9CBB8"
          strokeWidth=".9"
          strokeLinecap="round"
        />
      </g>
    </svg>
  );
}

export function Component() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('meta.title'));
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -left-40 size-[28rem] rounded-full bg-coral-100/70 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-[1.1fr_0.9fr] md:gap-12 md:pt-16 md:pb-24">
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
        <HeroArt className="mx-auto h-auto w-full max-w-xs sm:max-w-sm md:max-w-none" />
      </div>
    </section>
  );
}
