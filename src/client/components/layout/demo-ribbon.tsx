import { useTranslation } from 'react-i18next';

/**
 * docs/product.md "Demo and live": a demo shop says so on every page. The server marks the page itself
 * (`<html data-shop-mode="demo">`, and `data-outbox` for a visitor on the shop's own machine), so
 * the band is there from the first paint and nothing moves when the app starts.
 */
export function DemoRibbon() {
  const { t } = useTranslation('navigation');
  const { shopMode, outbox } = document.documentElement.dataset;
  if (shopMode !== 'demo') return null;
  return (
    <aside
      aria-label={t('demo.label')}
      className="bg-ink-900 px-4 py-1.5 text-center text-xs font-semibold text-cream-50 sm:text-sm"
    >
      {t('demo.ribbon')}
      {outbox?.startsWith('/') && (
        <>
          {' · '}
          <a href={outbox} className="whitespace-nowrap underline underline-offset-4 hover:text-sand-300">
            {t('demo.outbox')}
          </a>
        </>
      )}
    </aside>
  );
}
