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

  it('shows the count on the badge and in the label when the cart holds books', () => {
    renderWithProviders(<CartButton count={2} />);
    const button = screen.getByRole('button', { name: 'Cart, 2 books' });
    expect(button).toHaveTextContent('2');
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
