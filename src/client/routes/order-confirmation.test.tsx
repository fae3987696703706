import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/contracts/checkout';
import type { Language } from '../../shared/i18n';
import { goToPayment } from '../features/checkout/lib/go-to-payment';
import {
  deferred,
  fails,
  makeOrder,
  mockCheckoutApi,
  ORDER_ID,
  ok,
  type Reply,
  shippedAndPendingGifts,
} from '../features/checkout/testing/mock-checkout-api';
import { routes } from '../router';
import { Elsewhere, realTimersAndNoToasts, renderWithRouter } from '../test-utils';

vi.mock('../features/checkout/lib/go-to-payment', () => ({ goToPayment: vi.fn() }));
// Whole journeys typed key by key: more than the default 5 s on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.mocked(goToPayment).mockClear();
});
afterEach(realTimersAndNoToasts);

const CONFIRMATION = `/order-confirmation/${ORDER_ID}`;
const ORDER_PATH = `/api/orders/${ORDER_ID}`;

function openConfirmation(path = CONFIRMATION, language?: Language) {
  const router = createMemoryRouter(
    [
      {
        path: '/order-confirmation/:orderId',
        lazy: () => import('./order-confirmation'),
        HydrateFallback: () => null,
      },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  return renderWithRouter(router, language ? { language } : {});
}

async function openOrder(order: Order, path = CONFIRMATION, language?: Language) {
  const api = mockCheckoutApi({ orders: [order] });
  const view = openConfirmation(path, language);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...view, api };
}

async function openOrderWith(order: Order, language: Language, routes: Record<string, Reply>) {
  const api = mockCheckoutApi({ orders: [order], routes });
  const view = openConfirmation(CONFIRMATION, language);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...view, api };
}

const badge = (label: 'Order status' | 'Payment') =>
  // The colon is the language's: "Order status:", "Statut de la commande\u00a0:".
  screen.getByText(new RegExp(`^${label}\\s?:`), { selector: 'span' }).parentElement;

describe('order confirmation: loading', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    mockCheckoutApi({ signedInAs: null, orders: [makeOrder()] });
    const { router } = openConfirmation();
    expect(await screen.findByText(/^Elsewhere: \/auth/, {}, { timeout: 5000 })).toBeVisible();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(CONFIRMATION);
  });

  it('says it is loading, then shows the order; session_id is not sent anywhere', async () => {
    const read = deferred();
    const api = mockCheckoutApi({ routes: { [`GET ${ORDER_PATH}`]: read.handler } });
    openConfirmation(`${CONFIRMATION}?session_id=cs_test_123`);
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Loading your order…');
    // The order's boxes hold their places meanwhile (issue 19: no layout shift), unread by screen readers.
    expect(screen.getByTestId('confirmation-skeleton')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    read.release(ok(makeOrder({ paymentStatus: 'paid', status: 'processing' })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' }),
    ).toBeVisible();
    expect(screen.queryByTestId('confirmation-skeleton')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.query.has('session_id'))).toBe(false);
  });

  it('lists each gift copy: where it goes, its language and words, and its own parcel once shipped', async () => {
    await openOrder(
      makeOrder({
        paymentStatus: 'paid',
        status: 'printing',
        paidAt: '2026-01-15T10:31:00.000Z',
        copyGifts: shippedAndPendingGifts('Pour Emma'),
      }),
    );
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Gift copy 1')).toBeVisible();
    expect(within(details).getByText('To Colette Martin, Lyon, France')).toBeVisible();
    expect(within(details).getByText('In French · With its own dedication')).toBeVisible();
    expect(within(details).getByRole('link', { name: 'CT1234567890CH' })).toHaveAttribute(
      'href',
      'https://tracking.example/CT1234567890CH',
    );
    expect(within(details).getByText('Travels with your book')).toBeVisible();
  });

  it('an unknown order: the message and the way back to the wizard', async () => {
    mockCheckoutApi();
    openConfirmation();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Order not found. Please check your order number.');
    expect(within(alert).getByRole('link', { name: 'Back to the wizard' })).toHaveAttribute(
      'href',
      '/wizard',
    );
  });

  it('a failed read: loading failed, try again, and the way back to the wizard', async () => {
    let attempts = 0;
    mockCheckoutApi({
      routes: {
        [`GET ${ORDER_PATH}`]: () => {
          attempts += 1;
          return attempts <= 2 ? fails(500, 'INTERNAL_ERROR') : ok(makeOrder());
        },
      },
    });
    const { user } = openConfirmation();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Loading failed. Please check your connection and try again.');
    expect(within(alert).getByRole('link', { name: 'Back to the wizard' })).toHaveAttribute(
      'href',
      '/wizard',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your order is waiting for payment' }),
    ).toBeVisible();
  });

  it('/order-confirmation without an order goes to the wizard', async () => {
    // The wizard it lands on opens its session; that answer is not this test's concern.
    mockCheckoutApi({ routes: { 'POST /api/wizard/session': () => new Promise<never>(() => {}) } });
    const router = createMemoryRouter(routes, { initialEntries: ['/order-confirmation'] });
    renderWithRouter(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wizard'), { timeout: 5000 });
  });
});

describe('order confirmation: the order', () => {
  it('shows number, badges, total, cover, date, customer, address, next steps and support', async () => {
    await openOrder(makeOrder({ status: 'processing', paymentStatus: 'paid' }));
    expect(screen.getByText('Order number:')).toBeVisible();
    expect(screen.getAllByText('BK-1767225600000')).toHaveLength(2);
    expect(badge('Order status')).toHaveTextContent('Processing');
    expect(badge('Payment')).toHaveTextContent('Paid');

    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('CHF 95.81')).toBeVisible();
    expect(within(details).getByText('Hardcover')).toBeVisible();
    expect(within(details).getByText('+ 2 grandparent copies (Softcover)')).toBeVisible();
    expect(within(details).getByText('15 January 2026')).toBeVisible();
    expect(within(details).getByText('Ana Keller')).toBeVisible();
    expect(within(details).getByText('ana@example.com')).toBeVisible();
    expect(within(details).getByText('Hauptstrasse 1')).toBeVisible();
    expect(within(details).getByText('10115 Berlin')).toBeVisible();
    expect(within(details).getByText('Germany')).toBeVisible();

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getAllByRole('listitem')).toHaveLength(3);
    expect(within(next).getByText(/printed and bound in 2 to 7 working days/)).toBeVisible();
    // Software draws the book: no person is said to check it unless the shop reviews before print.
    expect(within(next).getByText(/exactly as you approved it\.$/)).toBeVisible();
    expect(within(next).queryByText(/our team/)).toBeNull();
    // Ordered Thursday 15 January: printing 2–7 and Germany 3–5 working days, weekends skipped.
    expect(
      within(next).getByText(
        /sent to Germany: your book should arrive between Thursday 22 January and Monday 2 February\./,
      ),
    ).toBeVisible();

    const support = screen.getByRole('region', { name: 'Questions about your order?' });
    const mail = within(support).getByRole('link', { name: 'hello@cuddletales.ch' });
    expect(mail.getAttribute('href')).toMatch(
      /^mailto:hello@cuddletales\.ch\?subject=My%20order%20BK-1767225600000$/,
    );
    expect(within(support).getByText(/We reply within 24 hours\./)).toBeVisible();
  });

  it('paid: track progress in the profile, home, another book; no Retry Payment', async () => {
    await openOrder(makeOrder({ status: 'processing', paymentStatus: 'paid' }));
    expect(screen.getByRole('link', { name: 'Track your book’s progress' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create Another Book' })).toHaveAttribute('href', '/themes');
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
  });

  it.each([
    ['pending', 'Pending', 'yellow'],
    ['processing', 'Processing', 'blue'],
    ['printing', 'Printing', 'purple'],
    ['shipped', 'Shipped', 'green'],
    ['delivered', 'Delivered', 'emerald'],
    ['cancelled', 'Cancelled', 'red'],
    ['lost_in_space', 'lost_in_space', 'grey'],
  ] as const)('order status %s: a %s badge in %s', async (status, label, tone) => {
    await openOrder(makeOrder({ status: status as Order['status'], paymentStatus: 'paid' }));
    expect(badge('Order status')).toHaveTextContent(label);
    expect(badge('Order status')).toHaveAttribute('data-tone', tone);
  });

  it.each([
    ['pending', 'Payment pending', 'yellow'],
    ['paid', 'Paid', 'green'],
    ['failed', 'Payment failed', 'red'],
    ['refunded', 'Refunded', 'grey'],
  ] as const)('payment status %s: a %s badge in %s', async (paymentStatus, label, tone) => {
    await openOrder(makeOrder({ paymentStatus }));
    expect(badge('Payment')).toHaveTextContent(label);
    expect(badge('Payment')).toHaveAttribute('data-tone', tone);
  });

  it('the timeline marks where the book is, with the parcel’s tracking once shipped', async () => {
    await openOrder(
      makeOrder({
        status: 'shipped',
        paymentStatus: 'paid',
        trackingNumber: 'CH123456789',
        trackingUrl: 'https://track.example/CH123456789',
      }),
    );
    const timeline = screen.getByRole('region', { name: 'Where your book is' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.firstChild?.textContent)).toEqual([
      'Order received',
      'In Production',
      'Shipped',
      'Delivered',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
    expect(within(timeline).getByText('Tracking number: CH123456789')).toBeVisible();
    expect(within(timeline).getByRole('link', { name: 'Track package' })).toHaveAttribute(
      'href',
      'https://track.example/CH123456789',
    );
  });

  it('printing is shown as In Production', async () => {
    await openOrder(makeOrder({ status: 'printing', paymentStatus: 'paid' }));
    const timeline = screen.getByRole('region', { name: 'Where your book is' });
    expect(within(timeline).getByText('In Production').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(timeline).queryByRole('link', { name: 'Track package' })).not.toBeInTheDocument();
  });

  it('a cancelled order has no timeline but says so', async () => {
    await openOrder(makeOrder({ status: 'cancelled', paymentStatus: 'refunded' }));
    expect(screen.queryByRole('region', { name: 'Where your book is' })).not.toBeInTheDocument();
    expect(screen.getByText('This order was cancelled')).toBeVisible();
    // Nothing is printed or sent: no next steps are promised.
    expect(screen.queryByRole('region', { name: 'What happens next' })).toBeNull();
  });
});

describe('order confirmation: the grace period after payment (issue 36)', () => {
  const inGrace = (minutes = 45) =>
    makeOrder({
      status: 'processing',
      paymentStatus: 'paid',
      printAfter: new Date(Date.now() + minutes * 60_000).toISOString(),
    });
  const graceCard = () => screen.getByRole('region', { name: 'You can still change your order' });

  it('says until when the book waits, and offers to change the address or cancel', async () => {
    await openOrder(inGrace());
    expect(within(graceCard()).getByText(/^Your book goes to the printer on .+\. Until then/)).toBeVisible();
    expect(within(graceCard()).getByRole('button', { name: 'Change the address' })).toBeVisible();
    expect(within(graceCard()).getByRole('button', { name: 'Cancel the order' })).toBeVisible();
  });

  it('is not offered once the book is with the printer, or without a grace period', async () => {
    await openOrder(makeOrder({ status: 'processing', paymentStatus: 'paid', printAfter: null }));
    expect(screen.queryByRole('region', { name: 'You can still change your order' })).toBeNull();
  });

  it('changes the address: checked for the order’s country, sent, shown, said', async () => {
    const { user, api } = await openOrder(inGrace());
    await user.click(within(graceCard()).getByRole('button', { name: 'Change the address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the delivery address' });
    expect(within(dialog).getByText(/It still goes to Germany/)).toBeVisible();
    const postcode = within(dialog).getByLabelText('Postcode');
    await user.clear(postcode);
    await user.type(postcode, '8001');
    await user.click(within(dialog).getByRole('button', { name: 'Save the new address' }));
    expect(
      await within(dialog).findByText(
        'Please enter a postcode for the country chosen (Germany), like 10115.',
      ),
    ).toBeVisible();
    expect(api.callsTo(`${ORDER_PATH}/address`, 'PUT')).toHaveLength(0);
    await user.clear(postcode);
    await user.type(postcode, '14467');
    const street = within(dialog).getByLabelText('Street and house number');
    await user.clear(street);
    await user.type(street, 'Gartenweg 7');
    await user.click(within(dialog).getByRole('button', { name: 'Save the new address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`${ORDER_PATH}/address`, 'PUT')[0]?.body).toEqual({
      address: 'Gartenweg 7',
      city: 'Berlin',
      postalCode: '14467',
      region: '',
    });
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Gartenweg 7')).toBeVisible();
    expect(within(details).getByText('14467 Berlin')).toBeVisible();
  });

  it('cancels after a confirmation: the order shows cancelled, the card goes', async () => {
    const { user, api } = await openOrder(inGrace());
    await user.click(within(graceCard()).getByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/we refund CHF\s95\.81 in full/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`${ORDER_PATH}/cancel`, 'POST')).toHaveLength(0);
    await user.click(within(graceCard()).getByRole('button', { name: 'Cancel the order' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('This order was cancelled')).toBeVisible();
    expect(api.callsTo(`${ORDER_PATH}/cancel`, 'POST')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'You can still change your order' })).toBeNull();
    // Until the refund comes back the payment is still "paid": the heading says cancelled, not
    // "confirmed", and offers no progress to follow.
    expect(screen.getByRole('heading', { level: 1, name: 'Your order is cancelled' })).toBeVisible();
    expect(screen.getByText('Nothing will be printed or sent, and your refund is on its way.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Track your book’s progress' })).toBeNull();
  });

  it('a refund paid with TWINT says it went back to the TWINT account', async () => {
    await openOrder(
      makeOrder({
        status: 'cancelled',
        paymentStatus: 'refunded',
        paymentMethod: 'twint',
        refundedAmount: 9581,
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your order has been refunded' })).toBeVisible();
    expect(screen.getByText('The amount has been returned to your TWINT account.')).toBeVisible();
    expect(screen.getByText(/^Given back to the TWINT account you paid with/)).toBeVisible();
  });

  it('the period ended meanwhile: the server’s answer is said in the dialog, in French', async () => {
    const { user } = await openOrderWith(inGrace(), 'fr', {
      [`POST ${ORDER_PATH}/cancel`]: fails(409, 'ORDER_GRACE_OVER'),
    });
    const card = screen.getByRole('region', { name: 'Vous pouvez encore modifier votre commande' });
    await user.click(within(card).getByRole('button', { name: 'Annuler la commande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette commande\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler la commande' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Votre livre est déjà chez l’imprimeur/,
    );
  });
});

describe('order confirmation: Retry Payment', () => {
  const failed = () => makeOrder({ paymentStatus: 'failed' });

  it('starts a new payment session and goes to the payment page', async () => {
    const { user, api } = await openOrder(failed());
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Track your book’s progress' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalledWith('https://pay.example/session/cs_test_1'));
    expect(api.callsTo(`${ORDER_PATH}/payment`, 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  });

  it('is offered for a pending payment too', async () => {
    await openOrder(makeOrder({ paymentStatus: 'pending' }));
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeEnabled();
  });

  it.each([
    ['the session cannot be made', fails(502, 'PAYMENT_SESSION_FAILED'), 'Failed to create payment session'],
    ['the answer has no address', ok({}), 'No payment URL received'],
    ['anything else goes wrong', fails(404, 'NOT_FOUND'), 'Failed to retry payment'],
  ])('says so when %s', async (_case, reply, message) => {
    mockCheckoutApi({ orders: [failed()], routes: { [`POST ${ORDER_PATH}/payment`]: reply } });
    const { user } = openConfirmation();
    await user.click(await screen.findByRole('button', { name: 'Retry Payment' }, { timeout: 5000 }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(goToPayment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeEnabled();
  });

  it('an order paid meanwhile: reads it again and shows it paid', async () => {
    const api = mockCheckoutApi({ orders: [failed()] });
    const { user } = openConfirmation();
    const retry = await screen.findByRole('button', { name: 'Retry Payment' }, { timeout: 5000 });
    api.server.orders.set(ORDER_ID, makeOrder({ paymentStatus: 'paid', status: 'processing' }));
    mockRoute(api, `POST ${ORDER_PATH}/payment`, fails(409, 'PAYMENT_NOT_RETRYABLE'));
    await user.click(retry);
    expect(await screen.findByText('This order is already paid. Here it is.')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' }),
    ).toBeVisible();
  });
});

/** Replaces one reply of a running stand-in (the stand-in reads `routes` on each call). */
function mockRoute(api: ReturnType<typeof mockCheckoutApi>, key: string, reply: ReturnType<typeof ok>) {
  api.routes[key] = reply;
}

describe('order confirmation: waiting for the payment notification', () => {
  it('reads the order every 2 seconds while pending, and turns to paid when it lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openOrder(
      makeOrder({ paymentStatus: 'pending' }),
      `${CONFIRMATION}?session_id=cs_1`,
    );
    expect(screen.getByText('Confirming your payment…')).toBeVisible();
    const reads = () => api.callsTo(ORDER_PATH, 'GET').length;
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(reads()).toBe(2));

    api.server.orders.set(ORDER_ID, makeOrder({ paymentStatus: 'paid', status: 'processing' }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' }),
    ).toBeVisible();
    expect(screen.getByText('Payment received. Thank you!')).toBeVisible();
    expect(badge('Payment')).toHaveTextContent('Paid');
    const afterPaid = reads();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads()).toBe(afterPaid);
  });

  it('stops after about 30 seconds and leaves it to the buyer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openOrder(makeOrder({ paymentStatus: 'pending' }));
    const reads = () => api.callsTo(ORDER_PATH, 'GET').length;
    await vi.advanceTimersByTimeAsync(31_000);
    await waitFor(() => expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument());
    const atEnd = reads();
    expect(atEnd).toBeGreaterThanOrEqual(14);
    expect(atEnd).toBeLessThanOrEqual(17);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads()).toBe(atEnd);
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeEnabled();
  });

  it('a failed payment is not read again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openOrder(makeOrder({ paymentStatus: 'failed' }));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(api.callsTo(ORDER_PATH, 'GET')).toHaveLength(1);
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });
});

describe('order confirmation: the review', () => {
  const delivered = (review: Order['review'] = null) =>
    makeOrder({ status: 'delivered', paymentStatus: 'paid', review });

  it('is offered only once the book is delivered', async () => {
    await openOrder(makeOrder({ status: 'shipped', paymentStatus: 'paid' }));
    expect(screen.queryByRole('region', { name: 'How do you like your book?' })).not.toBeInTheDocument();
  });

  it('asks for both a rating and words, then sends them and shows the review', async () => {
    const { user, api } = await openOrder(delivered());
    const form = screen.getByRole('region', { name: 'How do you like your book?' });
    const stars = within(form).getAllByRole('radio');
    expect(stars.map((star) => star.closest('label')?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);

    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    expect(await screen.findAllByText('Please provide both a rating and review text')).not.toHaveLength(0);
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('radio', { name: '4 stars' })).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo(`${ORDER_PATH}/review`)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Your review'), '  Mia reads it every night.  ');
    mockRoute(
      api,
      `POST ${ORDER_PATH}/review`,
      ok({ rating: 4, text: 'Mia reads it every night.', createdAt: '2026-02-01T08:00:00.000Z' }, 201),
    );
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));

    expect(await screen.findByText('Thank you for your review!')).toBeVisible();
    expect(api.callsTo(`${ORDER_PATH}/review`, 'POST')[0]?.body).toEqual({
      rating: 4,
      text: 'Mia reads it every night.',
    });
    const stored = await screen.findByRole('region', { name: 'Your review' });
    expect(within(stored).getByText('Mia reads it every night.')).toBeVisible();
    expect(within(stored).getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
  });

  it('shows the stored review instead of the form', async () => {
    await openOrder(delivered({ rating: 5, text: 'Perfect gift.', createdAt: '2026-02-01T08:00:00.000Z' }));
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
    const stored = screen.getByRole('region', { name: 'Your review' });
    expect(within(stored).getByText('Perfect gift.')).toBeVisible();
    expect(within(stored).getByText('5 out of 5 stars')).toBeInTheDocument();
  });

  it('a review already sent elsewhere: says so', async () => {
    const { user, api } = await openOrder(delivered());
    mockRoute(api, `POST ${ORDER_PATH}/review`, fails(409, 'REVIEW_EXISTS'));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('You have already reviewed this order.')).toBeVisible();
  });
});

describe('order confirmation: in French', () => {
  it('speaks French', async () => {
    await openOrder(makeOrder({ status: 'printing', paymentStatus: 'paid' }), CONFIRMATION, 'fr');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Merci\u00a0! Votre commande est confirmée' }),
    ).toBeVisible();
    expect(badge('Statut de la commande' as 'Order status')).toHaveTextContent('En impression');
    expect(screen.getByText('15 janvier 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Créer un autre livre' })).toHaveAttribute('href', '/themes');
  });
});

describe('order confirmation: the next steps speak of the book’s children (issue 36)', () => {
  const paid = (cast: Order['cast']) => makeOrder({ status: 'printing', paymentStatus: 'paid', cast });

  it.each([
    [
      'it',
      { count: 1, gender: 'female' },
      /^Ogni pagina è stata disegnata con la tua bambina e il suo peluche/,
    ],
    [
      'it',
      { count: 1, gender: 'male' },
      /^Ogni pagina è stata disegnata con il tuo bambino e il suo peluche/,
    ],
    [
      'it',
      { count: 2, gender: 'female' },
      /^Ogni pagina è stata disegnata con le tue bambine e i loro peluche/,
    ],
    [
      'it',
      { count: 3, gender: 'male' },
      /^Ogni pagina è stata disegnata con i tuoi bambini e i loro peluche/,
    ],
    ['fr', { count: 1, gender: 'female' }, /^Chaque page a été dessinée avec votre enfant et son doudou/],
    ['fr', { count: 2, gender: 'female' }, /^Chaque page a été dessinée avec vos enfants et leurs doudous/],
    ['en', { count: 1, gender: 'female' }, /^Every page was drawn with your child and her cuddly toy/],
    ['en', { count: 1, gender: 'male' }, /^Every page was drawn with your child and his cuddly toy/],
    ['en', { count: 1, gender: null }, /^Every page was drawn with your child and their cuddly toy/],
  ] as const)('in %s, a cast of %o', async (language, cast, words) => {
    await openOrder(paid(cast), CONFIRMATION, language);
    expect(screen.getByText(words)).toBeVisible();
  });

  it('with a person checking before print, the longer text agrees too', async () => {
    document.documentElement.dataset.review = 'on';
    try {
      await openOrder(paid({ count: 1, gender: 'female' }), CONFIRMATION, 'it');
      expect(
        screen.getByText(
          /^Ogni pagina è stata disegnata con la tua bambina.*controlla prima della stampa\.$/,
        ),
      ).toBeVisible();
    } finally {
      delete document.documentElement.dataset.review;
    }
  });
});
