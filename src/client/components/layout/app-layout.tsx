import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { DemoRibbon } from './demo-ribbon';
import { Footer } from './footer';
import { PageFallback } from './page-fallback';
import { usePaintedPage } from './painted-page';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { t } = useTranslation('navigation');
  // A page with a frame of its own (the wizard) exports `handle = { layout: 'focused' }`.
  const focused = useMatches().some(
    (match) => (match.handle as { layout?: string } | undefined)?.layout === 'focused',
  );
  // Scroll restoration (to the top, or to the address's #section, on each new page) starts with the
  // first page the app itself shows: on a painted page the visitor may have scrolled before the app
  // took it over, and taking it over must not move them (issue 19).
  const painted = usePaintedPage();
  const location = useLocation();
  const firstPage = useRef(location.key);
  const [restoreScroll, setRestoreScroll] = useState(!painted);
  useEffect(() => {
    if (location.key !== firstPage.current) setRestoreScroll(true);
  }, [location.key]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-full bg-ink-900 font-bold text-cream-50 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:px-5 focus:py-3"
      >
        {t('skipToContent')}
      </a>
      <DemoRibbon />
      {!focused && <TopBar />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {/* A page waiting for its texts shows a placeholder here; the bar and footer stay. */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!focused && <Footer />}
      {restoreScroll && <ScrollRestoration />}
    </div>
  );
}
