import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Companion } from '../../../../shared/domain/cast';
import { type ChildLook, DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import type { Language } from '../../../../shared/i18n';
import { renderWithRouter } from '../../../test-utils';
import { CHILD, COVER, mockWizardApi, ok, type WizardCall } from '../testing/mock-wizard-api';
import { WizardPage } from './wizard-page';

const READ: ChildLook = {
  skin: 'fair',
  hairColor: 'blond',
  hairStyle: 'bob',
  eyeColor: 'blue',
  glasses: false,
};
const REDRAWN_ID = '88888888-8888-4888-8888-888888888888';

async function openStep2(steps: Parameters<typeof mockWizardApi>[0], language: Language = 'en') {
  const api = mockWizardApi(steps);
  const router = createMemoryRouter(
    [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
    { initialEntries: ['/wizard?step=2'] },
  );
  const view = renderWithRouter(router, { language });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...view, api };
}

describe('wizard step 2 with a drawn child', () => {
  it('after a reload, shows the saved cover with its look; an adjusted cover replaces it and is the one approved', async () => {
    const { user, api } = await openStep2({
      steps: { 1: CHILD, 2: { ...COVER, approved: false, look: READ } },
      routes: {
        'POST /api/wizard/covers': (call: WizardCall) =>
          ok({ imageId: REDRAWN_ID, look: (call.body as { look: ChildLook }).look }),
      },
    });
    // The step's code loads when it is shown (issue 33): give it time on a busy machine.
    const cover = await screen.findByRole(
      'img',
      { name: 'The book’s cover, with Mia as the hero' },
      { timeout: 5000 },
    );
    expect(cover).toHaveAttribute('src', `/api/wizard/images/${COVER.generatedCover}`);
    const hair = screen.getByRole('radiogroup', { name: 'Hairstyle' });
    expect(within(hair).getByRole('radio', { name: 'Bob' })).toBeChecked();
    // Nothing is drawn again on arrival.
    expect(api.callsTo('/api/wizard/covers')).toHaveLength(0);

    await user.click(within(hair).getByRole('radio', { name: 'Ponytail' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toHaveAttribute(
        'src',
        `/api/wizard/images/${REDRAWN_ID}`,
      ),
    );
    expect(api.callsTo('/api/wizard/covers')[0]?.body).toEqual({
      kind: 'hero',
      language: 'en',
      look: { ...READ, hairStyle: 'ponytail' },
    });

    const approve = screen.getByRole('button', { name: 'Approve this cover' });
    await waitFor(() => expect(approve).toBeEnabled());
    await user.click(approve);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Now, the cuddly toy' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(api.callsTo('/api/wizard/session/steps/2', 'PUT')[0]?.body).toEqual({
      approved: true,
      generatedCover: REDRAWN_ID,
    });
  });

  // Issue 30: the parts the photo did not settle are drawn as the default look has them.
  const UNREAD_LOOK: ChildLook = { ...READ, hairColor: 'brown', eyeColor: 'brown' };
  const NOTE = 'We could not tell from the photo: please choose.';
  const redrawAsAsked = (call: WizardCall) => {
    const body = call.body as { look: ChildLook; unread?: string[] };
    return ok({ imageId: REDRAWN_ID, look: body.look, unread: body.unread ?? [] });
  };

  it('after a reload, says beside each part the photo did not settle that the parent should choose; the note goes once chosen, through the redraw', async () => {
    const { user, api } = await openStep2({
      steps: {
        1: CHILD,
        2: { ...COVER, approved: false, look: UNREAD_LOOK, unread: ['hairColor', 'eyeColor'] },
      },
      routes: { 'POST /api/wizard/covers': redrawAsAsked },
    });
    const hairColour = await screen.findByRole('radiogroup', { name: 'Hair colour' }, { timeout: 5000 });
    const eyes = screen.getByRole('radiogroup', { name: 'Eye colour' });
    expect(hairColour).toHaveAccessibleDescription(NOTE);
    expect(eyes).toHaveAccessibleDescription(NOTE);
    expect(screen.getAllByText(NOTE)).toHaveLength(2);
    // The parts read off the photo have no note; the unread ones stay on the drawn default.
    expect(screen.getByRole('radiogroup', { name: 'Skin tone' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('radiogroup', { name: 'Glasses' })).not.toHaveAccessibleDescription();
    expect(within(hairColour).getByRole('radio', { name: 'Brown' })).toBeChecked();
    expect(screen.getByText(/We drew Mia from the photo/)).toBeVisible();

    await user.click(within(hairColour).getByRole('radio', { name: 'Blond' }));
    expect(hairColour).not.toHaveAccessibleDescription();
    await waitFor(() => expect(api.callsTo('/api/wizard/covers')).toHaveLength(1));
    expect(api.callsTo('/api/wizard/covers')[0]?.body).toEqual({
      kind: 'hero',
      language: 'en',
      look: { ...UNREAD_LOOK, hairColor: 'blond' },
      unread: ['eyeColor'],
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toHaveAttribute(
        'src',
        `/api/wizard/images/${REDRAWN_ID}`,
      ),
    );
    expect(screen.getByRole('radiogroup', { name: 'Hair colour' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('radiogroup', { name: 'Eye colour' })).toHaveAccessibleDescription(NOTE);

    // Brown eyes are right: choosing the value already drawn confirms it, and is saved as chosen.
    await user.click(within(eyes).getByRole('radio', { name: 'Brown' }));
    expect(eyes).not.toHaveAccessibleDescription();
    expect(within(eyes).getByRole('radio', { name: 'Brown' })).toBeChecked();
    await waitFor(() => expect(api.callsTo('/api/wizard/covers')).toHaveLength(2));
    expect(api.callsTo('/api/wizard/covers')[1]?.body).toMatchObject({
      look: { ...UNREAD_LOOK, hairColor: 'blond' },
      unread: [],
    });
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('a cover just made says which parts the photo did not settle', async () => {
    await openStep2({
      steps: { 1: CHILD },
      routes: {
        'POST /api/wizard/covers': ok({ imageId: REDRAWN_ID, look: UNREAD_LOOK, unread: ['hairColor'] }),
      },
    });
    const hairColour = await screen.findByRole('radiogroup', { name: 'Hair colour' }, { timeout: 5000 });
    expect(hairColour).toHaveAccessibleDescription(NOTE);
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
  });

  it('an earlier cover chosen again shows its own look and its own notes', async () => {
    const first = 'c0000000-0000-4000-8000-0000000000c1';
    const { user } = await openStep2({
      steps: {
        1: CHILD,
        2: {
          ...COVER,
          approved: false,
          look: UNREAD_LOOK,
          unread: ['hairColor'],
          variant: 1,
          versions: [
            { imageId: first, variant: 0, look: READ, unread: [] },
            { imageId: COVER.generatedCover, variant: 1, look: UNREAD_LOOK, unread: ['hairColor'] },
          ],
        },
      },
    });
    const versions = await screen.findByRole('group', { name: 'Your covers' }, { timeout: 5000 });
    expect(screen.getByRole('radiogroup', { name: 'Hair colour' })).toHaveAccessibleDescription(NOTE);
    await user.click(within(versions).getByRole('radio', { name: 'Cover 1 with Mia' }));
    const hairColour = screen.getByRole('radiogroup', { name: 'Hair colour' });
    expect(within(hairColour).getByRole('radio', { name: 'Blond' })).toBeChecked();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('in French, says it in French', async () => {
    await openStep2(
      {
        steps: {
          1: CHILD,
          2: { ...COVER, approved: false, look: UNREAD_LOOK, unread: ['skin', 'hairStyle'] },
        },
      },
      'fr',
    );
    const skin = await screen.findByRole('radiogroup', { name: 'Couleur de peau' }, { timeout: 5000 });
    expect(skin).toHaveAccessibleDescription('Impossible à voir sur la photo\u00a0: à vous de choisir.');
    expect(screen.getByRole('radiogroup', { name: 'Coiffure' })).toHaveAccessibleDescription(
      'Impossible à voir sur la photo\u00a0: à vous de choisir.',
    );
    expect(screen.getByRole('radiogroup', { name: 'Couleur des yeux' })).not.toHaveAccessibleDescription();
  });

  it('with nothing read off the photo, the lead says so once instead of a note on every part', async () => {
    const { user } = await openStep2({
      steps: {
        1: CHILD,
        2: {
          ...COVER,
          approved: false,
          look: DEFAULT_CHILD_LOOK,
          unread: ['skin', 'hairColor', 'hairStyle', 'eyeColor'],
        },
      },
      routes: { 'POST /api/wizard/covers': redrawAsAsked },
    });
    expect(
      await screen.findByText(
        'We could not read Mia’s look from this photo: please choose each part below. The cover is drawn again as you choose, and every page of the book will show Mia like this.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    // Once one part is chosen, the others each say it.
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Skin tone' })).getByRole('radio', { name: 'Tan' }),
    );
    expect(screen.getAllByText(NOTE)).toHaveLength(3);
    expect(screen.getByText(/We drew Mia from the photo/)).toBeVisible();
  });

  it('shows no adjust panel when the illustrator draws from the photo (no look)', async () => {
    await openStep2({ steps: { 1: CHILD, 2: { ...COVER, approved: false } } });
    expect(await screen.findByRole('img', { name: 'The book’s cover, with Mia as the hero' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Does this look like Mia?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('names every child of a cast on the hero cover, agreeing with the group; the look asked about stays the lead’s', async () => {
    const leo: Companion = { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK };
    await openStep2({
      steps: { 1: { ...CHILD, companions: [leo] }, 2: { ...COVER, approved: false, look: READ } },
    });
    expect(
      await screen.findByRole(
        'img',
        { name: 'The book’s cover, with Mia and Leo as the heroes' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Does this look like Mia?' })).toBeVisible();
  });

  it('in French, a cast of girls are the heroines of the cover', async () => {
    const zoe: Companion = { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK };
    const ines: Companion = { name: 'Inès', gender: 'female', age: 2, look: DEFAULT_CHILD_LOOK };
    await openStep2(
      { steps: { 1: { ...CHILD, companions: [zoe, ines] }, 2: { ...COVER, approved: false } } },
      'fr',
    );
    expect(
      await screen.findByRole(
        'img',
        { name: 'La couverture du livre, avec Mia, Zoé et Inès en héroïnes' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });
});
