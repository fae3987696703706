import { Heart } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';

const linkClass =
  'rounded-md font-semibold text-ink-900 underline-offset-4 hover:text-coral-700 hover:underline';

function FooterColumn({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2
        id={headingId}
        className="font-display text-base font-semibold tracking-wide text-ink-700 uppercase"
      >
        {title}
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation(['navigation', 'common']);
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-sand-300/70 bg-cream-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 md:grid-cols-[2fr_1fr_1fr] md:py-16">
        <div className="sm:col-span-2 md:col-span-1">
          <Logo className="h-9 sm:h-9" />
          <p className="mt-4 max-w-sm text-ink-700">{t('common:brand.tagline')}</p>
        </div>
        <FooterColumn
          title={t('footer.company')}
          links={[
            { to: '/affiliate', label: t('footer.affiliate') },
            { to: '/faq', label: t('footer.faq') },
          ]}
        />
        <FooterColumn
          title={t('footer.legal')}
          links={[
            { to: '/privacy', label: t('footer.privacy') },
            { to: '/terms', label: t('footer.terms') },
          ]}
        />
      </div>
      <div className="border-t border-sand-300/70">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-ink-700 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t('footer.copyright', { year, name: t('common:brand.name') })}</p>
          <p className="flex items-center gap-1.5">
            {t('footer.madeWithLove')}
            <Heart aria-hidden="true" className="size-4 fill-coral-600 text-coral-600" />
          </p>
        </div>
      </div>
    </footer>
  );
}
