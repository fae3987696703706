import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test-utils';
import { RouteError } from './route-error';

function Loading() {
  return <p>loading</p>;
}

describe('RouteError', () => {
  it('explains that something went wrong and offers a retry and the way home', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Error('the server is down');
        },
        element: <p>never shown</p>,
        HydrateFallback: Loading,
        errorElement: <RouteError />,
      },
    ]);
    renderWithRouter(router);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
  });
});
