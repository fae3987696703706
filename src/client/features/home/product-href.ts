import type { BookType } from '../../../shared/domain/statuses';

/**
 * Where a product card's button leads (docs/spec.md section 2): the storybook themes, or the coloring
 * themes spelled `colouring` as the home page's links always were (the themes page reads both).
 */
export function productHref(type: BookType): string {
  return type === 'storybook' ? '/themes?type=storybook' : '/themes?type=colouring';
}
