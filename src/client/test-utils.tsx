import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource, ResourceKey } from 'i18next';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { vi } from 'vitest';
import type { Language } from '../shared/i18n';
import { AppProviders } from './components/layout/app-providers';
import { createI18nWithResources } from './i18n';
import { routes } from './router';

// The real translation files, so a test reads what a visitor reads.
const localeFiles = import.meta.glob<ResourceKey>('/public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const [path, content] of Object.entries(localeFiles)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] = { ...resources[language], [namespace]: content };
}

// jsdom lacks what Radix's menus and React Router's scroll restoration reach for.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};

/** A route's stand-in for every other page: shows where a test's navigation landed. */
export function Elsewhere() {
  const location = useLocation();
  return (
    <p>
      Elsewhere: {location.pathname}
      {location.search}
    </p>
  );
}

/** After a journey: real timers again, and no toast left (sonner keeps its toasts between tests, and a
 * toast id used again must start a new toast). */
export function realTimersAndNoToasts() {
  vi.useRealTimers();
  toast.dismiss();
}

type RenderOptions = {
  /** Starts in this language; without it the language is detected (saved choice, then browser). */
  language?: Language;
};

/** Renders a router of the test's own with the app's providers. */
export function renderWithRouter(
  router: ReturnType<typeof createMemoryRouter>,
  { language }: RenderOptions = {},
) {
  const i18n = createI18nWithResources(resources, language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, i18n, router };
}

/** Renders the whole app (layout and lazy pages) at a path, as a visitor would land on it. */
export function renderApp(path = '/', options: RenderOptions = {}) {
  return renderWithRouter(createMemoryRouter(routes, { initialEntries: [path] }), options);
}

/** Renders one component with the app's providers and a router around it. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  return renderWithRouter(router, options);
}
