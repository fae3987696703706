import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ChildLook } from '../../../../shared/domain/child-look';
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

async function openStep2(steps: Parameters<typeof mockWizardApi>[0]) {
  const api = mockWizardApi(steps);
  const router = createMemoryRouter(
    [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
    { initialEntries: ['/wizard?step=2'] },
  );
  const view = renderWithRouter(router, { language: 'en' });
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
});
