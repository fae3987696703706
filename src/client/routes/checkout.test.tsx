import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderRequest, OrderRequestSchema } from '../../shared/contracts/checkout';
import { DEFAULT_TAX_RATE_BASIS_POINTS, quoteOrder } from '../../shared/domain/quote';
import {
  type Country,
  deliveryWindow,
  formatDeliveryDay,
  type ShippingLevel,
} from '../../shared/domain/shipping';
import type { Language } from '../../shared/i18n';
import { goToPayment } from '../features/checkout/lib/go-to-payment';
import {
  ADDRESS,
  BOOK_INSTANCE_ID,
  deferred,
  fails,
  GIFT_ADDRESS,
  makeContext,
  makeOrder,
  makePrices,
  makeTaxRates,
  mockCheckoutApi,
  ORDER_ID,
  ok,
} from '../features/checkout/testing/mock-checkout-api';
import { formatMoney } from '../lib/format';
import { routes } from '../router';
import { Elsewhere, realTimersAndNoToasts, renderWithRouter } from '../test-utils';

/** The summary's delivery promise for an order placed today (the dates: shipping.test.ts). */
function arrivesText(country: Country, level: ShippingLevel = 'standard') {
  const window = deliveryWindow(new Date(), country, level);
  return `Arrives between ${formatDeliveryDay(window.earliest, 'en')} and ${formatDeliveryDay(window.latest, 'en')}`;
}

// jsdom cannot leave the page: the step to the payment provider is stood in for.
vi.mock('../features/checkout/lib/go-to-payment', () => ({ goToPayment: vi.fn() }));
// Whole journeys typed key by key: more than the default 5 s on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.mocked(goToPayment).mockClear();
});
afterEach(realTimersAndNoToasts);

const CHECKOUT = `/checkout/${BOOK_INSTANCE_ID}`;
// Amounts come from Intl.NumberFormat, which puts a no-break space after the currency.
const PAY_95_81 = 'Pay CHF\u00a095.81';

function openCheckout(path = CHECKOUT, language?: Language) {
  const router = createMemoryRouter(
    [
      { path: '/checkout/:bookInstanceId', lazy: () => import('./checkout'), HydrateFallback: () => null },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  return renderWithRouter(router, language ? { language } : {});
}

/** Opens the checkout and waits for step 1 (the first test also loads the page's code). */
async function openStep1(path = CHECKOUT, language?: Language) {
  const view = openCheckout(path, language);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return view;
}

/** The heading of a new step takes the focus once the step is shown. */
const focusMoves = (element: HTMLElement) => waitFor(() => expect(element).toHaveFocus());

const stepParam = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search).get('step');

/** A cover of the book itself (the copies have their own). */
const coverChoice = (name: string) =>
  within(screen.getByRole('group', { name: 'Choose the cover' })).getByRole('radio', {
    name: new RegExp(`^${name}`),
  });

type View = Awaited<ReturnType<typeof openStep1>>;

async function fillDetails({ user }: View) {
  await user.type(screen.getByLabelText('Street and house number'), ADDRESS.address);
  await user.type(screen.getByLabelText('Postcode'), ADDRESS.postalCode);
  await user.type(screen.getByLabelText('Town or city'), ADDRESS.city);
  await user.selectOptions(screen.getByLabelText('Country'), 'DE');
}

describe('checkout: while it loads (issue 19: nothing moves)', () => {
  it('holds the step bar, progress and step boxes with a decorative skeleton, then shows the step', async () => {
    const read = deferred();
    mockCheckoutApi({ routes: { [`GET /api/checkout/${BOOK_INSTANCE_ID}`]: read.handler } });
    openCheckout();
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(
      'Loading your checkout…',
    );
    expect(screen.getByTestId('checkout-skeleton')).toHaveAttribute('aria-hidden', 'true');
    // Nothing to press nor read twice while loading: no heading, no progress, no buttons.
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next|Previous/ })).not.toBeInTheDocument();
    read.release(ok(makeContext()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your book' })).toBeVisible();
    expect(screen.queryByTestId('checkout-skeleton')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your checkout…')).not.toBeInTheDocument();
  });
});

describe('checkout: who may open it', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    mockCheckoutApi({ signedInAs: null });
    const { router } = openCheckout(`${CHECKOUT}?payment_cancelled=true`);
    expect(await screen.findByText(/^Elsewhere: \/auth/, {}, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `${CHECKOUT}?payment_cancelled=true`,
    );
  });

  it('an unknown or foreign book: a toast and back to the wizard', async () => {
    mockCheckoutApi({ routes: { [`GET /api/checkout/${BOOK_INSTANCE_ID}`]: fails(404, 'NOT_FOUND') } });
    openCheckout();
    expect(await screen.findByText('Elsewhere: /wizard', {}, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText('Book instance not found')).toBeVisible();
  });

  it('any other failure: a loading failed toast and back to the wizard', async () => {
    mockCheckoutApi({ routes: { [`GET /api/checkout/${BOOK_INSTANCE_ID}`]: fails(500, 'INTERNAL_ERROR') } });
    openCheckout();
    expect(await screen.findByText('Elsewhere: /wizard', {}, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText('Loading failed. Please try again.')).toBeVisible();
  });

  it('a book already paid shows its order instead of charging twice', async () => {
    mockCheckoutApi({ context: makeContext({ paidOrderId: ORDER_ID }) });
    openCheckout();
    expect(
      await screen.findByText(`Elsewhere: /order-confirmation/${ORDER_ID}`, {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});

describe('checkout: an expired draft', () => {
  it.each([
    ['en', 'This draft has expired', 'Make the book again'],
    ['fr', 'Ce brouillon a expiré', 'Recréer le livre'],
  ] as const)(
    'says why it cannot be ordered and leads to making it again (%s)',
    async (language, title, link) => {
      const api = mockCheckoutApi({
        context: makeContext({
          bookInstance: { ...makeContext().bookInstance, status: 'abandoned', bookType: 'coloring' },
        }),
      });
      openCheckout(CHECKOUT, language);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeVisible();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/themes?type=coloring');
      expect(screen.queryByRole('button', { name: /Next|Suivant/ })).toBeNull();
      expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(0);
    },
  );
});

describe('checkout: step 1, the book', () => {
  it('shows the steps, Previous disabled, and a way back to the wizard', async () => {
    mockCheckoutApi();
    const { router, user } = await openStep1();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your book' })).toBeVisible();
    const progress = screen.getByRole('progressbar', { name: 'Checkout progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuetext', 'Step 1 of 3: Your book');
    const steps = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('aria-current'));
    expect(steps).toHaveLength(1);
    expect(steps[0]).toHaveTextContent('Step 1 of 3: Your book');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // A draft (not drawn yet) goes back to the wizard; a drawn book to its reader (below).
    expect(screen.getByRole('link', { name: 'Back to the wizard' })).toHaveAttribute('href', '/wizard');
    expect(screen.queryByText('Payment Cancelled')).not.toBeInTheDocument();
    // The wizard's link stays as it is: the address of step 1 is the bare one.
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepParam(router)).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(stepParam(router)).toBe('1'));
    await focusMoves(await screen.findByRole('heading', { level: 1, name: 'Choose your book' }));
  });

  it('takes each price from the pricing data, never from the page', async () => {
    mockCheckoutApi();
    await openStep1();
    expect(screen.getByRole('radio', { name: /^Softcover\s*CHF\s29\.99/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Hardcover\s*CHF\s39\.99/ })).toBeVisible();
  });

  it('shows the whole cover as it prints on the binding chosen, and the other one when it changes', async () => {
    mockCheckoutApi();
    const { user } = await openStep1();
    const sheet = screen.getByTestId('cover-sheet');
    expect(sheet).toHaveAttribute(
      'src',
      `/api/books/${BOOK_INSTANCE_ID}/cover-sheet?binding=softcover&w=800`,
    );
    expect(sheet).toHaveAttribute('loading', 'lazy');
    // Until the sheet has come, its box says it is being drawn.
    expect(screen.getByText('Drawing the whole cover as it will print…')).toHaveAttribute('role', 'status');
    fireEvent.load(sheet);
    expect(screen.queryByText('Drawing the whole cover as it will print…')).not.toBeInTheDocument();
    expect(screen.getByText(/is trimmed off/)).toBeVisible();
    await user.click(coverChoice('Hardcover'));
    expect(screen.getByTestId('cover-sheet')).toHaveAttribute(
      'src',
      `/api/books/${BOOK_INSTANCE_ID}/cover-sheet?binding=hardcover&w=800`,
    );
    expect(screen.getByText(/folds round the boards/)).toBeVisible();
  });

  it('a bilingual book: the summary adds the edition at its price, for the book and each copy in its language', async () => {
    mockCheckoutApi({
      context: makeContext({
        pricing: {
          currency: 'CHF',
          prices: makePrices({ bilingual_edition: 500 }),
          taxRates: makeTaxRates(),
          promo: null,
          bilingual: true,
        },
      }),
    });
    const view = await openStep1();
    await view.user.click(screen.getByRole('radio', { name: '2 copies 30% off' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    await fillDetails(view);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Bilingual edition')).toBeVisible();
    expect(within(summary).getByText('3 × CHF 5.00')).toBeVisible();
    expect(within(summary).getByText('CHF 15.00')).toBeVisible();
  });

  it('a book of three children: the summary names the two extra children at their price, or says free', async () => {
    const castContext = (extraChild: number) =>
      makeContext({
        pricing: {
          currency: 'CHF',
          prices: makePrices({ extra_child: extraChild }),
          taxRates: makeTaxRates(),
          promo: null,
          extraChildren: ['Leo', 'Zoé'],
        },
      });
    mockCheckoutApi({ context: castContext(900) });
    const view = await openStep1();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    await fillDetails(view);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Extra children: Leo and Zoé')).toBeVisible();
    expect(within(summary).getByText('2 × CHF 9.00')).toBeVisible();
    expect(within(summary).getByText('CHF 18.00')).toBeVisible();
    view.unmount();

    mockCheckoutApi({ context: castContext(0) });
    const free = await openStep1();
    await free.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    await fillDetails(free);
    const freeSummary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(freeSummary).getByText('Extra children: Leo and Zoé')).toBeVisible();
    expect(within(freeSummary).getByText('Free')).toBeVisible();
  });

  it('shows a changed price as soon as the pricing data says so', async () => {
    mockCheckoutApi({
      context: makeContext({
        pricing: {
          currency: 'CHF',
          prices: makePrices({ hardcover_book: 4499, softcover_book: 2499 }),
          taxRates: makeTaxRates(),
          promo: null,
        },
      }),
    });
    const { user } = await openStep1();
    expect(screen.getByRole('radio', { name: /^Hardcover\s*CHF\s44\.99/ })).toBeVisible();
    expect(screen.getByRole('radio', { name: /^Softcover\s*CHF\s24\.99/ })).toBeVisible();
    expect(screen.queryByText('CHF 39.99')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^1 copy/ }));
    // 2499 - 25 % = 1874.25, rounded to 1874.
    expect(screen.getByText('CHF 18.74 per copy instead of CHF 24.99.')).toBeVisible();
  });

  it('a cover without an active price cannot be chosen', async () => {
    mockCheckoutApi({
      context: makeContext({
        pricing: {
          currency: 'CHF',
          prices: makePrices().filter((p) => p.productKey !== 'hardcover_book'),
          taxRates: makeTaxRates(),
          promo: null,
        },
      }),
    });
    await openStep1();
    expect(screen.getByRole('radio', { name: /Hardcover/ })).toBeDisabled();
    expect(screen.getByText('Not available at the moment')).toBeVisible();
  });

  it('grandparent copies: the discount tiers from the rule, the price per copy and the saving', async () => {
    mockCheckoutApi();
    const { user } = await openStep1();
    expect(
      screen.getByText(/25% off with 1 copy, 30% off each with 2 copies and 35% off each with 3 copies\./),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Cover of the copies' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '2 copies 30% off' }));
    const copiesCover = screen.getByRole('group', { name: 'Cover of the copies' });
    expect(within(copiesCover).getByRole('radio', { name: 'Softcover' })).toBeChecked();
    // 2999 - 30 % = 2099.3 -> 2099 per copy; 2 x 900 saved.
    expect(screen.getByText('CHF 20.99 per copy instead of CHF 29.99.')).toBeVisible();
    expect(screen.getByText('You save CHF 18.00.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: '3 copies 35% off' }));
    await user.click(within(copiesCover).getByRole('radio', { name: 'Hardcover' }));
    // 3999 - 35 % = 2599.35 -> 2599; 3 x 1400 saved.
    expect(screen.getByText('CHF 25.99 per copy instead of CHF 39.99.')).toBeVisible();
    expect(screen.getByText('You save CHF 42.00.')).toBeVisible();
  });

  it('the cover preview falls back from the book’s front cover to the hero cover, the book picture, then a notice', async () => {
    mockCheckoutApi();
    await openStep1();
    const front = screen.getByRole('img', { name: 'The cover of your book, with Mia as the hero' });
    // The front cover the parent approved in the reader, at a web size.
    expect(front).toHaveAttribute('src', `/api/books/${BOOK_INSTANCE_ID}/pages/0/image?w=960`);
    fireEvent.error(front);
    const cover = screen.getByRole('img', { name: 'The cover of your book, with Mia as the hero' });
    expect(cover).toHaveAttribute('src', `/api/book-instances/${BOOK_INSTANCE_ID}/cover`);
    fireEvent.error(cover);
    const display = screen.getByRole('img', { name: 'The cover of your book, with Mia as the hero' });
    expect(display).toHaveAttribute('src', '/catalog/books/guardian-friend/display/main.jpg');
    fireEvent.error(display);
    expect(screen.queryByRole('img', { name: /The cover of your book/ })).not.toBeInTheDocument();
    expect(screen.getByText('Preview not available')).toBeVisible();
  });

  it('no picture at all: the notice once the front cover fails', async () => {
    mockCheckoutApi({ context: makeContext({ coverPreview: { heroCover: null, bookDisplay: null } }) });
    await openStep1();
    fireEvent.error(screen.getByRole('img', { name: 'The cover of your book, with Mia as the hero' }));
    expect(screen.getByText('Preview not available')).toBeVisible();
  });
});

describe('checkout: step 2, the details', () => {
  it('blocks Next with one summary and a message on each field to fix (no toast), and saves nothing', async () => {
    const api = mockCheckoutApi({
      context: makeContext({ prefill: { email: 'ana@example.com', name: 'ana' } }),
    });
    const view = await openStep1();
    const { user } = view;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await focusMoves(await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' }));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('First name')).toHaveValue('');

    await user.type(screen.getByLabelText('Postcode'), '10115!');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some details are missing');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Please complete all required fields')).not.toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Please enter your first name.');
    await focusMoves(firstName);
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Please enter your last name.');
    expect(screen.getByLabelText('Street and house number')).toHaveAccessibleDescription(
      'Please enter your street and house number.',
    );
    // Switzerland, the country chosen at first: its postcodes are four digits.
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'Please enter a Swiss postcode: four digits, from 1000 to 9699.',
    );
    expect(screen.getByLabelText('E-mail address')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');

    // Fixing a field clears its message at once.
    await user.type(firstName, 'Ana');
    expect(firstName).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'ana@');
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      /Please enter a valid e-mail address, like name@example\.com\.$/,
    );
    expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Where should we send it?' })).toBeVisible();
  });

  it('shows a field’s message when it is left empty, before any Next', async () => {
    mockCheckoutApi();
    const { user } = await openStep1(`${CHECKOUT}?step=2`);
    expect(screen.getByRole('heading', { level: 1, name: 'Where should we send it?' })).toBeVisible();
    await user.click(screen.getByLabelText('Town or city'));
    await user.tab();
    expect(screen.getByLabelText('Town or city')).toHaveAccessibleDescription(
      'Please enter your town or city.',
    );
    expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid');
  });

  it('offers the countries by name, Switzerland first, and the summary follows the country', async () => {
    mockCheckoutApi();
    const { user } = await openStep1(`${CHECKOUT}?step=2`);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('CH');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Switzerland',
      'Germany',
      'France',
      'Italy',
      'Austria',
      'United States',
      'United Kingdom',
      'Spain',
    ]);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Shipping to Switzerland')).toBeVisible();
    // Printing 2–7 working days, then 2–3 to Switzerland, 7–10 to the United States (from today).
    expect(within(summary).getByText(arrivesText('CH'))).toBeVisible();
    expect(within(summary).getByText('CHF 4.99')).toBeVisible();
    await user.selectOptions(country, 'US');
    expect(within(summary).getByText('Shipping to United States')).toBeVisible();
    expect(within(summary).getByText(arrivesText('US'))).toBeVisible();
    expect(within(summary).getByText('CHF 12.99')).toBeVisible();
  });

  it('refuses a postcode the chosen country does not use, saying what one looks like (issue 36)', async () => {
    const api = mockCheckoutApi();
    const { user } = await openStep1(`${CHECKOUT}?step=2`);
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.type(screen.getByLabelText('Postcode'), '6900');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Postcode')).toHaveAccessibleDescription(
      'Please enter a postcode for the country chosen (France), like 75001.',
    );
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), '06900');
    expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(0);
  });

  it('a US address asks for its state, refuses Next without it, and sends it', async () => {
    const api = mockCheckoutApi();
    const view = await openStep1(`${CHECKOUT}?step=2`);
    expect(screen.queryByLabelText('State')).toBeNull();
    await fillDetails(view);
    await view.user.selectOptions(screen.getByLabelText('Country'), 'US');
    const state = screen.getByLabelText('State');
    expect(state).toHaveValue('');
    expect(within(state).getAllByRole('option')).toHaveLength(52);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose the state of this US address.')).toBeVisible();
    expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(0);
    await view.user.selectOptions(state, 'TX');
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(1),
    );
    const [put] = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    expect((put!.body as OrderRequest).shipping).toMatchObject({ country: 'US', region: 'TX' });
  });

  it('makes a copy a gift: its own address adds its own parcel, its words and language travel, nothing typed is lost', async () => {
    const api = mockCheckoutApi();
    const view = await openStep1();
    const { user } = view;
    await user.click(coverChoice('Hardcover'));
    await user.click(screen.getByRole('radio', { name: '2 copies 30% off' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    await fillDetails(view);
    const gifts = screen.getByRole('region', { name: 'Gifts for the grandparents' });
    const first = within(gifts).getByRole('group', { name: 'Copy 1' });
    // Compact while unused: a line and a button per copy.
    expect(within(first).getByText('Travels in your parcel, just like your book.')).toBeVisible();
    expect(within(first).queryByRole('checkbox')).toBeNull();
    const make = within(first).getByRole('button', { name: 'Make it a gift' });
    expect(make).toHaveAttribute('aria-expanded', 'false');
    await user.click(make);
    expect(within(first).getByRole('button', { name: 'Make it a gift' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(within(first).getByRole('checkbox', { name: 'Send this copy to another address' }));
    // Next with the address empty: each missing field of that copy is said at its place.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(first).findByText('Please enter their first name.')).toBeVisible();
    expect(within(first).getByText('Please enter their town or city.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Some details are missing');
    expect(within(first).getByLabelText('Their first name')).toHaveFocus();
    expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(0);
    await user.type(within(first).getByLabelText('Their first name'), 'Colette');
    await user.type(within(first).getByLabelText('Their last name'), 'Martin');
    await user.type(within(first).getByLabelText('Street and house number'), '12 rue des Lilas');
    await user.type(within(first).getByLabelText('Postcode'), '69003');
    await user.type(within(first).getByLabelText('Town or city'), 'Lyon');
    await user.selectOptions(within(first).getByLabelText('Country'), 'FR');
    await user.click(within(first).getByRole('checkbox', { name: 'Print this copy in another language' }));
    // Every language of the shop but the book's own (English), French offered first; Colette reads German.
    const copyLanguage = within(first).getByLabelText('Language of this copy');
    expect(
      within(copyLanguage)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['French', 'German', 'Italian']);
    expect(copyLanguage).toHaveValue('fr');
    await user.selectOptions(copyLanguage, 'de');
    expect(within(first).getByText(/every page inside are in German\./)).toBeVisible();
    const second = within(gifts).getByRole('group', { name: 'Copy 2' });
    await user.click(within(second).getByRole('button', { name: 'Make it a gift' }));
    await user.click(within(second).getByRole('checkbox', { name: 'Write this copy its own dedication' }));
    await user.type(within(second).getByLabelText('Dedication for this copy'), 'For Emma, with love');
    await user.type(within(second).getByLabelText('Signed (optional)'), 'Aunt Lou');

    // The summary adds Colette's parcel to France at the shared quote's price.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Your parcel to Germany')).toBeVisible();
    expect(within(summary).getByText('Colette’s parcel to France')).toBeVisible();
    // Express is the order's level: every parcel goes express, and each line says so (issue 36).
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    await user.click(within(delivery).getByRole('radio', { name: /^Express/ }));
    expect(within(summary).getByText('Your parcel to Germany, express')).toBeVisible();
    expect(within(summary).getByText('Colette’s parcel to France, express')).toBeVisible();
    await user.click(within(delivery).getByRole('radio', { name: /^Standard/ }));
    expect(within(summary).getByText('Colette’s parcel to France')).toBeVisible();
    const expected = quoteOrder(
      makePrices(),
      {
        coverType: 'hardcover',
        grandparentCopies: { count: 2, coverType: 'softcover' },
        country: 'DE',
        giftParcels: [{ copy: 1, country: 'FR' }],
      },
      { taxRateBasisPoints: DEFAULT_TAX_RATE_BASIS_POINTS },
    );
    expect(within(summary).getByText(formatMoney(expected.total, 'en').replace(/\s/g, ' '))).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Check and pay' });
    const [put] = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    expect((put?.body as OrderRequest | undefined)?.copyGifts).toEqual([
      {
        position: 1,
        shipTo: GIFT_ADDRESS,
        dedication: null,
        language: 'de',
      },
      {
        position: 2,
        shipTo: null,
        dedication: { message: 'For Emma, with love', signature: 'Aunt Lou' },
        language: null,
      },
    ]);
    expect(OrderRequestSchema.strict().safeParse(put?.body).success).toBe(true);
    // Each copy with words of its own can be read before paying.
    const saved = screen.getByRole('region', { name: 'The gift copies' });
    expect(within(saved).getByText('To Colette Martin, Lyon, France')).toBeVisible();
    expect(within(saved).getByText('In German')).toBeVisible();
    expect(within(saved).getByText('In your parcel')).toBeVisible();
    expect(within(saved).getByText('Its own dedication')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Preview copy 1' })).toHaveAttribute(
      'href',
      `/book/${BOOK_INSTANCE_ID}?copy=1`,
    );
    expect(screen.getByRole('link', { name: 'Preview copy 2' })).toHaveAttribute(
      'href',
      `/book/${BOOK_INSTANCE_ID}?copy=2`,
    );

    // Back to step 2: everything typed is still there, each gift open with what it is.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const again = await screen.findByRole('group', { name: 'Copy 1' });
    expect(within(again).getByText('To Colette Martin, Lyon, France · In German')).toBeVisible();
    expect(within(again).getByLabelText('Town or city')).toHaveValue('Lyon');
    expect(within(again).getByLabelText('Language of this copy')).toHaveValue('de');
    expect(
      within(screen.getByRole('group', { name: 'Copy 2' })).getByLabelText('Dedication for this copy'),
    ).toHaveValue('For Emma, with love');
  }, 40_000);

  it('a gift field the server refuses is shown at its place, on the copy it belongs to', async () => {
    const api = mockCheckoutApi({
      routes: {
        [`PUT /api/checkout/${BOOK_INSTANCE_ID}/order`]: fails(
          400,
          'VALIDATION_INVALID_PARAM',
          'Invalid request at copyGifts.0.shipTo.postalCode: expected a postal code',
        ),
      },
    });
    const view = await openStep1();
    const { user } = view;
    await user.click(screen.getByRole('radio', { name: '2 copies 30% off' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    await fillDetails(view);
    // Copy 1 asks for nothing: the request's first gift is copy 2.
    const second = screen.getByRole('group', { name: 'Copy 2' });
    await user.click(within(second).getByRole('button', { name: 'Make it a gift' }));
    await user.click(within(second).getByRole('checkbox', { name: 'Send this copy to another address' }));
    await user.type(within(second).getByLabelText('Their first name'), 'Henri');
    await user.type(within(second).getByLabelText('Their last name'), 'Keller');
    await user.type(within(second).getByLabelText('Street and house number'), 'Bahnhofstrasse 5');
    await user.type(within(second).getByLabelText('Postcode'), '8001');
    await user.type(within(second).getByLabelText('Town or city'), 'Zürich');
    await user.selectOptions(within(second).getByLabelText('Country'), 'CH');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT')).toHaveLength(1),
    );
    const postalCode = within(second).getByLabelText('Postcode');
    expect(
      await within(second).findByText('Please enter a Swiss postcode: four digits, from 1000 to 9699.'),
    ).toBeVisible();
    expect(postalCode).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some details are missing');
    expect(screen.getByRole('heading', { level: 1, name: 'Where should we send it?' })).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Copy 1' })).queryByText(/valid postcode/)).toBeNull();
  }, 40_000);

  it('the worked example: hardcover and two softcover copies to Germany is CHF 95.81', async () => {
    const api = mockCheckoutApi();
    const view = await openStep1();
    const { user, router } = view;
    await user.click(coverChoice('Hardcover'));
    await user.click(screen.getByRole('radio', { name: '2 copies 30% off' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    expect(screen.getByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Keller');
    await fillDetails(view);

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Hardcover book')).toBeVisible();
    expect(within(summary).getByText('CHF 39.99')).toBeVisible();
    expect(within(summary).getByText('Grandparent copies, softcover')).toBeVisible();
    expect(within(summary).getByText('2 × CHF 20.99 · 30% off')).toBeVisible();
    expect(within(summary).getByText('CHF 41.98')).toBeVisible();
    expect(within(summary).getByText('CHF 81.97')).toBeVisible();
    expect(within(summary).getByText('Shipping to Germany')).toBeVisible();
    expect(within(summary).getByText(arrivesText('DE'))).toBeVisible();
    expect(within(summary).getByText('CHF 6.99')).toBeVisible();
    expect(within(summary).getByText('VAT (7.7%)')).toBeVisible();
    expect(within(summary).getByText('CHF 6.85')).toBeVisible();
    expect(within(summary).getByText('CHF 95.81')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await focusMoves(await screen.findByRole('heading', { level: 1, name: 'Check and pay' }));
    expect(stepParam(router)).toBe('3');
    const [put] = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    // Only the choices travel: no price, discount or total.
    expect(put?.body).toEqual({
      coverType: 'hardcover',
      grandparentCopies: { count: 2, coverType: 'softcover' },
      customer: { firstName: 'Ana', lastName: 'Keller', email: 'ana@example.com', phone: '' },
      shipping: { ...ADDRESS },
      shippingLevel: 'standard',
      promoCode: '',
      language: 'en',
      copyGifts: [],
    });
    expect(OrderRequestSchema.strict().safeParse(put?.body).success).toBe(true);
    expect(JSON.stringify(put?.body)).not.toMatch(/price|total|discount|amount|tax/i);
    expect(screen.getByRole('button', { name: PAY_95_81 })).toBeDisabled();
  });

  it('express shipping: 14.99 more, a sooner promise, and the choice is sent', async () => {
    const api = mockCheckoutApi();
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: /^Standard\s*CHF\s6\.99/ })).toBeChecked();
    await view.user.click(within(delivery).getByRole('radio', { name: /^Express\s*CHF\s21\.98/ }));
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Express shipping to Germany')).toBeVisible();
    expect(within(summary).getByText(arrivesText('DE', 'express'))).toBeVisible();
    // Softcover 29.99 + express 21.98 = 51.97; VAT 7.7 % = 4.00; total 55.97.
    expect(within(summary).getByText('CHF 55.97')).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Check and pay' });
    const [put] = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    expect(put?.body).toMatchObject({ shippingLevel: 'express' });
    expect(screen.getByRole('button', { name: /Pay\s*CHF\s55\.97/ })).toBeVisible();
  });

  it('a promo code: a wrong one is refused with its reason, a good one lowers the total', async () => {
    const api = mockCheckoutApi({
      promoCodes: { SPRING10: { code: 'SPRING10', kind: 'percent', value: 10 }, OLD: 'PROMO_CODE_EXPIRED' },
    });
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Check and pay' });
    const code = screen.getByLabelText('Promo code');
    await view.user.type(code, 'nope');
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/We don’t know this code/)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await view.user.clear(code);
    await view.user.type(code, 'old');
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/This code is no longer valid/)).toBeVisible();
    await view.user.clear(code);
    await view.user.type(code, ' spring10 ');
    await view.user.click(screen.getByRole('button', { name: 'Apply' }));
    // Softcover 29.99 - 10 % = 26.99; + shipping 6.99 = 33.98; VAT 7.7 % = 2.62; total 36.60.
    expect(await screen.findByText('Code SPRING10 applied: CHF 3.00 off your books.')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Code SPRING10')).toBeVisible();
    expect(within(summary).getByText('−CHF 3.00')).toBeVisible();
    expect(within(summary).getByText('CHF 36.60')).toBeVisible();
    // Only the code travels, in capitals; its value is the server's.
    const puts = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ promoCode: 'SPRING10' });
    expect(JSON.stringify(puts.at(-1)?.body)).not.toMatch(/percent|value|discount/i);
    await view.user.click(screen.getByRole('button', { name: 'Remove the code' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Promo code')).value).toBe('');
    // 29.99 + 6.99 = 36.98; VAT 2.85; total 39.83.
    expect(within(summary).getByText('CHF 39.83')).toBeVisible();
  });

  it('a failed save: the toast, and the buyer stays on step 2 with everything kept', async () => {
    mockCheckoutApi({
      routes: { [`PUT /api/checkout/${BOOK_INSTANCE_ID}/order`]: fails(500, 'ORDER_CREATE_FAILED') },
    });
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to create order. Please try again.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Where should we send it?' })).toBeVisible();
    expect(screen.getByLabelText('Street and house number')).toHaveValue(ADDRESS.address);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it.each([
    ['BOOK_NOT_APPROVED', 'Please look through your book and press “This is my book” before paying'],
    ['BOOK_VERSION_SUPERSEDED', 'Your book has changed since you approved it.'],
  ])('a book not approved as it is now (%s): why, and the way back to the book', async (code, text) => {
    mockCheckoutApi({
      routes: { [`PUT /api/checkout/${BOOK_INSTANCE_ID}/order`]: fails(409, code) },
    });
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).getByRole('link', { name: 'Back to your book' })).toHaveAttribute(
      'href',
      `/book/${BOOK_INSTANCE_ID}`,
    );
    expect(screen.queryByText('Failed to create order. Please try again.')).toBeNull();
  });

  it('leads back to the reader of a book already drawn', async () => {
    const context = makeContext();
    mockCheckoutApi({ context: { ...context, bookInstance: { ...context.bookInstance, status: 'ready' } } });
    await openStep1(CHECKOUT);
    expect(screen.getByRole('link', { name: 'Back to your book' })).toHaveAttribute(
      'href',
      `/book/${BOOK_INSTANCE_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Back to the wizard' })).toBeNull();
  });

  it.each([
    ['not_approved', 'Please look through your book and press “This is my book” before paying'],
    ['superseded', 'Your book has changed since you approved it.'],
  ] as const)('a book %s says so on arrival, before any detail is typed', async (approval, text) => {
    const context = makeContext();
    mockCheckoutApi({ context: { ...context, bookInstance: { ...context.bookInstance, approval } } });
    await openStep1(CHECKOUT);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).getByRole('link', { name: 'Back to your book' })).toHaveAttribute(
      'href',
      `/book/${BOOK_INSTANCE_ID}`,
    );
  });

  it('a draft that expired while the page was open: its own message, not the generic one', async () => {
    mockCheckoutApi({
      routes: { [`PUT /api/checkout/${BOOK_INSTANCE_ID}/order`]: fails(409, 'JOB_INVALID_STATE') },
    });
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('This book was not ordered within 30 days. Please make it again.'),
    ).toBeVisible();
    expect(screen.queryByText('Failed to create order. Please try again.')).toBeNull();
  });

  it('says what it is doing while the order is saved', async () => {
    const save = deferred();
    mockCheckoutApi({ routes: { [`PUT /api/checkout/${BOOK_INSTANCE_ID}/order`]: save.handler } });
    const view = await openStep1(`${CHECKOUT}?step=2`);
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Saving your order…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    save.release(ok(makeOrder()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
  });
});

describe('checkout: an order already made', () => {
  const withOrder = () => makeContext({ order: makeOrder() });

  it('restores the choices; a change on step 1 is saved again before paying', async () => {
    const api = mockCheckoutApi({ context: withOrder() });
    const { user } = await openStep1();
    expect(coverChoice('Hardcover')).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 copies 30% off' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send it?' });
    expect(screen.getByLabelText('Street and house number')).toHaveValue(ADDRESS.address);
    expect(screen.getByLabelText('Country')).toHaveValue('DE');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your book' });
    await user.click(coverChoice('Softcover'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { level: 1, name: 'Check and pay' });
    const puts = api.callsTo(`/api/checkout/${BOOK_INSTANCE_ID}/order`, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ coverType: 'softcover' });
    // 2999 + 2 x 2099 + 699 = 7896; tax 608; total 8504.
    expect(screen.getByRole('button', { name: 'Pay CHF\u00a085.04' })).toBeVisible();
  });

  it('step 3 in the address with a changed form falls back to step 2', async () => {
    mockCheckoutApi({ context: withOrder() });
    const { user, router } = await openStep1(`${CHECKOUT}?step=3`);
    expect(screen.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(await screen.findByLabelText('Town or city'));
    await user.type(screen.getByLabelText('Town or city'), 'Munich');
    router.navigate(`${CHECKOUT}?step=3`);
    await waitFor(() => expect(stepParam(router)).toBe('2'));
    expect(screen.getByRole('heading', { level: 1, name: 'Where should we send it?' })).toBeVisible();
  });

  it('back from the payment page: the orange banner, on the payment step', async () => {
    mockCheckoutApi({ context: withOrder() });
    const { user, router } = await openStep1(`${CHECKOUT}?payment_cancelled=true`);
    const banner = screen.getByRole('status', { name: 'Payment Cancelled' });
    expect(banner).toHaveTextContent('Your payment was cancelled. You can continue with your order below.');
    expect(screen.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
    await user.click(within(banner).getByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByText('Payment Cancelled')).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('payment_cancelled')).toBeNull();
  });

  it('the banner shows without an order too, on step 1', async () => {
    mockCheckoutApi();
    await openStep1(`${CHECKOUT}?payment_cancelled=true`);
    expect(screen.getByText('Payment Cancelled')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your book' })).toBeVisible();
  });
});

describe('checkout: step 3, paying', () => {
  const openPayment = () => {
    const api = mockCheckoutApi({ context: makeContext({ order: makeOrder() }) });
    return openStep1(`${CHECKOUT}?step=3`).then((view) => ({ ...view, api }));
  };

  it('Pay stays disabled until both boxes are ticked, then goes to the payment page', async () => {
    const { user, api } = await openPayment();
    const pay = screen.getByRole('button', { name: PAY_95_81 });
    // One Pay button, in the step bar in place of Next, so it is in sight at every width (issue 20).
    expect(screen.getAllByRole('button', { name: /^Pay / })).toHaveLength(1);
    const bar = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(within(bar).getByRole('button', { name: PAY_95_81 })).toBe(pay);
    expect(within(bar).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Please tick both boxes to continue.');
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    const privacy = screen.getByRole('checkbox', { name: /privacy policy/ });
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(/Your card details never touch our server\./)).toBeVisible();

    // The bar says why Pay waits, and takes the parent to the first box still to tick.
    await user.click(within(bar).getByRole('button', { name: 'Tick both boxes to pay' }));
    expect(terms).toHaveFocus();
    await user.click(terms);
    expect(pay).toBeDisabled();
    await user.click(within(bar).getByRole('button', { name: 'Tick both boxes to pay' }));
    expect(privacy).toHaveFocus();
    await user.click(privacy);
    expect(pay).toBeEnabled();
    expect(within(bar).queryByRole('button', { name: 'Tick both boxes to pay' })).toBeNull();
    await user.click(terms);
    expect(pay).toBeDisabled();
    await user.click(terms);
    await user.click(pay);

    await waitFor(() => expect(goToPayment).toHaveBeenCalledWith('https://pay.example/session/cs_test_1'));
    expect(api.callsTo(`/api/orders/${ORDER_ID}/payment`, 'POST')).toHaveLength(1);
    // The browser is leaving: nothing can be pressed twice.
    expect(screen.getByRole('button', { name: 'Taking you to the payment page…' })).toBeDisabled();

    // Back from the payment page, shown from the back-forward cache: Pay works again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByRole('button', { name: PAY_95_81 })).toBeEnabled();
  });

  it('a spinner while the payment session is made', async () => {
    const session = deferred();
    mockCheckoutApi({
      context: makeContext({ order: makeOrder() }),
      routes: { [`POST /api/orders/${ORDER_ID}/payment`]: session.handler },
    });
    const { user } = await openStep1(`${CHECKOUT}?step=3`);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: PAY_95_81 }));
    expect(await screen.findByRole('button', { name: 'Taking you to the payment page…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    session.release(fails(502, 'PAYMENT_SESSION_FAILED'));
    expect(await screen.findByText('Failed to create payment session')).toBeVisible();
    expect(screen.getByRole('button', { name: PAY_95_81 })).toBeEnabled();
    expect(goToPayment).not.toHaveBeenCalled();
  });

  it('no address in the answer: says so and stays', async () => {
    mockCheckoutApi({
      context: makeContext({ order: makeOrder() }),
      routes: { [`POST /api/orders/${ORDER_ID}/payment`]: ok({ url: '' }) },
    });
    const { user } = await openStep1(`${CHECKOUT}?step=3`);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: PAY_95_81 }));
    expect(await screen.findByText('No payment URL received')).toBeVisible();
    expect(goToPayment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: PAY_95_81 })).toBeEnabled();
  });

  it('an order paid meanwhile opens its confirmation', async () => {
    mockCheckoutApi({
      context: makeContext({ order: makeOrder() }),
      routes: { [`POST /api/orders/${ORDER_ID}/payment`]: fails(409, 'PAYMENT_NOT_RETRYABLE') },
    });
    const { user } = await openStep1(`${CHECKOUT}?step=3`);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: PAY_95_81 }));
    expect(await screen.findByText(`Elsewhere: /order-confirmation/${ORDER_ID}`)).toBeVisible();
  });

  it('shows the server’s figures and the delivery details', async () => {
    await openPayment();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('CHF 95.81')).toBeVisible();
    expect(screen.getByText('Total to pay')).toBeVisible();
    expect(screen.getByText('Hauptstrasse 1')).toBeVisible();
    expect(screen.getByText('10115 Berlin')).toBeVisible();
  });
});

describe('checkout: routes', () => {
  it('/checkout without a book goes to the wizard', async () => {
    // The wizard it lands on opens its session; that answer is not this test's concern.
    mockCheckoutApi({ routes: { 'POST /api/wizard/session': () => new Promise<never>(() => {}) } });
    const router = createMemoryRouter(routes, { initialEntries: ['/checkout'] });
    renderWithRouter(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wizard'), { timeout: 5000 });
  });
});

describe('checkout: in French', () => {
  it('speaks French, with prices and percentages the French way', async () => {
    mockCheckoutApi();
    const { user } = await openStep1(CHECKOUT, 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Choisissez votre livre' })).toBeVisible();
    // Mia is a girl: the cover's description agrees (issue 36).
    expect(
      screen.getByRole('img', { name: 'La couverture de votre livre, avec Mia en héroïne' }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: /Couverture rigide.*39,99\s?CHF/ })).toBeVisible();
    expect(screen.getByText(/25\s%\sde réduction pour 1 exemplaire/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Où devons-nous l’envoyer\u00a0?' }),
    ).toBeVisible();
    expect(within(screen.getByLabelText('Pays')).getByRole('option', { name: 'Suisse' })).toBeVisible();
  });
});

describe('checkout: the copies for the grandparents speak of the book’s children (issue 36)', () => {
  const contextFor = (gender: 'male' | 'female', count = 1) => {
    const context = makeContext();
    return makeContext({
      bookInstance: { ...context.bookInstance, childGender: gender, cast: { count, gender } },
    });
  };

  it.each([
    ['female', 1, 'alla tua bambina'],
    ['male', 1, 'al tuo bambino'],
    ['female', 3, 'alle tue bambine'],
    ['male', 2, 'ai tuoi bambini'],
  ] as const)('in Italian, a %s cast of %i: “chiunque voglia bene %s”', async (gender, count, words) => {
    mockCheckoutApi({ context: contextFor(gender, count) });
    await openStep1(CHECKOUT, 'it');
    expect(screen.getByText(new RegExp(`chiunque voglia bene ${words}:`))).toBeVisible();
  });

  it('in French, several children are “vos enfants”; one is “votre enfant”', async () => {
    mockCheckoutApi({ context: contextFor('female', 2) });
    const { unmount } = await openStep1(CHECKOUT, 'fr');
    expect(screen.getByText(/toute personne qui aime vos enfants\s:/)).toBeVisible();
    unmount();
    mockCheckoutApi({ context: contextFor('female') });
    await openStep1(CHECKOUT, 'fr');
    expect(screen.getByText(/toute personne qui aime votre enfant\s:/)).toBeVisible();
  });

  it('the cover names every child of the book, agreeing with the group (French héroïnes, héros)', async () => {
    const castOf = (gender: 'male' | 'female') => {
      const context = contextFor(gender, 3);
      return makeContext({
        bookInstance: { ...context.bookInstance, childName: 'Léa' },
        pricing: { ...context.pricing, extraChildren: ['Zoé', 'Inès'] },
      });
    };
    mockCheckoutApi({ context: castOf('female') });
    const { unmount } = await openStep1(CHECKOUT, 'fr');
    expect(
      screen.getByRole('img', { name: 'La couverture de votre livre, avec Léa, Zoé et Inès en héroïnes' }),
    ).toBeVisible();
    expect(screen.getByText('Avec Léa, Zoé et Inès en vedette')).toBeVisible();
    unmount();
    mockCheckoutApi({ context: castOf('male') });
    await openStep1(CHECKOUT, 'en');
    expect(
      screen.getByRole('img', { name: 'The cover of your book, with Léa, Zoé and Inès as the heroes' }),
    ).toBeVisible();
  });
});
