import { describe, expect, it } from 'vitest';
import { productHref } from './product-href';

describe('productHref', () => {
  it('leads the storybook to the storybook themes', () => {
    expect(productHref('storybook')).toBe('/themes?type=storybook');
  });

  it('leads any other product to the colouring themes', () => {
    expect(productHref('coloring')).toBe('/themes?type=colouring');
  });
});
