import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIPPING_ZONES } from '../../shared/domain/shipping';
import { renderApp } from '../test-utils';

// The first visit of a page in a test file waits for its lazy chunk to compile.
const PAGE_LOAD = { timeout: 5000 };

// toHaveTextContent folds every run of white space, the no-break spaces of Intl included, into one space.
const chf = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'CHF' })
    .format(cents / 100)
    .replace(/\s/g, ' ');

// The accordion's triggers: one button per question, inside the page (not the top bar or footer).
async function findQuestions() {
  const main = await screen.findByRole('main', {}, PAGE_LOAD);
  await within(main).findByRole('heading', { level: 1 }, PAGE_LOAD);
  return within(main).getAllByRole('button', { expanded: false });
}

describe('FAQ page', () => {
  it('lists the 14 questions, closed, under one h1 and its own title', async () => {
    renderApp('/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questions and answers' }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const questions = await findQuestions();
    expect(questions).toHaveLength(14);
    expect(questions.map((question) => question.textContent)).toEqual(
      expect.arrayContaining([
        'How does the personalisation work?',
        'Do you ship worldwide?',
        'How can I pay?',
        'How can I reach you?',
      ]),
    );
    await waitFor(() => expect(document.title).toBe('Questions and answers · Cuddle Tales'));
  });

  it('opens one answer at a time and closes it again', async () => {
    const { user } = renderApp('/faq');
    await findQuestions();
    const printing = screen.getByRole('button', { name: 'How long does printing take?' });
    const payment = screen.getByRole('button', { name: 'How can I pay?' });

    await user.click(printing);
    expect(printing).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/takes 2 to 7 working days/)).toBeVisible();

    await user.click(payment);
    expect(payment).toHaveAttribute('aria-expanded', 'true');
    expect(printing).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/takes 2 to 7 working days/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        // The local card page takes cards only: no method the shop cannot take is named.
        'You can pay by credit or debit card. Payment happens on a secure payment page: we never see your card details.',
      ),
    ).toBeVisible();

    await user.click(payment);
    expect(payment).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/You can pay by/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('names the wallets a Stripe shop offers', async () => {
    document.documentElement.dataset.payments = 'stripe';
    try {
      const { user } = renderApp('/faq');
      await findQuestions();
      await user.click(screen.getByRole('button', { name: 'How can I pay?' }));
      expect(
        screen.getByText(/^You can pay by credit or debit card, Apple Pay and Google Pay\./),
      ).toBeVisible();
    } finally {
      delete document.documentElement.dataset.payments;
    }
  });

  it('shows shipping prices formatted from the shared shipping zones, never typed', async () => {
    const { user } = renderApp('/faq');
    await findQuestions();
    await user.click(screen.getByRole('button', { name: 'Do you ship worldwide?' }));

    const domestic = chf(SHIPPING_ZONES.domestic.priceCents, 'en');
    const table = screen.getByRole('table', { name: 'Shipping prices and delivery times' });
    const switzerland = within(table).getByRole('row', { name: /^Switzerland/ });
    expect(switzerland).toHaveTextContent(domestic);
    expect(switzerland).toHaveTextContent(/CHF\s4\.99/);
    expect(within(table).getByRole('row', { name: /^Germany, France, Italy and Austria/ })).toHaveTextContent(
      /CHF\s6\.99/,
    );
    expect(screen.getByText(/deliver to Switzerland, Germany, .* United Kingdom and Spain\./)).toBeVisible();
  });

  it('links the privacy answer to the privacy policy and the support answer to our mailbox', async () => {
    const { user } = renderApp('/faq');
    await findQuestions();
    await user.click(screen.getByRole('button', { name: 'Are my child’s photos safe with you?' }));
    expect(screen.getByText(/never to train AI/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('button', { name: 'How can I reach you?' }));
    const answer = screen.getByRole('region', { name: 'How can I reach you?' });
    expect(answer).toHaveTextContent('We answer every message within 24 hours.');
    const mail = within(answer).getByRole('link', { name: 'hello@cuddletales.ch' });
    expect(mail).toHaveAttribute('href', 'mailto:hello@cuddletales.ch');
  });

  it('asks and answers the same 14 questions in French', async () => {
    const { user } = renderApp('/faq', { language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questions fréquentes' }, PAGE_LOAD),
    ).toBeVisible();
    expect(await findQuestions()).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: /^Livrez-vous dans le monde entier/ }));
    const domestic = chf(SHIPPING_ZONES.domestic.priceCents, 'fr');
    expect(screen.getByRole('row', { name: /^Suisse/ })).toHaveTextContent(domestic);
    await waitFor(() => expect(document.title).toBe('Questions fréquentes · Contes Doudou'));
  });
});
