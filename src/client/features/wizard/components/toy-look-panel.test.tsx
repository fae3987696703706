import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOY_LOOK, TOY_KIND_IDS, type ToyLook } from '../../../../shared/domain/toy-look';
import { renderWithProviders } from '../../../test-utils';
import { ToyLookPanel, type ToyReadingState } from './toy-look-panel';

/** The panel as step 3 holds it: the look in state, changed by the parent's choices. */
function Holder({ reading }: { reading: ToyReadingState }) {
  const [look, setLook] = useState<ToyLook>(DEFAULT_TOY_LOOK);
  return <ToyLookPanel name="Bruno" look={look} onChange={setLook} reading={reading} />;
}

const group = (name: string) => screen.getByRole('radiogroup', { name });
const preview = (name: string) => screen.getByRole('img', { name }) as HTMLImageElement;

describe('ToyLookPanel ("How do we draw Bruno?")', () => {
  it('offers every kind as a picture button, colours and a feature, with a live preview of the drawn toy', () => {
    renderWithProviders(<Holder reading="idle" />);
    expect(screen.getByRole('heading', { name: 'How do we draw Bruno?' })).toBeVisible();
    const kinds = within(group('What is it?')).getAllByRole('radio');
    expect(kinds).toHaveLength(TOY_KIND_IDS.length);
    expect(within(group('What is it?')).getByRole('radio', { name: 'Bear' })).toBeChecked();
    expect(preview('Bruno as the book will draw it').src).toContain('kind=bear');
    // Each kind's button is drawn by the server as the book draws it, in the toy's colours.
    const bunnyButton = within(group('What is it?')).getByRole('radio', { name: 'Bunny' }).closest('label')!;
    expect(bunnyButton.querySelector('img')!.getAttribute('src')).toContain('kind=bunny&main=honey');

    fireEvent.click(within(group('What is it?')).getByRole('radio', { name: 'Bunny' }));
    fireEvent.click(within(group('Main colour')).getByRole('radio', { name: 'Pink' }));
    fireEvent.click(within(group('Something special')).getByRole('radio', { name: 'A scarf' }));
    const src = preview('Bruno as the book will draw it').src;
    expect(src).toContain('kind=bunny');
    expect(src).toContain('main=pink');
    expect(src).toContain('feature=scarf');
    expect(within(group('Second colour')).getByRole('radio', { name: 'Cream' })).toBeChecked();
  });

  it('says when the photo could not be read, so the parent chooses', () => {
    renderWithProviders(<Holder reading="unreadable" />);
    expect(screen.getByText(/could not tell the toy’s colours from this photo/)).toBeVisible();
  });

  it('speaks French to a French parent', () => {
    renderWithProviders(<Holder reading="read" />, { language: 'fr' });
    expect(screen.getByRole('heading', { name: 'Comment dessiner Bruno\u00a0?' })).toBeVisible();
    expect(within(group('Qu’est-ce que c’est\u00a0?')).getByRole('radio', { name: 'Ours' })).toBeChecked();
    expect(screen.getByText(/Nous avons pris les couleurs sur la photo/)).toBeVisible();
  });
});
