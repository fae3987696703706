import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/i18n';
import {
  BOOK_ID,
  CHARACTER_ID,
  deferred,
  fails,
  makeBook,
  makeGallery,
  makeProfile,
  makeProfileOrder,
  mockProfileApi,
  ORDER_ID,
  ok,
} from '../features/profile/testing/mock-profile-api';
import { Elsewhere, realTimersAndNoToasts, renderWithRouter } from '../test-utils';

vi.setConfig({ testTimeout: 20_000 });

afterEach(realTimersAndNoToasts);

function openProfile(path = '/profile', language?: Language) {
  const router = createMemoryRouter(
    [
      { path: '/profile', lazy: () => import('./profile'), HydrateFallback: () => null },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  return renderWithRouter(router, language ? { language } : {});
}

async function openLoaded(path = '/profile', language?: Language) {
  const view = openProfile(path, language);
  await screen.findByRole('tablist', {}, { timeout: 5000 });
  return view;
}

const bookCard = (title: string) => screen.getByRole('article', { name: title });
const badgeOf = (card: HTMLElement) =>
  within(card).getByText(/^(Status|Statut)\s?:/, { selector: 'span' }).parentElement as HTMLElement;
const orderBadgeOf = (card: HTMLElement) =>
  within(card).getByText(/^(Order status|Statut de la commande)\s?:/, { selector: 'span' })
    .parentElement as HTMLElement;

describe('profile: access and header', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    mockProfileApi({ signedInAs: null });
    const { router } = openProfile('/profile?tab=orders');
    expect(await screen.findByText(/^Elsewhere: \/auth/, {}, { timeout: 5000 })).toBeVisible();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=orders');
  });

  it('shows the initial of the name, the name and the e-mail', async () => {
    mockProfileApi({ profile: makeProfile({ name: 'zoé Martin' }) });
    await openLoaded();
    expect(await screen.findByRole('heading', { level: 1, name: 'zoé Martin' })).toBeVisible();
    expect(screen.getByTestId('profile-initial')).toHaveTextContent('Z');
    expect(screen.getByText('ana@example.com')).toBeVisible();
  });

  it('without a name: the e-mail and its initial', async () => {
    mockProfileApi({ profile: makeProfile({ name: '' }) });
    await openLoaded();
    expect(await screen.findByRole('heading', { level: 1, name: 'ana@example.com' })).toBeVisible();
    expect(screen.getByTestId('profile-initial')).toHaveTextContent('A');
  });

  it('changes the display name: checked before sending, said once, saved for the header and the top bar', async () => {
    const api = mockProfileApi({ profile: makeProfile({ name: 'Ana Keller' }) });
    const { user } = await openLoaded();
    await user.click(await screen.findByRole('button', { name: 'Change name' }));
    const field = await screen.findByRole('textbox', { name: 'Your name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Ana Keller');

    // An empty name: the field's own message, and nothing else says it (no toast, no second alert).
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Please enter your name.')).toBeVisible();
    expect(screen.getAllByText('Please enter your name.')).toHaveLength(1);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(api.callsTo('/api/profile', 'PATCH')).toHaveLength(0);

    await user.type(field, '  Ana Keller-Rossi ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Keller-Rossi' })).toBeVisible();
    expect(api.callsTo('/api/profile', 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Ana Keller-Rossi' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Your name is saved.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change name' })).toHaveFocus());
    // The session (the top bar's account button) is read again with the new name.
    await waitFor(() => expect(api.callsTo('/api/auth/get-session', 'GET').length).toBeGreaterThan(1));
  });

  it('a refused name change says so in the form, in French with its spacing', async () => {
    mockProfileApi({ routes: { 'PATCH /api/profile': fails(500, 'INTERNAL_ERROR') } });
    const { user } = await openLoaded('/profile', 'fr');
    await user.click(await screen.findByRole('button', { name: 'Modifier le nom' }));
    const field = await screen.findByRole('textbox', { name: 'Votre nom' });
    await user.clear(field);
    await user.type(field, 'x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nom' }));
    expect(await screen.findByText('Votre nom peut compter au plus 80 caractères.')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'Anne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre nom n’a pas pu être enregistré. Veuillez réessayer.',
    );
    expect(field).toBeVisible();
  });

  it('shows the picture when there is one', async () => {
    mockProfileApi({ profile: makeProfile({ image: 'https://img.example/ana.png' }) });
    const { container } = await openLoaded();
    await waitFor(() =>
      expect(container.querySelector('header img')).toHaveAttribute('src', 'https://img.example/ana.png'),
    );
    expect(screen.queryByTestId('profile-initial')).not.toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', async () => {
    mockProfileApi({ routes: { 'GET /api/profile': fails(500, 'INTERNAL_ERROR') } });
    await openLoaded();
    // A 5xx is asked once more after a second before the page gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to load profile data',
    );
  });

  it('signs out and goes home', async () => {
    const api = mockProfileApi();
    const { user, router } = await openLoaded();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('/api/auth/sign-out', 'POST')).toHaveLength(1);
  });

  it('a failed sign-out: a toast, and the user stays', async () => {
    mockProfileApi({ routes: { 'POST /api/auth/sign-out': fails(500, 'INTERNAL_ERROR') } });
    const { user } = await openLoaded();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Failed to sign out')).toBeVisible();
    expect(screen.getByRole('tablist')).toBeVisible();
  });
});

describe('profile: tabs', () => {
  it.each([
    ['/profile', 'My Books'],
    ['/profile?tab=active-generations', 'My Books'],
    ['/profile?tab=orders', 'Orders'],
    ['/profile?tab=data-controls', 'Data Controls'],
    ['/profile?tab=nonsense', 'My Books'],
  ])('%s opens %s', async (path, name) => {
    mockProfileApi();
    await openLoaded(path);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'My Books',
      'Orders',
      'Data Controls',
    ]);
    expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(name);
  });

  it('choosing a tab puts it in the address', async () => {
    mockProfileApi();
    const { user, router } = await openLoaded();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(router.state.location.search).toBe('?tab=orders');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('profile: My Books', () => {
  it('an empty list says so and links to the themes', async () => {
    mockProfileApi();
    await openLoaded();
    expect(await screen.findByText('No books yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a story' })).toHaveAttribute('href', '/themes');
  });

  it('a failed read says so', async () => {
    mockProfileApi({ routes: { 'GET /api/profile/books': fails(500, 'INTERNAL_ERROR') } });
    await openLoaded();
    // A 5xx is asked once more after a second before the page gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to load profile data',
    );
  });

  it('shows title, badge, progress, status line and start time, and no internal id', async () => {
    mockProfileApi({ books: [makeBook()] });
    await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(badgeOf(card)).toHaveTextContent('Creating');
    expect(badgeOf(card)).toHaveAttribute('data-tone', 'blue');
    expect(within(card).getByTestId('rendering-spinner')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress of My Guardian Friend' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(within(card).getByText('45%')).toBeVisible();
    expect(within(card).getByTestId('progress-text')).toHaveTextContent('3 of 14 pictures drawn');
    expect(within(card).getByTestId('progress-text')).toHaveAttribute('aria-live', 'polite');
    expect(within(card).getByText(/^Started 15 Jan 2026, \d\d:\d\d$/)).toBeVisible();
    // No id of the book for the parent to read (the title and the date name it).
    expect(card.textContent).not.toMatch(/b1a2c3d4|\bID\b/);
    // Nothing drawn yet: a plain tile where the cover goes.
    expect(within(card).getByTestId('cover-placeholder')).toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Refresh the status of My Guardian Friend' }),
    ).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'View Images' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('an unpaid book drawn and not approved: its cover and the way back to it', async () => {
    const coverUrl = `/api/books/${BOOK_ID}/pages/0/image?w=480&v=0123456789abcdef`;
    mockProfileApi({
      books: [makeBook({ status: 'ready', stage: 'to-approve', progressPercentage: 100, coverUrl })],
    });
    await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByRole('img', { name: 'The front cover of My Guardian Friend' })).toHaveAttribute(
      'src',
      coverUrl,
    );
    expect(within(card).getAllByRole('img')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'See your book' })).toHaveAttribute(
      'href',
      `/book/${BOOK_ID}`,
    );
    expect(within(card).queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('an approved unpaid book: continue to payment', async () => {
    mockProfileApi({
      books: [makeBook({ status: 'ready', stage: 'approved-unpaid', progressPercentage: 100 })],
    });
    await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByText('Approved and waiting for payment.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      `/checkout/${BOOK_ID}`,
    );
    expect(within(card).getByRole('link', { name: 'See your book' })).toHaveAttribute(
      'href',
      `/book/${BOOK_ID}`,
    );
  });

  it('a book being drawn links to its progress; a paid one does not ask for payment', async () => {
    mockProfileApi({
      books: [
        makeBook(),
        makeBook({
          id: 'b1a2c3d4-0000-4000-8000-000000000002',
          title: 'Paid Book',
          status: 'fulfilled',
          stage: 'paid',
        }),
      ],
    });
    await openLoaded();
    const drawing = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(drawing).getByRole('link', { name: 'Follow the drawing' })).toHaveAttribute(
      'href',
      `/book/${BOOK_ID}`,
    );
    const paid = screen.getByRole('article', { name: 'Paid Book' });
    expect(
      within(paid).queryByRole('link', { name: /payment|See your book|Follow/ }),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['rendering', 'Creating', 'blue'],
    ['ready', 'Ready', 'yellow'],
    ['fulfilled', 'Completed', 'green'],
    ['archived', 'Failed', 'red'],
    ['draft', 'Draft', 'grey'],
    ['abandoned', 'Abandoned', 'grey'],
  ] as const)('status %s: a %s badge in %s', async (status, label, tone) => {
    mockProfileApi({ books: [makeBook({ status })] });
    await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(badgeOf(card)).toHaveTextContent(label);
    expect(badgeOf(card)).toHaveAttribute('data-tone', tone);
  });

  // The server's steps, said in a parent's words (issue 36: never a job's name).
  const steps: [string | null, string, string][] = [
    ['setup', 'Setting up your book', 'Préparation de votre livre'],
    ['12 jobs created', 'Planning 12 pictures', '12 illustrations prévues'],
    ['intermediate images complete', 'The first sketches are ready', 'Les premières esquisses sont prêtes'],
    [
      'Spread jobs created (14 pages queued)',
      '14 pages are waiting to be drawn',
      '14 pages attendent d’être dessinées',
    ],
    ['Generating images 7/14', '7 of 14 pictures drawn', '7 illustrations dessinées sur 14'],
    ['all done', 'All done', 'Terminé'],
    [
      "Something went wrong creating your book. We're working to fix it.",
      "Something went wrong creating your book. We're working to fix it.",
      'Un problème est survenu lors de la création de votre livre. Nous faisons le nécessaire pour le résoudre.',
    ],
    ['Checking the moon', 'Checking the moon', 'Checking the moon'],
    [null, 'Processing your book…', 'Votre livre est en cours de préparation…'],
  ];

  it.each(steps)('progress text %j in English and French', async (currentStep, english, french) => {
    mockProfileApi({ books: [makeBook({ currentStep })] });
    const { i18n } = await openLoaded();
    expect(await screen.findByTestId('progress-text')).toHaveTextContent(english);
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('progress-text')).toHaveTextContent(french);
  });

  it('speaks French: tabs, badge and percentage', async () => {
    mockProfileApi({ books: [makeBook({ status: 'fulfilled', stage: 'paid', progressPercentage: 100 })] });
    await openLoaded('/profile', 'fr');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Mes livres',
      'Commandes',
      'Mes données',
    ]);
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(badgeOf(card)).toHaveTextContent('Terminé');
    expect(within(card).getByText(/^100\s%$/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Voir les images' })).toBeVisible();
  });

  it('reads the books being made every 10 seconds, only those, until none is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const DONE_ID = 'b1a2c3d4-0000-4000-8000-000000000002';
    const done = makeBook({ id: DONE_ID, title: 'Done Book', status: 'fulfilled', stage: 'paid' });
    const api = mockProfileApi({ books: [makeBook(), done] });
    await openLoaded();
    await screen.findByRole('article', { name: 'My Guardian Friend' });
    const reads = () => api.callsTo('/api/profile/books', 'GET');
    expect(reads()).toHaveLength(1);
    api.server.books = [makeBook({ currentStep: 'Generating images 9/14', progressPercentage: 70 }), done];
    await vi.advanceTimersByTimeAsync(9_000);
    expect(reads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(reads()).toHaveLength(2));
    // Just the book being made, by id; the finished one is not asked for.
    expect(reads()[1]?.query.get('ids')).toBe(BOOK_ID);
    expect(await screen.findByText('9 of 14 pictures drawn')).toBeVisible();
    // It is finished: shown so, and then nothing is read any more.
    api.server.books = [
      makeBook({ status: 'ready', stage: 'to-approve', progressPercentage: 100, currentStep: 'all done' }),
      done,
    ];
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(reads()).toHaveLength(3));
    await waitFor(() => expect(badgeOf(bookCard('My Guardian Friend'))).toHaveTextContent('Ready'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toHaveLength(3);
  });

  it('a paid book follows its order: where it stands, its pictures and the order, in French too', async () => {
    const paid = makeBook({
      status: 'ready',
      stage: 'paid',
      progressPercentage: 100,
      currentStep: 'all done',
      order: { id: ORDER_ID, status: 'processing' },
    });
    const api = mockProfileApi({ books: [paid], galleries: { [BOOK_ID]: makeGallery(2) } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { i18n } = await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(orderBadgeOf(card)).toHaveTextContent('Processing');
    expect(within(card).getByTestId('progress-text')).toHaveTextContent(
      'Paid, thank you! We are getting it ready for the printer.',
    );
    expect(within(card).getByRole('link', { name: 'See the order' })).toHaveAttribute(
      'href',
      `/order-confirmation/${ORDER_ID}`,
    );
    expect(within(card).getByRole('button', { name: 'View Images' })).toBeVisible();
    // Not yet handed to the printer: read again every 10 seconds.
    const reads = () => api.callsTo('/api/profile/books', 'GET');
    api.server.books = [{ ...paid, status: 'fulfilled', order: { id: ORDER_ID, status: 'shipped' } }];
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(orderBadgeOf(bookCard('My Guardian Friend'))).toHaveTextContent('Shipped'));
    expect(reads()[1]?.query.get('ids')).toBe(BOOK_ID);
    expect(screen.getByTestId('progress-text')).toHaveTextContent('On its way to you.');
    // On its way: read once a minute, not every 10 seconds.
    api.server.books = [{ ...paid, status: 'fulfilled', order: { id: ORDER_ID, status: 'delivered' } }];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(orderBadgeOf(bookCard('My Guardian Friend'))).toHaveTextContent('Delivered'));
    // Delivered: nothing is read any more.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads()).toHaveLength(3);
    await act(() => i18n.changeLanguage('fr'));
    expect(orderBadgeOf(bookCard('My Guardian Friend'))).toHaveTextContent('Livrée');
    expect(screen.getByTestId('progress-text').textContent).toBe(
      'Livré. Nous espérons qu’il vous plaira\u00a0!',
    );
    expect(screen.getByRole('link', { name: 'Voir la commande' })).toBeVisible();
  });

  it('reads nothing again while no book is being made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockProfileApi({
      books: [makeBook({ status: 'fulfilled', stage: 'paid', progressPercentage: 100 })],
    });
    await openLoaded();
    await screen.findByRole('article', { name: 'My Guardian Friend' });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(api.callsTo('/api/profile/books', 'GET')).toHaveLength(1);
  });

  it('the refresh button reads that book again at once', async () => {
    const api = mockProfileApi({ books: [makeBook()] });
    const { user } = await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    api.server.books = [makeBook({ currentStep: 'Generating images 11/14', progressPercentage: 80 })];
    await user.click(within(card).getByRole('button', { name: /^Refresh the status/ }));
    await waitFor(() => expect(api.callsTo('/api/profile/books')).toHaveLength(2));
    expect(api.callsTo('/api/profile/books')[1]?.query.get('ids')).toBe(BOOK_ID);
    expect(await within(card).findByText('11 of 14 pictures drawn')).toBeVisible();
  });

  it('keeps the place of the cards while the books load', async () => {
    const call = deferred();
    mockProfileApi({ books: [makeBook()], routes: { 'GET /api/profile/books': call.handler } });
    await openLoaded();
    expect(await screen.findByRole('heading', { level: 2, name: 'My Books' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your books…');
    expect(screen.getAllByTestId('book-card-skeleton')).toHaveLength(4);
    call.release(ok({ books: [makeBook()], nextCursor: null }));
    expect(await screen.findByRole('article', { name: 'My Guardian Friend' })).toBeVisible();
    expect(screen.queryByTestId('book-card-skeleton')).not.toBeInTheDocument();
  });

  it('shows a page of books, and the next one on "Show more", focused at the first new book', async () => {
    const many = Array.from({ length: 15 }, (_, n) =>
      makeBook({
        id: `b1a2c3d4-0000-4000-8000-${String(n + 100).padStart(12, '0')}`,
        title: `Book ${n + 1}`,
        status: 'fulfilled',
        stage: 'paid',
      }),
    );
    const api = mockProfileApi({ books: many });
    const { user } = await openLoaded();
    await screen.findByRole('article', { name: 'Book 1' });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Show more books' }));
    expect(await screen.findByRole('article', { name: 'Book 13' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Book 13' }).parentElement).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more books' })).not.toBeInTheDocument();
    const reads = api.callsTo('/api/profile/books', 'GET');
    expect(reads.map((call) => call.query.get('cursor'))).toEqual([null, 'after-12']);
  });
});

describe('profile: the gallery of a fulfilled book', () => {
  const fulfilled = makeBook({
    status: 'fulfilled',
    stage: 'paid',
    progressPercentage: 100,
    imageCount: 3,
    pdfAvailable: true,
  });

  it('opens with the title, moves with buttons and arrow keys, counts and downloads', async () => {
    mockProfileApi({ books: [fulfilled], galleries: { [BOOK_ID]: makeGallery(3, 'My Guardian Friend') } });
    const { user } = await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/profile/books/${BOOK_ID}/pdf`,
    );
    await user.click(within(card).getByRole('button', { name: 'View Images' }));

    const dialog = await screen.findByRole('dialog', { name: 'My Guardian Friend' });
    const counter = await within(dialog).findByTestId('gallery-counter');
    expect(counter).toHaveTextContent('1 / 3');
    const download = () => within(dialog).getByRole('link', { name: 'Download' });
    expect(download()).toHaveAttribute('href', '/api/profile/images/img-1?download=1');
    expect(download()).toHaveAttribute('download');
    expect(within(dialog).getByRole('img', { name: 'Page 1 of My Guardian Friend' })).toHaveAttribute(
      'src',
      '/api/profile/images/img-1',
    );
    expect(within(dialog).getAllByRole('button', { name: /^Show picture/ })).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(counter).toHaveTextContent('2 / 3');
    expect(download()).toHaveAttribute('href', '/api/profile/images/img-2?download=1');

    await user.keyboard('{ArrowRight}');
    expect(counter).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(counter).toHaveTextContent('1 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(counter).toHaveTextContent('3 / 3');

    await user.click(within(dialog).getByRole('button', { name: 'Previous picture' }));
    expect(counter).toHaveTextContent('2 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Show picture 1' }));
    expect(counter).toHaveTextContent('1 / 3');
    expect(within(dialog).getByRole('button', { name: 'Show picture 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a book not finished on the server: says the pictures are not ready', async () => {
    mockProfileApi({ books: [fulfilled] });
    const { user } = await openLoaded();
    await user.click(await screen.findByRole('button', { name: 'View Images' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The pictures of this book are not ready yet.')).toBeVisible();
  });
});

describe('profile: retrying an archived book', () => {
  const archived = () =>
    makeBook({
      status: 'archived',
      currentStep: "Something went wrong creating your book. We're working to fix it.",
      progressPercentage: 60,
    });
  const RETRY = `/api/book-instances/${BOOK_ID}/retry`;

  it('is disabled while the call runs, then says it restarted and reads the books again', async () => {
    const call = deferred();
    const api = mockProfileApi({ books: [archived()], routes: { [`POST ${RETRY}`]: call.handler } });
    const { user } = await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(within(card).getByRole('button', { name: 'Restarting…' })).toBeDisabled();
    api.server.books = [makeBook({ status: 'rendering', currentStep: 'setup', progressPercentage: 0 })];
    call.release(ok({ success: true, message: 'Book generation restarted' }));
    expect(await screen.findByText('Book generation restarted successfully')).toBeVisible();
    expect(api.callsTo(RETRY, 'POST')).toHaveLength(1);
    await waitFor(() => expect(badgeOf(bookCard('My Guardian Friend'))).toHaveTextContent('Creating'));
    expect(api.callsTo('/api/profile/books')).toHaveLength(2);
  });

  it.each([
    ['the server refuses', fails(409, 'BOOK_NOT_ARCHIVED')],
    ['the answer says no', ok({ success: false, message: 'nope' })],
  ])('a failure toast when %s, and the button comes back', async (_case, reply) => {
    mockProfileApi({ books: [archived()], routes: { [`POST ${RETRY}`]: reply } });
    const { user } = await openLoaded();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to restart book generation. Please try again.')).toBeVisible();
    await waitFor(() =>
      expect(within(bookCard('My Guardian Friend')).getByRole('button', { name: 'Retry' })).toBeEnabled(),
    );
  });
});

describe('profile: Orders', () => {
  it('shows a page of orders, and the next one on "Show more", in French too', async () => {
    const many = Array.from({ length: 13 }, (_, n) =>
      makeProfileOrder({
        id: `c0000000-0000-4000-8000-${String(n + 100).padStart(12, '0')}`,
        orderNumber: `BK-17672256000${String(n).padStart(2, '0')}`,
      }),
    );
    mockProfileApi({ orders: many });
    const { user } = await openLoaded('/profile?tab=orders', 'fr');
    await screen.findByRole('article', { name: /BK-1767225600000/ });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Afficher plus de commandes' }));
    expect(await screen.findByRole('article', { name: /BK-1767225600012/ })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(13);
    await waitFor(() =>
      expect(screen.getByRole('article', { name: /BK-1767225600012/ }).parentElement).toHaveFocus(),
    );
    expect(screen.queryByRole('button', { name: 'Afficher plus de commandes' })).not.toBeInTheDocument();
  });

  it('an empty list offers to create a first book', async () => {
    mockProfileApi();
    await openLoaded('/profile?tab=orders');
    expect(await screen.findByText('No orders yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create your first book' })).toHaveAttribute('href', '/themes');
  });

  it('shows photo, number, badge, book, child, date, tracking and the links', async () => {
    mockProfileApi({
      orders: [
        makeProfileOrder({
          status: 'shipped',
          trackingNumber: 'CH123456789',
          trackingUrl: 'https://track.example/CH123456789',
        }),
      ],
    });
    await openLoaded('/profile?tab=orders');
    const card = await screen.findByRole('article', { name: 'Order BK-1767225600000' });
    expect(within(card).getByRole('img', { name: 'Photo of Mia' })).toHaveAttribute(
      'src',
      `/api/profile/characters/${CHARACTER_ID}/photo`,
    );
    const badge = within(card).getByText(/^Order status:/, { selector: 'span' }).parentElement;
    expect(badge).toHaveTextContent('Shipped');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByText('Storybook')).toBeVisible();
    expect(within(card).getByText('Mia')).toBeVisible();
    expect(within(card).getByText('15 January 2026')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'CH123456789' })).toHaveAttribute(
      'href',
      'https://track.example/CH123456789',
    );
    expect(within(card).getByRole('link', { name: 'Reorder' })).toHaveAttribute(
      'href',
      `/themes?type=storybook&character=${CHARACTER_ID}`,
    );
    expect(within(card).getByRole('link', { name: 'Make Sibling Version' })).toHaveAttribute(
      'href',
      `/wizard?clone=${ORDER_ID}`,
    );
    expect(within(card).getByRole('link', { name: 'Order details' })).toHaveAttribute(
      'href',
      `/order-confirmation/${ORDER_ID}`,
    );
    expect(within(card).queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it.each([
    ['pending', 'yellow'],
    ['processing', 'blue'],
    ['printing', 'purple'],
    ['shipped', 'green'],
    ['delivered', 'emerald'],
    ['cancelled', 'red'],
  ] as const)('order status %s is %s', async (status, tone) => {
    mockProfileApi({ orders: [makeProfileOrder({ status, reviewed: true })] });
    await openLoaded('/profile?tab=orders');
    const card = await screen.findByRole('article', { name: 'Order BK-1767225600000' });
    expect(within(card).getByText(/^Order status:/, { selector: 'span' }).parentElement).toHaveAttribute(
      'data-tone',
      tone,
    );
  });

  it('a tracking number without a link is plain text', async () => {
    mockProfileApi({ orders: [makeProfileOrder({ status: 'shipped', trackingNumber: 'CH1' })] });
    await openLoaded('/profile?tab=orders');
    const card = await screen.findByRole('article', { name: 'Order BK-1767225600000' });
    expect(within(card).getByText('CH1')).toBeVisible();
    expect(within(card).queryByRole('link', { name: 'CH1' })).not.toBeInTheDocument();
  });

  it('without a photo, or when it fails to load, shows the initial', async () => {
    mockProfileApi({
      orders: [
        makeProfileOrder({
          id: 'o-1',
          orderNumber: 'BK-1',
          character: { id: 'c1', name: 'léo', photoUrl: null },
        }),
        makeProfileOrder({ id: 'o-2', orderNumber: 'BK-2' }),
      ],
    });
    await openLoaded('/profile?tab=orders');
    const first = await screen.findByRole('article', { name: 'Order BK-1' });
    expect(within(first).getByTestId('character-initial')).toHaveTextContent('L');
    expect(within(first).getByRole('link', { name: 'Reorder' })).toHaveAttribute(
      'href',
      '/themes?type=storybook&character=c1',
    );
    const second = screen.getByRole('article', { name: 'Order BK-2' });
    fireEvent.error(within(second).getByRole('img', { name: 'Photo of Mia' }));
    expect(
      within(second).getByRole('img', { name: 'The photo of Mia could not be loaded' }),
    ).toHaveTextContent('M');
  });

  it('Review only for a delivered order not yet reviewed; it sends the review and closes', async () => {
    const api = mockProfileApi({
      orders: [
        makeProfileOrder({ id: 'o-1', orderNumber: 'BK-1', status: 'delivered' }),
        makeProfileOrder({ id: 'o-2', orderNumber: 'BK-2', status: 'delivered', reviewed: true }),
        makeProfileOrder({ id: 'o-3', orderNumber: 'BK-3', status: 'shipped' }),
      ],
      routes: {
        'POST /api/orders/o-1/review': ok(
          { rating: 5, text: 'Lovely', createdAt: '2026-02-01T08:00:00.000Z' },
          201,
        ),
      },
    });
    const { user } = await openLoaded('/profile?tab=orders');
    const first = await screen.findByRole('article', { name: 'Order BK-1' });
    expect(
      within(screen.getByRole('article', { name: 'Order BK-2' })).queryByRole('button', { name: 'Review' }),
    ).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Order BK-3' })).queryByRole('button', { name: 'Review' }),
    ).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review order BK-1' });
    // The form is the checkout's code, loaded when the dialog opens (issue 33): give it time.
    await user.click(await within(dialog).findByRole('radio', { name: '5 stars' }, { timeout: 5000 }));
    await user.type(within(dialog).getByLabelText('Your review'), 'Lovely');
    api.server.orders = api.server.orders.map((order) =>
      order.id === 'o-1' ? { ...order, reviewed: true } : order,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send my review' }));

    expect(await screen.findByText('Thank you for your review!')).toBeVisible();
    expect(api.callsTo('/api/orders/o-1/review', 'POST')[0]?.body).toEqual({ rating: 5, text: 'Lovely' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Order BK-1' })).queryByRole('button', { name: 'Review' }),
      ).toBeNull(),
    );
  });
});

describe('profile: Data Controls', () => {
  it('offers the data download', async () => {
    mockProfileApi();
    await openLoaded('/profile?tab=data-controls');
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/profile/export');
    expect(link).toHaveAttribute('download');
  });

  it('says the download is being prepared and does not start a second one meanwhile', async () => {
    mockProfileApi();
    const { user } = await openLoaded('/profile?tab=data-controls');
    const link = screen.getByRole('link', { name: 'Download my data' });
    // jsdom cannot download: count the clicks the browser would have followed.
    const followed: boolean[] = [];
    const watch = (event: MouseEvent) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', watch);
    try {
      await user.click(link);
      expect(await screen.findByRole('status')).toHaveTextContent('Preparing your download');
      expect(link).toHaveAttribute('aria-disabled', 'true');
      await user.click(link);
      expect(followed).toEqual([true, false]);
    } finally {
      window.removeEventListener('click', watch);
    }
  });

  it('deletes the account after the word is typed, then goes home signed out', async () => {
    const api = mockProfileApi();
    const { user, router } = await openLoaded('/profile?tab=data-controls');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your orders are kept without your name or address');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELET');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'E');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('/api/profile', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Your account has been deleted')).toBeVisible();
  });

  it('a failed deletion: a toast, and the user stays', async () => {
    const api = mockProfileApi({ routes: { 'DELETE /api/profile': fails(500, 'INTERNAL_ERROR') } });
    const { user, router } = await openLoaded('/profile?tab=data-controls');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Failed to delete your account. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
    expect(api.callsTo('/api/profile', 'DELETE')).toHaveLength(1);
  });
});
