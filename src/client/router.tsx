import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { PageFallback } from './components/layout/page-fallback';
import { RouteError } from './routes/route-error';

// Each page is its own chunk (`lazy`); its module exports `Component`. HydrateFallback lets the
// layout paint while the first page's chunk loads.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    errorElement: <RouteError standalone />,
    children: [
      {
        // Errors of a page show inside the layout, with the top bar and footer still there.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home'), HydrateFallback: PageFallback },
          { path: 'auth', lazy: () => import('./routes/auth'), HydrateFallback: PageFallback },
          { path: 'faq', lazy: () => import('./routes/faq'), HydrateFallback: PageFallback },
          { path: 'affiliate', lazy: () => import('./routes/affiliate'), HydrateFallback: PageFallback },
          { path: 'privacy', lazy: () => import('./routes/privacy'), HydrateFallback: PageFallback },
          { path: 'terms', lazy: () => import('./routes/terms'), HydrateFallback: PageFallback },
          { path: 'themes', lazy: () => import('./routes/themes'), HydrateFallback: PageFallback },
          {
            path: 'theme/:themeId',
            lazy: () => import('./routes/theme-detail'),
            HydrateFallback: PageFallback,
          },
          { path: 'wizard', lazy: () => import('./routes/wizard'), HydrateFallback: PageFallback },
          {
            path: 'checkout/:bookInstanceId',
            lazy: () => import('./routes/checkout'),
            HydrateFallback: PageFallback,
          },
          // Without a book there is nothing to check out: the wizard makes one (docs/spec.md section 2).
          { path: 'checkout', element: <Navigate to="/wizard" replace /> },
          {
            path: 'order-confirmation/:orderId',
            lazy: () => import('./routes/order-confirmation'),
            HydrateFallback: PageFallback,
          },
          { path: 'order-confirmation', element: <Navigate to="/wizard" replace /> },
          {
            path: 'book/:bookInstanceId',
            lazy: () => import('./routes/book'),
            HydrateFallback: PageFallback,
          },
          { path: 'profile', lazy: () => import('./routes/profile'), HydrateFallback: PageFallback },
          {
            path: 'checkout-test',
            lazy: () => import('./routes/checkout-test'),
            HydrateFallback: PageFallback,
          },
          // The operator console (issue 17): the server serves these to operators only.
          { path: 'admin', lazy: () => import('./routes/admin'), HydrateFallback: PageFallback },
          {
            path: 'admin/orders',
            lazy: () => import('./routes/admin-orders'),
            HydrateFallback: PageFallback,
          },
          {
            path: 'admin/orders/:orderId',
            lazy: () => import('./routes/admin-order'),
            HydrateFallback: PageFallback,
          },
          {
            path: 'admin/outbox',
            lazy: () => import('./routes/admin-outbox'),
          },
          {
            path: 'admin/reviews',
            lazy: () => import('./routes/admin-reviews'),
            HydrateFallback: PageFallback,
          },
          {
            path: 'admin/pricing',
            lazy: () => import('./routes/admin-pricing'),
            HydrateFallback: PageFallback,
          },
          { path: '*', lazy: () => import('./routes/not-found'), HydrateFallback: PageFallback },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
