import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../shared/i18n';
import { renderApp } from '../test-utils';

// The first visit of a page in a test file waits for its lazy chunk to compile.
const PAGE_LOAD = { timeout: 5000 };

const SECTION_TITLES = {
  en: [
    'Who we are',
    'Data we collect',
    'Why we use it',
    'How we share it',
    'International transfers',
    'How long we keep it',
    'Your rights',
    'Cookies and local storage',
    'Security',
    'No AI training on your photos',
    'Processors',
    'Changes and contact',
  ],
  fr: [
    'Qui sommes-nous\u00a0?',
    'Les données que nous recueillons',
    'Pourquoi nous les utilisons',
    'Avec qui nous les partageons',
    'Transferts internationaux',
    'Durée de conservation',
    'Vos droits',
    'Cookies et stockage local',
    'Sécurité',
    'Aucun entraînement d’IA avec vos photos',
    'Sous-traitants',
    'Modifications et contact',
  ],
};

describe('privacy policy', () => {
  it('has its sections, each reachable from the table of contents', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, PAGE_LOAD)).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTION_TITLES.en);
    for (const link of links) {
      const id = link.getAttribute('href')?.replace(/^#/, '') ?? '';
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Privacy policy · Cuddle Tales'));
  });

  it('states the retention periods', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, PAGE_LOAD);
    const retention = screen.getByRole('region', { name: 'How long we keep it' });
    expect(retention).toHaveTextContent(
      'Original photos of your child and their toy are deleted 3 weeks after your book is delivered.',
    );
    expect(retention).toHaveTextContent('Derived images (illustrations and print files) are kept 6 months');
    expect(retention).toHaveTextContent(
      'Complaints and requests about your data are answered within 30 days.',
    );
    expect(retention).toHaveTextContent('Error logs are kept 90 days.');
    expect(retention).toHaveTextContent(
      'Failed sign-ins (the e-mail address someone tried to sign in with) are kept 24 hours',
    );
    expect(retention).toHaveTextContent('deleted after 24 hours');
    expect(retention).toHaveTextContent('dropped after 30 days');
  });

  it('names only necessary cookies and the optional processors', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, PAGE_LOAD);
    const cookies = screen.getByRole('region', { name: 'Cookies and local storage' });
    expect(cookies).toHaveTextContent(
      'wizard_session: a cookie that remembers the book you are personalising, for 2 hours.',
    );
    expect(cookies).toHaveTextContent('no advertising or tracking cookies');
    const processors = screen.getByRole('region', { name: 'Processors' });
    expect(processors).toHaveTextContent('when card payment is enabled, Stripe processes your payment');
    expect(processors).toHaveTextContent(/made on our own servers.*Only when the shop is configured/);
    expect(screen.getByRole('region', { name: 'Your rights' })).toHaveTextContent(
      /“Download my data”.*“Delete Account”/,
    );
  });

  it('switches itself to French with its own buttons and remembers the choice', async () => {
    const { user } = renderApp('/privacy', { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, PAGE_LOAD);
    const switcher = screen.getByRole('group', { name: 'Read this page in' });
    expect(within(switcher).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(switcher).getByRole('button', { name: 'Français' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }, PAGE_LOAD),
    ).toBeVisible();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    const frenchSwitcher = screen.getByRole('group', { name: 'Lire cette page en' });
    expect(within(frenchSwitcher).getByRole('button', { name: 'Français' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(frenchSwitcher).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
  });

  it('has every section in French, with the same figures', async () => {
    renderApp('/privacy', { language: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }, PAGE_LOAD);
    const toc = screen.getByRole('navigation', { name: 'Sur cette page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(SECTION_TITLES.fr);
    for (const title of SECTION_TITLES.fr) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    const retention = screen.getByRole('region', { name: 'Durée de conservation' });
    expect(retention).toHaveTextContent('supprimées 3 semaines après la livraison');
    expect(retention).toHaveTextContent('conservées 6 mois');
    expect(retention).toHaveTextContent('dans un délai de 30 jours');
    expect(retention).toHaveTextContent('conservés 90 jours');
    expect(screen.getByRole('link', { name: 'conditions générales de vente' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });
});
