/** The look of a link inside running text: underlined, so it is not told apart by colour alone. */
export const textLinkClass =
  'font-bold text-coral-700 underline decoration-2 underline-offset-4 hover:text-ink-900 break-words';
