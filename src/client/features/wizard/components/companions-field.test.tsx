import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../shared/domain/cast';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import type { Language } from '../../../../shared/i18n';
import { renderWithRouter } from '../../../test-utils';
import { CHILD, COVER, mockWizardApi, TOY, TOY_COVER } from '../testing/mock-wizard-api';
import { WizardPage } from './wizard-page';

// Two children's cards typed key by key: 10–16 s on a two-core machine at load 12 (the default 15 s
// timed out, and the journey left running then typed into the next test's page).
vi.setConfig({ testTimeout: 30_000 });

/** Step 1 with the lead already saved (a photo and consent), so Next sends the step at once. */
async function openStep1(options: Parameters<typeof mockWizardApi>[0] = {}, language: Language = 'en') {
  const api = mockWizardApi({ steps: { 1: CHILD }, ...options });
  const router = createMemoryRouter(
    [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
    { initialEntries: ['/wizard?step=1'] },
  );
  const view = renderWithRouter(router, { language });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const title = language === 'fr' ? 'Frères, sœurs et copains' : 'Brothers, sisters and friends';
  await screen.findByRole('heading', { name: title }, { timeout: 5000 });
  return { ...view, api };
}

const card = (name: string) => screen.getByRole('article', { name });
const savedSteps = (api: ReturnType<typeof mockWizardApi>) =>
  api.callsTo('/api/wizard/session/steps/1', 'PUT').map((call) => call.body as { companions?: Companion[] });

describe('wizard step 1: brothers, sisters and friends (issue 35)', () => {
  it("says what an extra child costs, from the shop's prices, in the parent's language", async () => {
    await openStep1();
    expect(
      await screen.findByText(
        'Each child you add costs CHF 9.00 more, once per order, whatever the number of copies.',
      ),
    ).toBeVisible();
  });

  it('says adding children is free when the operator set the price to zero, in French', async () => {
    await openStep1(
      {
        routes: {
          'GET /api/catalog/prices': {
            status: 200,
            body: {
              currency: 'CHF',
              prices: [{ productKey: 'extra_child', basePrice: 0, discountPercentage: 0 }],
            },
          },
        },
      },
      'fr',
    );
    expect(await screen.findByText('Ajouter des enfants ne coûte rien de plus.')).toBeVisible();
  });

  it('adds two children with their look and a toy, then no more; Next saves them with the lead', async () => {
    const { user, api } = await openStep1();
    await user.click(screen.getByRole('button', { name: 'Add a brother, sister or friend' }));
    // The new child's name field takes the focus; its card is named until the name is typed.
    const first = card('Child 2');
    await waitFor(() => expect(within(first).getByLabelText('First name')).toHaveFocus());
    await user.keyboard('Leo');
    const leo = card('Leo');
    await user.click(within(leo).getByRole('radio', { name: 'Boy' }));
    await user.type(within(leo).getByLabelText('Age'), '3');
    // Its look's choices are open; the preview is drawn by the server from the chosen look.
    const hair = within(leo).getByRole('radiogroup', { name: 'Hairstyle' });
    await user.click(within(hair).getByRole('radio', { name: 'Afro' }));
    const preview = within(leo).getByRole('img', { name: 'Leo as drawn in the book' });
    const previewLook = JSON.parse(
      new URL(preview.getAttribute('src')!, 'http://shop').searchParams.get('look')!,
    );
    expect(previewLook).toMatchObject({ hairStyle: 'afro' });
    await user.click(within(leo).getByRole('checkbox', { name: 'Leo has a cuddly toy of their own too' }));
    await user.type(within(leo).getByLabelText('Name of Leo’s toy'), 'Bunny');
    // The toy's panel speaks of Leo's toy, not of "your child".
    expect(
      within(leo).getByText(/^We draw Leo’s cuddly toy in the book’s style, beside Leo on every page/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add another child' }));
    await user.keyboard('Zoé');
    const zoe = card('Zoé');
    await user.click(within(zoe).getByRole('radio', { name: 'Girl' }));
    await user.type(within(zoe).getByLabelText('Age'), '7');
    // Three children in all: the add button gives way to a note.
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.getByText(/room for 2 more children beside yours/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await waitFor(() => expect(savedSteps(api)).toHaveLength(1));
    expect(savedSteps(api)[0]).toEqual({
      ...CHILD,
      companions: [
        {
          name: 'Leo',
          gender: 'male',
          age: 3,
          look: { ...DEFAULT_CHILD_LOOK, hairStyle: 'afro' },
          toy: { name: 'Bunny', look: expect.objectContaining({ kind: expect.any(String) }) },
        },
        { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK },
      ],
    });
  });

  it('says what a child lacks on their card and sends nothing until it is given', async () => {
    const { user, api } = await openStep1();
    await user.click(screen.getByRole('button', { name: 'Add a brother, sister or friend' }));
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    const child = card('Child 2');
    expect(
      await within(child).findByText('Please fill in what is missing below, or remove this child.'),
    ).toBeVisible();
    const name = within(child).getByLabelText('First name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter a first name.');
    expect(within(child).getByLabelText('Age')).toHaveAccessibleDescription(
      'Please enter an age from 1 to 18.',
    );
    // The lead is complete: their summary is not shown.
    expect(
      screen.queryByText('Please fill in all required fields and check the consent box to proceed.'),
    ).toBeNull();
    await waitFor(() => expect(name).toHaveFocus());
    expect(savedSteps(api)).toHaveLength(0);
  });

  it('removes a child with one button, says so and keeps the others; none left is a book of one child', async () => {
    const leo: Companion = { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK };
    const zoe: Companion = { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK };
    const { user, api } = await openStep1({ steps: { 1: { ...CHILD, companions: [leo, zoe] } } });
    // Saved children are shown as saved, their choices closed.
    expect(within(card('Leo')).queryByRole('radiogroup', { name: 'Hairstyle' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Leo from the book' }));
    expect(screen.queryByRole('article', { name: 'Leo' })).toBeNull();
    expect(card('Zoé')).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Leo was removed from the book.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add another child' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove Zoé from the book' }));

    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await waitFor(() => expect(savedSteps(api)).toHaveLength(1));
    // Exactly the step of a book of one child, as before.
    expect(savedSteps(api)[0]).toEqual(CHILD);
  });

  it('shows the cast of the earlier book ready to change (a sibling version), in French', async () => {
    const leo: Companion = { name: 'Léo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK };
    await openStep1({ steps: {}, prefill: { clonedFrom: { orderNumber: 'BK-1' }, companions: [leo] } }, 'fr');
    const child = screen.getByRole('article', { name: 'Léo' });
    expect(within(child).getByLabelText('Prénom')).toHaveValue('Léo');
    expect(within(child).getByRole('radio', { name: 'Un garçon' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Ajouter un autre enfant' })).toBeVisible();
  });

  it('starts the dedication from a template naming every child, in English and French', async () => {
    const leo: Companion = { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK };
    const zoe: Companion = { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK };
    const steps = { 1: { ...CHILD, companions: [leo, zoe] }, 2: COVER, 3: TOY, 4: TOY_COVER };
    for (const [language, template] of [
      ['en', 'To Mia, Leo and Zoé, may Teddy watch over your dreams every night. With all our love.'],
      ['fr', 'Pour Mia, Leo et Zoé, que Teddy veille sur vos rêves chaque nuit. Avec tout notre amour.'],
    ] as const) {
      mockWizardApi({ steps });
      const router = createMemoryRouter(
        [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
        { initialEntries: ['/wizard?step=5'] },
      );
      const view = renderWithRouter(router, { language });
      const message = await screen.findByRole(
        'textbox',
        { name: /^(Dedication message|Message)/ },
        { timeout: 5000 },
      );
      expect(message).toHaveValue(template);
      view.unmount();
    }
  });

  it('names every child’s toy in the template, agreeing with their number, in the four languages', async () => {
    const leo: Companion = {
      name: 'Leo',
      gender: 'male',
      age: 3,
      look: DEFAULT_CHILD_LOOK,
      toy: { name: 'Lapin', look: DEFAULT_TOY_LOOK },
    };
    const zoe: Companion = {
      name: 'Zoé',
      gender: 'female',
      age: 7,
      look: DEFAULT_CHILD_LOOK,
      toy: { name: 'Momo', look: DEFAULT_TOY_LOOK },
    };
    // The same words as the server suggests again after a rename (book/wizard-dedication.test.ts).
    for (const [language, template] of [
      [
        'en',
        'To Mia, Leo and Zoé, may Teddy, Lapin and Momo watch over your dreams every night. With all our love.',
      ],
      [
        'fr',
        'Pour Mia, Leo et Zoé, que Teddy, Lapin et Momo veillent sur vos rêves chaque nuit. Avec tout notre amour.',
      ],
      [
        'de',
        'Für Mia, Leo und Zoé: Mögen Teddy, Lapin und Momo jede Nacht über eure Träume wachen. In Liebe.',
      ],
      [
        'it',
        'Per Mia, Leo e Zoé: che Teddy, Lapin e Momo veglino sui vostri sogni, ogni notte. Con tutto il nostro amore.',
      ],
    ] as const) {
      mockWizardApi({ steps: { 1: { ...CHILD, companions: [leo, zoe] }, 2: COVER, 3: TOY, 4: TOY_COVER } });
      const router = createMemoryRouter(
        [{ path: '/wizard', element: <WizardPage themeId="guardian-friend" bookType="storybook" /> }],
        { initialEntries: ['/wizard?step=5'] },
      );
      const view = renderWithRouter(router, { language });
      const message = await screen.findByRole(
        'textbox',
        { name: /^(Dedication message|Message|Widmung|Testo della dedica)/ },
        { timeout: 5000 },
      );
      expect(message).toHaveValue(template);
      view.unmount();
    }
  });
});
