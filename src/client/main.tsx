import '@fontsource-variable/nunito';
import '@fontsource-variable/fredoka';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './components/layout/app-providers';
import { createI18n } from './i18n';
import { createAppRouter } from './router';

const { i18n } = createI18n();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function renderApp(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// The first page's code is already on its way (the boot script preloads it), so wait for it: the
// first paint is then the page, not the layout around an empty placeholder that the page pushes
// down (the footer would jump, a layout shift).
if (router.state.initialized) renderApp(container);
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    renderApp(container);
  });
}
