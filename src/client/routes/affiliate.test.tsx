import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils';

// The first visit of a page in a test file waits for its lazy chunk to compile.
const PAGE_LOAD = { timeout: 5000 };

describe('affiliate page', () => {
  it('shows the three tiers with their sales ranges and commissions', async () => {
    renderApp('/affiliate');
    expect(
      await screen.findByRole('heading', { level: 1, name: /earn with every book/ }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const tiers = within(screen.getByRole('region', { name: 'Commission tiers' })).getAllByRole('listitem');
    expect(tiers).toHaveLength(3);
    const [starter, growth, pro] = tiers as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(starter).getByRole('heading', { name: 'Starter' })).toBeVisible();
    expect(starter).toHaveTextContent('1–10 sales per month');
    expect(starter).toHaveTextContent('15%');
    expect(within(growth).getByRole('heading', { name: 'Growth' })).toBeVisible();
    expect(growth).toHaveTextContent('11–25 sales per month');
    expect(growth).toHaveTextContent('20%');
    expect(within(pro).getByRole('heading', { name: 'Pro' })).toBeVisible();
    expect(pro).toHaveTextContent('26 or more sales per month');
    expect(pro).toHaveTextContent('30%');
    await waitFor(() => expect(document.title).toBe('Affiliate programme · Cuddle Tales'));
  });

  it('promises approval within 48 hours and a monthly payout', async () => {
    renderApp('/affiliate');
    expect(await screen.findByRole('heading', { name: 'Approval within 48 hours' }, PAGE_LOAD)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Monthly payout' })).toBeVisible();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Apply',
      'Share',
      'Earn',
    ]);
  });

  it('lets each tier apply by e-mail to the partner team, naming the tier', async () => {
    renderApp('/affiliate');
    const apply = await screen.findByRole('link', { name: 'Apply for Growth' }, PAGE_LOAD);
    const href = apply.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:partners@cuddletales.ch?subject=')).toBe(true);
    expect(new URL(href).searchParams.get('subject')).toBe('Affiliate application: Growth tier');
    expect(screen.getByRole('link', { name: 'Apply for Starter' })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:partners@cuddletales.ch'),
    );
    expect(screen.getByRole('link', { name: 'Apply for Pro' })).toHaveAttribute(
      'href',
      expect.stringContaining('Pro'),
    );
  });

  it('has the same tiers and steps in French', async () => {
    renderApp('/affiliate', { language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /gagnez avec chaque livre/ }, PAGE_LOAD),
    ).toBeVisible();
    const tiers = within(screen.getByRole('region', { name: 'Niveaux de commission' })).getAllByRole(
      'listitem',
    );
    expect(tiers.map((tier) => tier.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringMatching(/^Découverte1 à 10 ventes par mois15 %/),
      expect.stringMatching(/^Croissance11 à 25 ventes par mois20 %/),
      expect.stringMatching(/^Pro26 ventes ou plus par mois30 %/),
    ]);
    expect(screen.getByRole('heading', { name: /^Validation dans les 48\sheures$/ })).toBeVisible();
    const apply = screen.getByRole('link', { name: 'Postuler au niveau Croissance' });
    expect(new URL(apply.getAttribute('href') ?? '').searchParams.get('subject')).toBe(
      'Candidature au programme d’affiliation\u00a0: niveau Croissance',
    );
  });
});
