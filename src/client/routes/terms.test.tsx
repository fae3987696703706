import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIPPING_ZONES } from '../../shared/domain/shipping';
import { renderApp } from '../test-utils';

// The first visit of a page in a test file waits for its lazy chunk to compile.
const PAGE_LOAD = { timeout: 5000 };

const SECTION_TITLES = {
  en: [
    'Acceptance of these terms',
    'The service',
    'Rules for photos',
    'Intellectual property',
    'Orders and prices',
    'Subscriptions and automatic renewal',
    'Shipping and delivery',
    '30-day satisfaction guarantee',
    'Liability',
    'Governing law and jurisdiction',
    'Contact',
  ],
  fr: [
    'Acceptation des conditions',
    'Le service',
    'Règles relatives aux photos',
    'Propriété intellectuelle',
    'Commandes et prix',
    'Abonnements et renouvellement automatique',
    'Livraison',
    'Garantie de satisfaction de 30\u00a0jours',
    'Responsabilité',
    'Droit applicable et for',
    'Contact',
  ],
};

const chf = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'CHF' })
    .format(cents / 100)
    .replace(/\s/g, ' ');

// Waits for the page, then finds one of its sections by its heading.
async function findSection(name: string) {
  await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }, PAGE_LOAD);
  return screen.getByRole('region', { name });
}

describe('terms and conditions', () => {
  it('has its sections, each reachable from the table of contents, and links the privacy policy', async () => {
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const links = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTION_TITLES.en);
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')?.replace(/^#/, '') ?? '');
      expect(section).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    await waitFor(() => expect(document.title).toBe('Terms and conditions · Cuddle Tales'));
  });

  it('is governed by Swiss law before the courts of the seller’s seat in Switzerland', async () => {
    renderApp('/terms');
    const law = await findSection('Governing law and jurisdiction');
    expect(law).toHaveTextContent('governed by Swiss law');
    expect(law).toHaveTextContent(
      'The courts at the seller’s registered office in Switzerland have jurisdiction.',
    );
  });

  it('says plainly that there is no subscription today, and how one would renew', async () => {
    renderApp('/terms');
    const subscriptions = await findSection('Subscriptions and automatic renewal');
    expect(subscriptions).toHaveTextContent('The shop offers no subscription today.');
    expect(subscriptions).toHaveTextContent('it will renew automatically until you cancel it');
    expect(subscriptions).toHaveTextContent('remind you before each renewal');
  });

  it('states prices in CHF including VAT, and shipping from the shared zones', async () => {
    renderApp('/terms');
    expect(await findSection('Orders and prices')).toHaveTextContent(
      /Swiss francs \(CHF\)\. The total shown before you pay includes VAT and shipping/,
    );
    const table = within(screen.getByRole('region', { name: 'Shipping and delivery' })).getByRole('table');
    expect(within(table).getByRole('row', { name: /^Switzerland/ })).toHaveTextContent(
      chf(SHIPPING_ZONES.domestic.priceCents, 'en'),
    );
    expect(
      within(table).getByRole('row', { name: /^United States, United Kingdom and Spain/ }),
    ).toHaveTextContent(chf(SHIPPING_ZONES.international.priceCents, 'en'));
    expect(screen.getByRole('region', { name: '30-day satisfaction guarantee' })).toHaveTextContent(
      'within 30 days of delivery',
    );
  });

  it('has every section in French, under Swiss law too', async () => {
    renderApp('/terms', { language: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Conditions générales de vente' }, PAGE_LOAD);
    for (const title of SECTION_TITLES.fr) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    expect(screen.getByRole('region', { name: 'Droit applicable et for' })).toHaveTextContent(
      'soumis au droit suisse',
    );
    expect(
      within(screen.getByRole('region', { name: 'Livraison' })).getByRole('row', { name: /^Suisse/ }),
    ).toHaveTextContent(chf(SHIPPING_ZONES.domestic.priceCents, 'fr'));
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
