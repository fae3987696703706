import '@fontsource-variable/nunito';
import '@fontsource-variable/fredoka';
import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readPaintedState } from '../shared/painted-state';
import { HYDRATED_EVENT, STOREFRONT_STATE_ID, type StorefrontState } from '../shared/storefront';
import { AppProviders, createQueryClient } from './components/layout/app-providers';
import { createI18n } from './i18n';
import { rememberWebFonts } from './lib/remember-web-fonts';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A storefront page the server painted (issue 19) hands over its language, texts and API reads.
const stateElement = document.getElementById(STOREFRONT_STATE_ID);
const painted = stateElement
  ? readPaintedState<StorefrontState>(stateElement.textContent ?? '{}')
  : undefined;

const { i18n, ready } = createI18n(painted);
rememberWebFonts();
const router = createAppRouter();
const queryClient = createQueryClient();

function renderApp(root: HTMLElement) {
  const app = (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient} painted={Boolean(painted)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (painted) {
    // The tree must be the server's exactly (useId counts siblings), so no marker component: the
    // storefront script waits for each control it replays to be taken over (src/client/storefront.ts).
    hydrateRoot(root, app);
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  } else createRoot(root).render(app);
}

const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

if (painted) {
  hydrate(queryClient, painted.queries as DehydratedState);
  // The first client render must be the server's: same texts (loaded before), same page code.
  void Promise.all([ready, routerReady]).then(() => renderApp(container));
} else {
  // The first page's code is already on its way (the boot script preloads it), so wait for it: the
  // first paint is then the page, not the layout around an empty placeholder that the page pushes
  // down (the footer would jump, a layout shift).
  void routerReady.then(() => renderApp(container));
}
