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
