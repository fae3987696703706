import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../../shared/i18n';
import { cn } from '../ui/cn';
import { useLanguage } from './use-language';

// Intrinsic sizes of public/brand/logo-*.svg, so the browser reserves the space before they load.
const LOGO_SIZE: Record<Language, { width: number; height: number }> = {
  en: { width: 403, height: 64 },
  fr: { width: 477, height: 64 },
  de: { width: 598, height: 64 },
  it: { width: 436, height: 64 },
};
const LOGO_FILE: Record<Language, string> = { en: 'en', fr: 'fr', de: 'de', it: 'it' };

/** The shop's logo; the wordmark and its alt text follow the language. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const { width, height } = LOGO_SIZE[language];
  return (
    <img
      src={`/brand/logo-${LOGO_FILE[language]}.svg`}
      alt={t('brand.logoAlt')}
      width={width}
      height={height}
      // Small and never the page's largest picture: it does not compete with that one (issue 33).
      fetchPriority="low"
      className={cn('h-9 w-auto sm:h-10', className)}
    />
  );
}

/**
 * The logo in the top bar. On a phone the longest wordmark (German, "Kuschelgeschichten") is wider
 * than what the cart and the menu leave: the link may shrink, and the wordmark scales down inside
 * its box rather than push the page sideways.
 */
export function LogoLink() {
  return (
    <Link to="/" className="-m-1 min-w-0 shrink rounded-xl p-1">
      <Logo className="max-w-full object-contain object-left" />
    </Link>
  );
}
