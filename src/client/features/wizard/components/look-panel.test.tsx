import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChildLook } from '../../../../shared/domain/child-look';
import { renderWithProviders } from '../../../test-utils';
import { deferred, fails, mockWizardApi, ok, type WizardCall } from '../testing/mock-wizard-api';
import { LookPanel } from './look-panel';

const READ: ChildLook = {
  skin: 'medium',
  hairColor: 'brown',
  hairStyle: 'short',
  eyeColor: 'brown',
  glasses: false,
};
const COVER_ID = '55555555-5555-4555-8555-555555555555';
const NEW_ID = '66666666-6666-4666-8666-666666666666';

/** The covers route answering with the look it was asked for, as the local illustrator does. */
const drawsTheLook = (call: WizardCall) =>
  ok({ imageId: NEW_ID, look: (call.body as { look: ChildLook }).look });

function renderPanel(language: 'en' | 'fr' = 'en') {
  const onRedrawn = vi.fn();
  const onBusyChange = vi.fn();
  const view = renderWithProviders(
    <LookPanel
      name="Lily"
      look={READ}
      coverUrl={`/api/wizard/images/${COVER_ID}`}
      onRedrawn={onRedrawn}
      onBusyChange={onBusyChange}
    />,
    { language },
  );
  return { ...view, onRedrawn, onBusyChange };
}

const group = (name: string) => screen.getByRole('radiogroup', { name });

describe('LookPanel ("Does this look like Lily?")', () => {
  it('asks the question and shows each part of the look as a labelled radio group, the read look chosen', () => {
    mockWizardApi();
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Does this look like Lily?' })).toBeVisible();
    expect(within(group('Skin tone')).getAllByRole('radio')).toHaveLength(7);
    expect(within(group('Skin tone')).getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(within(group('Hair colour')).getAllByRole('radio')).toHaveLength(8);
    expect(within(group('Hair colour')).getByRole('radio', { name: 'Brown' })).toBeChecked();
    expect(within(group('Hairstyle')).getByRole('radio', { name: 'Short' })).toBeChecked();
    expect(within(group('Hairstyle')).getByRole('radio', { name: 'Pigtails' })).not.toBeChecked();
    expect(within(group('Eye colour')).getByRole('radio', { name: 'Brown' })).toBeChecked();
    expect(within(group('Glasses')).getByRole('radio', { name: 'No glasses' })).toBeChecked();
  });

  it('speaks French to a French parent', () => {
    mockWizardApi();
    renderPanel('fr');
    expect(screen.getByRole('heading', { name: 'Est-ce que ça ressemble à Lily\u00a0?' })).toBeVisible();
    expect(within(group('Couleur de peau')).getByRole('radio', { name: 'Mate' })).toBeChecked();
    expect(within(group('Couleur des cheveux')).getByRole('radio', { name: 'Châtain' })).toBeChecked();
    expect(within(group('Coiffure')).getByRole('radio', { name: 'Couettes' })).not.toBeChecked();
    expect(within(group('Couleur des yeux')).getByRole('radio', { name: 'Marron' })).toBeChecked();
    expect(within(group('Lunettes')).getByRole('radio', { name: 'Sans lunettes' })).toBeChecked();
  });

  it('redraws the cover once with all the choices made in a row, busy until the new cover is there', async () => {
    const pending = deferred();
    const api = mockWizardApi({ routes: { 'POST /api/wizard/covers': pending.handler } });
    const { onRedrawn, onBusyChange } = renderPanel();

    // Three quick choices, well within the pause (a busy test machine makes user-event slower than that).
    fireEvent.click(within(group('Hair colour')).getByRole('radio', { name: 'Red' }));
    fireEvent.click(within(group('Hairstyle')).getByRole('radio', { name: 'Pigtails' }));
    fireEvent.click(within(group('Glasses')).getByRole('radio', { name: 'Glasses' }));
    expect(within(group('Hairstyle')).getByRole('radio', { name: 'Pigtails' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Drawing Lily again…');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    await waitFor(() => expect(api.callsTo('/api/wizard/covers', 'POST')).toHaveLength(1));
    const asked = { ...READ, hairColor: 'red', hairStyle: 'pigtails', glasses: true };
    expect(api.callsTo('/api/wizard/covers')[0]?.body).toEqual({ kind: 'hero', language: 'en', look: asked });
    // The previous cover stays until the new one arrives.
    expect(onRedrawn).not.toHaveBeenCalled();

    pending.release(ok({ imageId: NEW_ID, look: asked }));
    await waitFor(() => expect(onRedrawn).toHaveBeenCalledWith({ imageId: NEW_ID, look: asked }));
    expect(await screen.findByText('The cover is up to date.')).toBeVisible();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(1);
  });

  it('a choice made while a cover is drawn is drawn next, after it, so the last choice wins', async () => {
    const first = deferred();
    let calls = 0;
    const api = mockWizardApi({
      routes: {
        'POST /api/wizard/covers': (call) => {
          calls += 1;
          return calls === 1 ? first.handler(call) : drawsTheLook(call);
        },
      },
    });
    const { user, onRedrawn } = renderPanel();
    await user.click(within(group('Skin tone')).getByRole('radio', { name: 'Deep brown' }));
    await waitFor(() => expect(api.callsTo('/api/wizard/covers')).toHaveLength(1));
    await user.click(within(group('Eye colour')).getByRole('radio', { name: 'Green' }));
    // One call at a time: the second waits for the first answer.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(1);

    first.release(ok({ imageId: '77777777-7777-4777-8777-777777777777', look: { ...READ, skin: 'deep' } }));
    await waitFor(() => expect(api.callsTo('/api/wizard/covers')).toHaveLength(2));
    const latest = { ...READ, skin: 'deep', eyeColor: 'green' };
    expect(api.callsTo('/api/wizard/covers')[1]?.body).toMatchObject({ look: latest });
    await waitFor(() => expect(onRedrawn).toHaveBeenLastCalledWith({ imageId: NEW_ID, look: latest }));
  });

  it('on a failure: a toast, the earlier cover kept and the choices put back', async () => {
    mockWizardApi({ routes: { 'POST /api/wizard/covers': fails(500, 'AI_GENERATION_FAILED') } });
    const { user, onRedrawn, onBusyChange } = renderPanel();
    await user.click(within(group('Hairstyle')).getByRole('radio', { name: 'Braids' }));
    expect(
      await screen.findByText(
        'The cover could not be drawn again. Your earlier cover is kept: please try again in a moment.',
      ),
    ).toBeVisible();
    expect(within(group('Hairstyle')).getByRole('radio', { name: 'Short' })).toBeChecked();
    expect(within(group('Hairstyle')).getByRole('radio', { name: 'Braids' })).not.toBeChecked();
    expect(onRedrawn).not.toHaveBeenCalled();
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false));
  });

  it('offers the clothes, the hair, the face details and the hearing, and sends what the parent chose', async () => {
    const api = mockWizardApi({ routes: { 'POST /api/wizard/covers': drawsTheLook } });
    const { user, onRedrawn } = renderPanel();
    // A saved look without the new parts shows what it is drawn with.
    expect(within(group('Day clothes')).getByRole('radio', { name: 'T-shirt and trousers' })).toBeChecked();
    expect(within(group('T-shirt colour')).getAllByRole('radio')).toHaveLength(11);
    expect(within(group('T-shirt colour')).getByRole('radio', { name: 'Orange' })).toBeChecked();
    expect(within(group('Trousers colour')).getByRole('radio', { name: 'Blue' })).toBeChecked();
    // The first books' shoes show as pink until another colour is picked.
    expect(within(group('Shoes colour')).getByRole('radio', { name: 'Pink' })).toBeChecked();
    expect(within(group('Hearing')).getByRole('radio', { name: 'Nothing' })).toBeChecked();
    expect(within(group('Fringe')).getByRole('radio', { name: 'No fringe' })).toBeChecked();
    const details = screen.getByRole('group', { name: 'Little details' });
    expect(within(details).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(details).getByRole('checkbox', { name: 'Freckles' })).not.toBeChecked();

    await user.click(within(group('Day clothes')).getByRole('radio', { name: 'Dress' }));
    // The colours' names follow the outfit.
    await user.click(within(group('Dress colour')).getByRole('radio', { name: 'Green' }));
    await user.click(within(group('Tights colour')).getByRole('radio', { name: 'Purple' }));
    await user.click(within(group('Shoes colour')).getByRole('radio', { name: 'White' }));
    await user.click(within(group('Hairstyle')).getByRole('radio', { name: 'Afro puffs' }));
    await user.click(within(group('Fringe')).getByRole('radio', { name: 'Fringe' }));
    await user.click(within(group('Hearing')).getByRole('radio', { name: 'Cochlear implant' }));
    // Keyboard: Space ticks a detail, the next one too.
    within(details).getByRole('checkbox', { name: 'Gap between the front teeth' }).focus();
    await user.keyboard(' ');
    await user.click(within(details).getByRole('checkbox', { name: 'Freckles' }));
    expect(within(details).getByRole('checkbox', { name: 'Freckles' })).toBeChecked();

    const asked = {
      ...READ,
      outfit: 'dress',
      top: 'green',
      bottom: 'purple',
      shoes: 'white',
      hairStyle: 'afro-puffs',
      fringe: true,
      hearing: 'cochlear-implant',
      face: ['freckles', 'gap-tooth'],
    };
    await waitFor(() => expect(onRedrawn).toHaveBeenLastCalledWith({ imageId: NEW_ID, look: asked }));
    expect(api.callsTo('/api/wizard/covers').at(-1)?.body).toEqual({
      kind: 'hero',
      language: 'en',
      look: asked,
    });
  });

  it('asks which ear once a hearing aid or an implant is chosen, and keeps the ears when the device changes', async () => {
    const api = mockWizardApi({ routes: { 'POST /api/wizard/covers': drawsTheLook } });
    const { user, onRedrawn } = renderPanel();
    // Nothing worn: no question about the ears.
    expect(screen.queryByRole('radiogroup', { name: 'Which ear' })).toBeNull();
    await user.click(within(group('Hearing')).getByRole('radio', { name: 'Hearing aid' }));
    // A pair, as hearing aids were drawn before the ears were asked.
    expect(within(group('Which ear')).getByRole('radio', { name: 'Both ears' })).toBeChecked();
    // Keyboard: arrows move through the ears (left, right, both) as through any radio group.
    within(group('Which ear')).getByRole('radio', { name: 'Both ears' }).focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(group('Which ear')).getByRole('radio', { name: 'Left ear' })).toBeChecked();
    await waitFor(() =>
      expect(onRedrawn).toHaveBeenLastCalledWith({
        imageId: NEW_ID,
        look: { ...READ, hearing: 'hearing-aid-left' },
      }),
    );
    // Another device on the same ear.
    await user.click(within(group('Hearing')).getByRole('radio', { name: 'Cochlear implant' }));
    expect(within(group('Which ear')).getByRole('radio', { name: 'Left ear' })).toBeChecked();
    await waitFor(() =>
      expect(api.callsTo('/api/wizard/covers').at(-1)?.body).toMatchObject({
        look: { ...READ, hearing: 'cochlear-implant-left' },
      }),
    );
    await user.click(within(group('Hearing')).getByRole('radio', { name: 'Nothing' }));
    expect(screen.queryByRole('radiogroup', { name: 'Which ear' })).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('/api/wizard/covers').at(-1)?.body).toMatchObject({
        look: { ...READ, hearing: 'none' },
      }),
    );
  });

  it('asks which ear in German, an implant first on the right as before', async () => {
    mockWizardApi({ routes: { 'POST /api/wizard/covers': drawsTheLook } });
    const onRedrawn = vi.fn();
    const { user } = renderWithProviders(
      <LookPanel name="Lily" look={READ} coverUrl={`/api/wizard/images/${COVER_ID}`} onRedrawn={onRedrawn} />,
      { language: 'de' },
    );
    await user.click(within(group('Hören')).getByRole('radio', { name: 'Cochlea-Implantat' }));
    expect(within(group('Welches Ohr')).getByRole('radio', { name: 'Rechtes Ohr' })).toBeChecked();
    expect(within(group('Welches Ohr')).getAllByRole('radio')).toHaveLength(3);
  });

  it('names the new options in French', () => {
    mockWizardApi();
    renderPanel('fr');
    expect(within(group('Tenue de la journée')).getByRole('radio', { name: 'Salopette' })).not.toBeChecked();
    expect(within(group('Couleur du T-shirt')).getByRole('radio', { name: 'Orange' })).toBeChecked();
    expect(within(group('Couleur des chaussures')).getByRole('radio', { name: 'Marron' })).not.toBeChecked();
    expect(within(group('Audition')).getByRole('radio', { name: 'Implant cochléaire' })).not.toBeChecked();
    const details = screen.getByRole('group', { name: 'Petits détails' });
    expect(within(details).getByRole('checkbox', { name: 'Dents du bonheur' })).not.toBeChecked();
  });
});
