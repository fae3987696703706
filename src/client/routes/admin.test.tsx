import { cleanup, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminOrderDetail,
  AdminOrderRow,
  AdminPricing,
  AdminReview,
} from '../../shared/contracts/admin';
import { parseAmount } from '../features/admin/lib/action-form';
import {
  fails,
  makeOrder,
  mockCheckoutApi,
  ok,
  shippedAndPendingGifts,
} from '../features/checkout/testing/mock-checkout-api';
import { renderApp } from '../test-utils';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  toast.dismiss();
});

const ORDER_ID = 'c0000000-0000-4000-8000-000000000001';
const row = (overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id: ORDER_ID,
  orderNumber: 'BK-1767225600000',
  email: 'ana@example.com',
  name: 'Ana Keller',
  status: 'processing',
  paymentStatus: 'paid',
  country: 'DE',
  total: 9581,
  currency: 'CHF',
  held: false,
  createdAt: '2026-01-15T10:30:00.000Z',
  ...overrides,
});

function detail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const order = makeOrder({
    status: 'processing',
    paymentStatus: 'paid',
    paidAt: '2026-01-15T10:31:00.000Z',
  });
  return {
    order,
    held: false,
    printReview: null,
    userId: 'u1',
    printJobId: null,
    paidAmount: order.quote.total,
    refundedAmount: 0,
    book: null,
    paymentEvents: [
      { id: 'evt_1', type: 'checkout.session.completed', outcome: 'paid', receivedAt: order.createdAt },
    ],
    printerEvents: [],
    refunds: [],
    jobs: [],
    audit: [],
    otherOrders: [],
    can: {
      hold: true,
      release: false,
      refund: true,
      cancel: true,
      markShipped: false,
      markDelivered: false,
      retryBook: false,
      resubmitPrint: false,
      approvePrint: false,
      redrawPage: false,
      correctAddress: false,
      printNow: false,
    },
    ...overrides,
  };
}

const operator = { 'GET /api/admin/me': ok({ email: 'olga@example.com' }) };

describe('the operator console', () => {
  it('is "page not found" for anyone who is not an operator', async () => {
    mockCheckoutApi({ routes: { 'GET /api/admin/me': fails(404, 'NOT_FOUND') } });
    renderApp('/admin/orders');
    // The file's first render imports the console's own code (a lazy route): give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Operator console' })).toBeNull();
  });

  it('lists orders, searches from the address bar, and pages on', async () => {
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        'GET /api/admin/orders': (call) =>
          call.query.get('cursor')
            ? ok({ orders: [row({ id: 'c2', orderNumber: 'BK-2', name: 'Ben Older' })], nextCursor: null })
            : ok({ orders: [row({ held: true })], nextCursor: 'next-page' }),
      },
    });
    const { user, router } = renderApp('/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'BK-1767225600000' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(within(table).getByText('On hold')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ana@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=ana%40example.com&country=DE');
    const searched = api.callsTo('/api/admin/orders').at(-1);
    expect(searched?.query.get('q')).toBe('ana@example.com');
    expect(searched?.query.get('country')).toBe('DE');
    await user.click(await screen.findByRole('button', { name: 'Show more orders' }));
    expect(await within(table).findByText('Ben Older')).toBeVisible();
    expect(api.callsTo('/api/admin/orders').at(-1)?.query.get('cursor')).toBe('next-page');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('says until when a paid order is in its grace period, and counts a parent’s cancellation as refunded', async () => {
    const printAfter = new Date(Date.now() + 30 * 60_000).toISOString();
    const inGrace = detail({ order: { ...detail().order, printAfter } });
    mockCheckoutApi({ routes: { ...operator, [`GET /api/admin/orders/${ORDER_ID}`]: ok(inGrace) } });
    renderApp(`/admin/orders/${ORDER_ID}`);
    expect(
      await screen.findByText(/^Grace period: goes to the printer on .+\. Until then the customer/),
    ).toBeVisible();
    cleanup();
    // Cancelled by the parent: the whole payment is being refunded, nothing is left for an operator.
    const cancelled = detail({
      order: { ...detail().order, status: 'cancelled', printAfter: null },
      refunds: [
        {
          id: 'r1',
          amount: detail().order.quote.total,
          currency: 'chf',
          reason: 'customer_cancelled',
          status: 'pending',
          failure: null,
          createdAt: '2026-01-15T10:40:00.000Z',
          refundedAt: null,
        },
      ],
    });
    mockCheckoutApi({ routes: { ...operator, [`GET /api/admin/orders/${ORDER_ID}`]: ok(cancelled) } });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByText(/Order cancelled by the customer/)).toBeVisible();
    expect(screen.queryByText(/^Grace period/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount to refund (CHF)' })).toHaveValue('0.00');
  });

  it('“Print now” ends the grace period after a confirmation with a reason, and the button goes (issue 36)', async () => {
    const printAfter = new Date(Date.now() + 30 * 60_000).toISOString();
    const inGrace = detail({
      order: { ...detail().order, printAfter },
      can: { ...detail().can, printNow: true },
    });
    const printed = detail({ order: { ...detail().order, printAfter: null } });
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(inGrace),
        [`POST /api/admin/orders/${ORDER_ID}/print-now`]: ok(printed),
      },
    });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Print now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this book to the printer now?' });
    expect(within(dialog).getByText(/the customer can no longer cancel the order/)).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why' }), 'Before the holidays');
    await user.click(within(dialog).getByRole('button', { name: 'Print now' }));
    expect(await screen.findByText(/The grace period is over/)).toBeVisible();
    expect(api.callsTo(`/api/admin/orders/${ORDER_ID}/print-now`).map((call) => call.body)).toEqual([
      { reason: 'Before the holidays' },
    ]);
    expect(screen.queryByRole('button', { name: 'Print now' })).toBeNull();
  });

  it('refunds part of an order: checks the amount, sends cents once, shows the order as it now is', async () => {
    const refunded = detail({
      refunds: [
        {
          id: 'r1',
          amount: 1000,
          currency: 'chf',
          reason: 'operator',
          status: 'pending',
          failure: null,
          createdAt: '2026-01-16T09:00:00.000Z',
          refundedAt: null,
        },
      ],
      audit: [
        {
          id: 'a1',
          action: 'refund',
          actorEmail: 'olga@example.com',
          reason: 'Late parcel',
          details: { amount: 1000 },
          createdAt: '2026-01-16T09:00:00.000Z',
        },
      ],
    });
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(detail()),
        [`POST /api/admin/orders/${ORDER_ID}/refund`]: ok(refunded),
      },
    });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BK-1767225600000' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (CHF)' });
    expect(amount).toHaveValue('95.81');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(dialog).getByRole('button', { name: /^Refund CHF/ }));
    expect(await within(dialog).findByText(/At most CHF\s?95\.81 can still be refunded\./)).toBeVisible();
    expect(within(dialog).getByText('Please say why.')).toBeVisible();
    expect(api.callsTo(`/api/admin/orders/${ORDER_ID}/refund`)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '10,00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why' }), 'Late parcel');
    await user.click(within(dialog).getByRole('button', { name: /^Refund CHF\s?10\.00$/ }));
    expect(await screen.findByText(/The refund was asked/)).toBeVisible();
    const [call] = api.callsTo(`/api/admin/orders/${ORDER_ID}/refund`);
    expect(call?.body).toMatchObject({ amount: 1000, reason: 'Late parcel' });
    expect((call?.body as { requestKey?: string } | undefined)?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    const timeline = screen.getByRole('region', { name: 'What happened' });
    expect(within(timeline).getByText('Refund asked')).toBeVisible();
    expect(within(timeline).getByText('“Late parcel”')).toBeVisible();
  });

  it('corrects the address before print: starts from it, checks the postcode for its country, sends the lines', async () => {
    const before = detail({ can: { ...detail().can, correctAddress: true } });
    const corrected = detail({
      order: { ...before.order, shipping: { ...before.order.shipping, postalCode: '10117' } },
    });
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(before),
        [`POST /api/admin/orders/${ORDER_ID}/address`]: ok(corrected),
      },
    });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BK-1767225600000' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Correct the address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the shipping address?' });
    const postcode = within(dialog).getByRole('textbox', { name: 'Postcode' });
    expect(postcode).toHaveValue(before.order.shipping.postalCode);
    expect(within(dialog).getByText(/The country stays Germany/)).toBeVisible();
    await user.clear(postcode);
    await user.type(postcode, '1011');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why' }), 'Parent phoned');
    await user.click(within(dialog).getByRole('button', { name: 'Save the address' }));
    expect(
      await within(dialog).findByText('This postcode does not fit Germany: it should look like 10115.'),
    ).toBeVisible();
    expect(api.callsTo(`/api/admin/orders/${ORDER_ID}/address`)).toHaveLength(0);
    await user.clear(postcode);
    await user.type(postcode, '10117');
    await user.click(within(dialog).getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('The address is corrected.')).toBeVisible();
    expect(api.callsTo(`/api/admin/orders/${ORDER_ID}/address`)[0]?.body).toEqual({
      address: before.order.shipping.address,
      city: before.order.shipping.city,
      postalCode: '10117',
      region: '',
      reason: 'Parent phoned',
    });
  });

  it('shows each gift copy: where it goes, its language and dedication, and its own parcel', async () => {
    const base = detail();
    const gifted = detail({
      order: {
        ...base.order,
        copyGifts: shippedAndPendingGifts('Pour notre petite Emma'),
      },
    });
    mockCheckoutApi({ routes: { ...operator, [`GET /api/admin/orders/${ORDER_ID}`]: ok(gifted) } });
    renderApp(`/admin/orders/${ORDER_ID}`);
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('Copy 1 · Shipped')).toBeVisible();
    expect(within(customer).getByText(/Colette Martin, 12 rue des Lilas, 69003 Lyon, France/)).toBeVisible();
    expect(within(customer).getByText('Its own dedication: “Pour notre petite Emma” — Mamie')).toBeVisible();
    expect(within(customer).getByRole('link', { name: 'CT1234567890CH' })).toHaveAttribute(
      'href',
      'https://tracking.example/CT1234567890CH',
    );
    expect(within(customer).getByText('Copy 2 · Not handed to the printer yet')).toBeVisible();
    expect(within(customer).getByText('Travels with the book')).toBeVisible();
    expect(within(customer).getAllByText('Printed in Français')).toHaveLength(2);
  });

  it('says why the server refused an action, in the operator’s language', async () => {
    mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(detail()),
        [`POST /api/admin/orders/${ORDER_ID}/hold`]: fails(409, 'ADMIN_ACTION_NOT_ALLOWED'),
      },
    });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`, { language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Mettre en attente' }));
    const dialog = await screen.findByRole('dialog', { name: /^Mettre cette commande en attente/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Vérifier l’adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Mettre en attente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cette commande a changé et cette action ne s’applique plus.',
    );
  });
});

describe('a book waiting for review', () => {
  it('draws a page again, then keeps the new picture, saying why', async () => {
    const book = {
      id: 'b1',
      title: 'Mia and the Night Guardian',
      bookType: 'storybook',
      language: 'en',
      status: 'ready',
      progress: { step: 'all done', percentage: 100 },
      currentVersion: 1,
      approvedVersion: 1,
      paid: true,
      names: { child: 'Mia', toy: 'Bunny' },
      dedication: { message: '', signature: '' },
      pages: [
        {
          position: 3,
          kind: 'story',
          storyPage: 1,
          title: null,
          subtitle: null,
          text: 'The sun slips down behind the hills.',
          signature: null,
          redrawable: true,
          images: [],
        },
      ],
      redraws: { used: 1, max: 3 },
      candidates: [{ position: 3, status: 'ready', images: [] }],
    };
    const waiting = detail({
      printReview: 'waiting',
      book: { id: 'b1', status: 'ready', title: book.title, approvedVersion: 1, versions: [] },
      can: { ...detail().can, approvePrint: true, redrawPage: true },
    });
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(waiting),
        'GET /api/admin/books/b1': ok(book),
        [`POST /api/admin/orders/${ORDER_ID}/redraw-choice`]: ok(waiting),
      },
    });
    const { user } = renderApp(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByText(/^Waiting for review before print/)).toBeVisible();
    // The book opens on its pages while it waits for review.
    expect(await screen.findByText('The sun slips down behind the hills.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Choose the picture of Page 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep which picture of Page 1?' });
    expect(within(dialog).getByRole('radio', { name: 'Keep the new picture' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why' }), 'Better hand');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(await screen.findByText('The page is settled.')).toBeVisible();
    expect(api.callsTo(`/api/admin/orders/${ORDER_ID}/redraw-choice`)[0]?.body).toEqual({
      position: 3,
      picture: 'new',
      reason: 'Better hand',
    });
  });
});

describe('a book of three children on the order page (issue 35)', () => {
  it('lists the cast and names the extra children on their line', async () => {
    const base = detail();
    const cast = detail({
      order: {
        ...base.order,
        extraChildren: ['Leo', 'Zoé'],
        quote: {
          ...base.order.quote,
          lines: [
            ...base.order.quote.lines,
            {
              productKey: 'extra_child',
              itemType: 'extra_child',
              coverType: 'hardcover',
              quantity: 2,
              basePrice: 900,
              discountPercentage: 0,
              unitPrice: 900,
              totalPrice: 1800,
            },
          ],
        },
      },
      book: {
        id: 'b1',
        status: 'ready',
        title: 'Mia, Leo and Zoé and the Night Guardian',
        approvedVersion: 1,
        versions: [],
        cast: [
          { name: 'Mia', age: 5, gender: 'female', toy: 'Bunny', lead: true },
          { name: 'Leo', age: 1, gender: 'male', toy: null, lead: false },
          { name: 'Zoé', age: 7, gender: 'female', toy: 'Pip', lead: false },
        ],
      },
    });
    mockCheckoutApi({
      routes: {
        ...operator,
        [`GET /api/admin/orders/${ORDER_ID}`]: ok(cast),
        'GET /api/admin/books/b1': fails(404, 'NOT_FOUND'),
      },
    });
    renderApp(`/admin/orders/${ORDER_ID}`);
    const children = (await screen.findByRole('heading', { name: 'Children in the book' })).parentElement!;
    expect(
      within(children)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mia · 5 years old · girl · toy: Bunny · the lead',
      'Leo · 1 year old · boy',
      'Zoé · 7 years old · girl · toy: Pip',
    ]);
    expect(screen.getByText('2 × Extra children: Leo and Zoé')).toBeVisible();
  });
});

describe('prices: VAT rates and promo codes', () => {
  const pricing = (overrides: Partial<AdminPricing> = {}): AdminPricing => ({
    taxRates: [
      { id: 'r1', country: 'CH', category: 'reduced', validFrom: '2024-01-01', rateBasisPoints: 260 },
      { id: 'r2', country: 'CH', category: 'reduced', validFrom: '2011-01-01', rateBasisPoints: 250 },
      { id: 'r3', country: 'CH', category: 'standard', validFrom: '2024-01-01', rateBasisPoints: 810 },
    ],
    taxRateOverride: null,
    productPrices: [
      {
        productKey: 'extra_child',
        basePrice: 900,
        discountPercentage: 0,
        isActive: true,
        updatedAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    promoCodes: [
      {
        id: 'p1',
        code: 'SPRING10',
        kind: 'percent',
        value: 10,
        validFrom: null,
        validTo: null,
        maxUses: 50,
        oncePerCustomer: true,
        endedAt: null,
        uses: 3,
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  });

  it('lists the rates and codes, checks a new code before sending it, and sends it in cents', async () => {
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        'GET /api/admin/pricing': ok(pricing()),
        'POST /api/admin/promo-codes': ok(pricing()),
      },
    });
    const { user } = renderApp('/admin/pricing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prices, VAT and promo codes' }),
    ).toBeVisible();
    expect(screen.getByText('SPRING10')).toBeVisible();
    expect(screen.getByText(/10% off · no end date · 3 of 50 uses · once per customer/)).toBeVisible();
    const rates = screen.getByRole('table', { name: 'VAT rates' });
    // Each row says its category: books are taxed at the reduced rate, the standard one is listed.
    const row = (rate: string) => within(rates).getByText(rate).closest('tr') as HTMLElement;
    expect(within(row('2.6%')).getByText('1 January 2024')).toBeVisible();
    expect(within(row('2.6%')).getByText('Reduced (books)')).toBeVisible();
    expect(within(row('8.1%')).getByText('Standard')).toBeVisible();

    const form = screen.getByRole('heading', { name: 'Make a code' }).closest('form') as HTMLFormElement;
    await user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
      'Use 3 to 32 letters, digits or dashes.',
    );
    expect(within(form).getByLabelText('Why (kept in the audit log)')).toHaveAccessibleDescription(
      'Please say why: it is kept in the audit log.',
    );
    expect(api.callsTo('/api/admin/promo-codes')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Code'), 'xmas-26');
    await user.click(within(form).getByRole('radio', { name: 'an amount' }));
    await user.type(within(form).getByLabelText('Amount in CHF'), '7.50');
    await user.type(within(form).getByLabelText('Last day (optional)'), '2026-12-24');
    await user.type(within(form).getByLabelText('Why (kept in the audit log)'), 'Christmas letter');
    await user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await screen.findByText('The code XMAS-26 is ready to use.')).toBeVisible();
    expect(api.callsTo('/api/admin/promo-codes')[0]?.body).toEqual({
      code: 'XMAS-26',
      kind: 'amount',
      value: 750,
      validFrom: null,
      validTo: '2026-12-24',
      maxUses: null,
      oncePerCustomer: true,
      reason: 'Christmas letter',
    });
  });

  it('sets a rate in percent as basis points, and says when the setting overrides the table', async () => {
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        'GET /api/admin/pricing': ok(pricing({ taxRateOverride: 810 })),
        'POST /api/admin/tax-rates': ok(pricing()),
      },
    });
    const { user } = renderApp('/admin/pricing', { language: 'fr' });
    expect(await screen.findByText(/TAX_RATE_BASIS_POINTS est défini/)).toBeVisible();
    const form = screen
      .getByRole('heading', { name: 'Fixer un taux à partir d’un jour' })
      .closest('form') as HTMLFormElement;
    await user.selectOptions(within(form).getByLabelText('Pays'), 'DE');
    await user.selectOptions(within(form).getByLabelText('Catégorie'), 'standard');
    await user.type(within(form).getByLabelText('À partir du'), '2027-01-01');
    await user.type(within(form).getByLabelText('Taux en %'), '19,5');
    await user.type(within(form).getByLabelText('Pourquoi (conservé dans le journal)'), 'Nouveau taux');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le taux' }));
    expect(await screen.findByText(/Le taux est enregistré/)).toBeVisible();
    expect(api.callsTo('/api/admin/tax-rates')[0]?.body).toEqual({
      country: 'DE',
      category: 'standard',
      validFrom: '2027-01-01',
      rateBasisPoints: 1950,
      reason: 'Nouveau taux',
    });
  });

  it('sets the extra child’s price in francs, zero allowed, and says a free one is free (issue 35)', async () => {
    const free = pricing({
      productPrices: [
        {
          productKey: 'extra_child',
          basePrice: 0,
          discountPercentage: 0,
          isActive: true,
          updatedAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    });
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        'GET /api/admin/pricing': ok(pricing()),
        'POST /api/admin/product-prices': ok(free),
      },
    });
    const { user } = renderApp('/admin/pricing');
    const form = (await screen.findByRole('heading', { name: 'Extra children' }))
      .closest('section')
      ?.querySelector('form') as HTMLFormElement;
    expect(within(form).getByText('Price per extra child: CHF 9.00')).toBeVisible();
    await user.type(within(form).getByLabelText('New price per extra child (CHF)'), '-1');
    await user.type(within(form).getByLabelText('Why (kept in the audit log)'), 'Siblings week');
    await user.click(within(form).getByRole('button', { name: 'Save the price' }));
    expect(within(form).getByLabelText('New price per extra child (CHF)')).toHaveAccessibleDescription(
      'Please enter an amount of zero or more, such as 0, 9 or 9.50.',
    );
    expect(api.callsTo('/api/admin/product-prices')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('New price per extra child (CHF)'));
    await user.type(within(form).getByLabelText('New price per extra child (CHF)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Save the price' }));
    expect(await screen.findByText('The extra child’s price is saved.')).toBeVisible();
    expect(api.callsTo('/api/admin/product-prices')[0]?.body).toEqual({
      productKey: 'extra_child',
      basePrice: 0,
      reason: 'Siblings week',
    });
    expect(await within(form).findByText('Price per extra child: Free')).toBeVisible();
  });
});

describe('parseAmount', () => {
  it('reads francs with a point or a comma as cents, and refuses anything else', () => {
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('10.5')).toBe(1050);
    expect(parseAmount('10,05')).toBe(1005);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('ten')).toBeNull();
  });
});

describe('the parents’ reviews in the console', () => {
  const review = (n: number, approvedAt: string | null): AdminReview => ({
    id: `r000000${n}-0000-4000-8000-000000000000`.slice(0, 36),
    rating: 5,
    text: `Review number ${n}`,
    name: 'Ana K.',
    themeId: 'guardian-friend',
    orderId: ORDER_ID,
    orderNumber: `BK-${n}`,
    createdAt: '2026-01-15T10:30:00.000Z',
    approvedAt,
  });

  it('lists the waiting ones and the shown ones apart, reads on with "Show more", and moves a review it shows', async () => {
    const waiting = [review(1, null), review(2, null)];
    const shown = [review(3, '2026-01-16T10:00:00.000Z')];
    const api = mockCheckoutApi({
      routes: {
        ...operator,
        'GET /api/admin/reviews': (call) => {
          const list = call.query.get('list');
          if (list === 'shown') return ok({ reviews: shown, nextCursor: null });
          // The waiting list in two pages: the second after the first's cursor.
          return call.query.get('cursor') === 'page-2'
            ? ok({ reviews: waiting.slice(1), nextCursor: null })
            : ok({ reviews: waiting.slice(0, 1), nextCursor: 'page-2' });
        },
        'POST /api/admin/reviews/r0000001-0000-4000-8000-000000000000/approve': () => {
          const [moved] = waiting.splice(0, 1);
          shown.unshift({ ...moved!, approvedAt: '2026-01-17T10:00:00.000Z' });
          return ok(shown[0]);
        },
      },
    });
    const { user } = renderApp('/admin/reviews');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parents’ reviews' }, { timeout: 10_000 }),
    ).toBeVisible();
    const waitingList = screen.getByRole('region', { name: 'Waiting for a look' });
    const shownList = screen.getByRole('region', { name: 'Shown on the theme pages' });
    expect(await within(waitingList).findByText('Review number 1')).toBeVisible();
    expect(await within(shownList).findByText('Review number 3')).toBeVisible();
    expect(within(waitingList).queryByText('Review number 2')).toBeNull();

    await user.click(within(waitingList).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(waitingList).findByText('Review number 2')).toBeVisible();
    expect(within(waitingList).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(api.callsTo('/api/admin/reviews').map((call) => call.query.get('cursor'))).toContain('page-2');

    const first = within(waitingList).getByText('Review number 1').closest('article') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Show on the theme’s page' }));
    expect(await screen.findByText('The review is shown on its theme’s page.')).toBeVisible();
    expect(await within(shownList).findByText('Review number 1')).toBeVisible();
    expect(within(waitingList).queryByText('Review number 1')).toBeNull();
    expect(api.callsTo('/api/admin/reviews/r0000001-0000-4000-8000-000000000000/approve')[0]?.body).toEqual({
      reason: 'Read and shown in the console',
    });
  });
});
