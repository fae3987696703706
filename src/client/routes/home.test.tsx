import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils';

describe('home page', () => {
  it('promises the storybook and links its call to action to the storybook themes', async () => {
    renderApp('/');
    const hero = await screen.findByRole('region', { name: /bedtime story starring your child/ });
    expect(within(hero).getByText(/photo of your little one and their favourite plush toy/)).toBeVisible();
    const cta = within(hero).getByRole('link', { name: 'Build my book' });
    expect(cta).toHaveAttribute('href', '/themes?type=storybook');
    await waitFor(() => expect(document.title).toBe('Cuddle Tales · Personalised bedtime storybooks'));
  });
});
