import { screen, within } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fails, mockCheckoutApi, ok } from '../features/checkout/testing/mock-checkout-api';
import { renderWithRouter } from '../test-utils';

// Whole journeys typed key by key: more than the default 5 s on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  // Sonner keeps its toasts between tests: a toast id used again must start a new toast.
  toast.dismiss();
});

function Elsewhere() {
  const location = useLocation();
  return <p>Elsewhere: {location.pathname}</p>;
}

const FOUND = 'b0000000-0000-4000-8000-000000000009';
const instance = (n: number, status = 'draft') => ({
  id: `b0000000-0000-4000-8000-00000000000${n}`,
  status,
  createdAt: `2026-01-0${n}T09:00:00.000Z`,
});

async function openTestPage(routes: Parameters<typeof mockCheckoutApi>[0] = {}) {
  const api = mockCheckoutApi({ signedInAs: null, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/checkout-test', lazy: () => import('./checkout-test'), HydrateFallback: () => null },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: ['/checkout-test'] },
  );
  const view = renderWithRouter(router);
  await screen.findByRole('heading', { level: 1, name: 'Checkout test' }, { timeout: 5000 });
  return { ...view, api };
}

describe('checkout test page', () => {
  it('is open to a visitor and asks for an id before checking anything', async () => {
    const { user, api } = await openTestPage();
    await user.click(screen.getByRole('button', { name: 'Test Checkout' }));
    expect(await screen.findAllByText('Please enter a book instance ID')).not.toHaveLength(0);
    expect(screen.getByLabelText('Book instance ID')).toHaveAccessibleDescription(
      'Please enter a book instance ID',
    );
    expect(api.calls.filter((call) => call.path.startsWith('/api/dev/book-instances'))).toHaveLength(0);
  });

  it('in a production shop (no development lookups): says the page is off instead of a form', async () => {
    await openTestPage({ routes: { 'GET /api/dev/status': fails(404, 'NOT_FOUND') } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The checkout test page is turned off' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Book instance ID')).toBeNull();
  });

  it('an unknown id: Book instance not found', async () => {
    const { user } = await openTestPage({
      routes: { 'GET /api/dev/book-instances/no-such-book': fails(404, 'NOT_FOUND') },
    });
    await user.type(screen.getByLabelText('Book instance ID'), 'no-such-book');
    await user.click(screen.getByRole('button', { name: 'Test Checkout' }));
    expect(await screen.findAllByText('Book instance not found')).not.toHaveLength(0);
    expect(screen.getByLabelText('Book instance ID')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a failed check: Failed to load book instance', async () => {
    const { user } = await openTestPage({
      routes: { [`GET /api/dev/book-instances/${FOUND}`]: fails(500, 'INTERNAL_ERROR') },
    });
    await user.type(screen.getByLabelText('Book instance ID'), FOUND);
    await user.click(screen.getByRole('button', { name: 'Test Checkout' }));
    expect(await screen.findByText('Failed to load book instance')).toBeVisible();
  });

  it('a known id opens its checkout', async () => {
    const { user, api } = await openTestPage({
      routes: {
        [`GET /api/dev/book-instances/${FOUND}`]: ok({
          id: FOUND,
          status: 'draft',
          createdAt: '2026-01-09T09:00:00.000Z',
        }),
      },
    });
    await user.type(screen.getByLabelText('Book instance ID'), ` ${FOUND} `);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`Elsewhere: /checkout/${FOUND}`)).toBeVisible();
    expect(api.callsTo(`/api/dev/book-instances/${FOUND}`)).toHaveLength(1);
  });

  it('Load Recent fills in the newest id and lists the five newest with their status', async () => {
    const list = deferred();
    const { user } = await openTestPage({
      routes: { 'GET /api/dev/book-instances/recent': list.handler },
    });
    await user.click(screen.getByRole('button', { name: 'Load Recent' }));
    expect(screen.getByRole('button', { name: 'Load Recent' })).toBeDisabled();
    list.release(
      ok({
        instances: [
          instance(5, 'draft'),
          instance(4, 'rendering'),
          instance(3, 'ready'),
          instance(2, 'fulfilled'),
          instance(1, 'archived'),
        ],
      }),
    );
    const recent = await screen.findByRole('region', { name: 'Newest book instances' });
    expect(screen.getByLabelText('Book instance ID')).toHaveValue(instance(5).id);
    const items = within(recent).getAllByRole('button');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent(`${instance(5).id}Draft5 January 2026`);
    expect(items[1]).toHaveTextContent('Rendering');
    expect(items[4]).toHaveTextContent('Archived');
    await user.click(items[2] as HTMLElement);
    expect(screen.getByLabelText('Book instance ID')).toHaveValue(instance(3).id);
  });

  it('Load Recent with nothing made yet: No book instances found', async () => {
    const { user } = await openTestPage({
      routes: { 'GET /api/dev/book-instances/recent': ok({ instances: [] }) },
    });
    await user.click(screen.getByRole('button', { name: 'Load Recent' }));
    expect(await screen.findByText('No book instances found')).toBeVisible();
    expect(screen.getByLabelText('Book instance ID')).toHaveValue('');
  });

  it('Load Recent failing (as in production): Failed to load book instances', async () => {
    // In production the dev routes are not registered: the server answers 404.
    const { user } = await openTestPage({
      routes: { 'GET /api/dev/book-instances/recent': fails(404, 'NOT_FOUND') },
    });
    await user.click(screen.getByRole('button', { name: 'Load Recent' }));
    expect(await screen.findByText('Failed to load book instances')).toBeVisible();
  });
});
