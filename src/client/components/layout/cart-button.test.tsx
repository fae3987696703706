import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { CartButton } from './cart-button';

describe('CartButton', () => {
  it('hides the count badge when the cart is empty', () => {
    renderWithProviders(<CartButton count={0} />);
    expect(screen.getByRole('button', { name: 'Cart, empty' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('shows the count of books waiting for payment and leads to them in My Books', () => {
    renderWithProviders(<CartButton count={2} />);
    const link = screen.getByRole('link', { name: 'Cart, 2 books' });
    expect(link).toHaveTextContent('2');
    expect(link).toHaveAttribute('href', '/profile');
    expect(screen.getByTestId('cart-count')).toHaveTextContent(/^2$/);
  });

  it('tells a visitor who opens the empty cart that it is empty', async () => {
    const { user } = renderWithProviders(<CartButton />);
    await user.click(screen.getByRole('button', { name: 'Cart, empty' }));
    expect(
      await screen.findByText('Your cart is empty for now. Build a book to fill it!'),
    ).toBeInTheDocument();
  });
});
