import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/i18n';
import {
  BOOK_ID,
  deferred,
  fails,
  makeBook,
  makeDrawingBook,
  mockBookApi,
  ok,
  stubScreenWidth,
} from '../features/book/testing/mock-book-api';
import { Elsewhere, renderWithRouter } from '../test-utils';

// Polling at 2.5 s and journeys typed key by key: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const BOOK = `/book/${BOOK_ID}`;

// The page's lazy chunk loads once here, not inside the first test's wait.
beforeAll(async () => {
  await import('./book');
});

function renderBook({
  width = 1280,
  language = 'en' as Language,
  at = BOOK as string | { pathname: string; search: string; state: unknown },
} = {}) {
  stubScreenWidth(width);
  const router = createMemoryRouter(
    [
      { path: '/book/:bookInstanceId', lazy: () => import('./book'), HydrateFallback: () => null },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  );
  return renderWithRouter(router, { language });
}

const stage = () => screen.getByTestId('reader-stage');
const shownPages = () =>
  within(stage())
    .getAllByRole('figure', { hidden: true })
    .map((figure) => figure.getAttribute('aria-label'));

describe('/book/{id}?copy=n: a gift copy', () => {
  it('reads the copy as it will print, with its own words, and offers no change', async () => {
    const book = makeBook();
    const copy = makeBook({
      copy: 2,
      title: 'Mia et Bruno',
      language: 'fr',
      dedication: { message: 'Pour Mia, de la part de Mamie', signature: 'Mamie' },
      pages: book.pages.map((page) =>
        page.kind === 'dedication'
          ? { ...page, text: 'Pour Mia, de la part de Mamie', signature: 'Mamie' }
          : page,
      ),
    });
    const api = mockBookApi({
      book,
      routes: { [`GET /api/books/${BOOK_ID}`]: (call) => ok(call.query.get('copy') === '2' ? copy : book) },
    });
    // Opened from the checkout's link, which names the copy's recipient.
    const { user } = renderBook({
      at: { pathname: BOOK, search: '?copy=2', state: { recipient: 'Colette' } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Mia et Bruno' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'The copy for Colette' });
    expect(within(banner).getByText('Printed in French')).toBeVisible();
    expect(await within(banner).findByText('With its own dedication')).toBeVisible();
    expect(within(banner).getByText(/This is a gift copy of your order/)).toBeVisible();
    expect(within(banner).getByRole('link', { name: 'Back to the checkout' })).toHaveAttribute(
      'href',
      `/checkout/${BOOK_ID}?step=3`,
    );
    // The copy is read with its own words; the book itself only to tell its words from the copy's.
    const reads = api.callsTo(`/api/books/${BOOK_ID}`, 'GET').map((call) => call.query.get('copy'));
    expect(new Set(reads)).toEqual(new Set(['2', null]));
    // Read only: nothing to approve, change or draw again.
    expect(screen.queryByRole('button', { name: /This is my book/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Draw this page again/ })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Pour Mia, de la part de Mamie')).toBeInTheDocument();
  });
  it('a copy opened again without its link says its number, its language and that the dedication is the book’s', async () => {
    const book = makeBook();
    mockBookApi({
      book,
      routes: {
        [`GET /api/books/${BOOK_ID}`]: (call) =>
          ok(
            call.query.get('copy') === '1'
              ? { ...book, copy: 1, language: 'fr', title: 'Mia et Bruno' }
              : book,
          ),
      },
    });
    renderBook({ at: `${BOOK}?copy=1`, language: 'fr' });
    const banner = await screen.findByRole('region', { name: 'Exemplaire 1' }, { timeout: 5_000 });
    expect(within(banner).getByText('Imprimé en français')).toBeVisible();
    expect(await within(banner).findByText('Avec la dédicace de votre livre')).toBeVisible();
    expect(screen.queryByRole('button', { name: /C’est mon livre/ })).toBeNull();
  });

  it('a copy that is not on an order of the caller is not found', async () => {
    const book = makeBook();
    mockBookApi({
      book,
      routes: {
        [`GET /api/books/${BOOK_ID}`]: (call) =>
          call.query.get('copy') === '3' ? fails(404, 'NOT_FOUND') : ok(book),
      },
    });
    renderBook({ at: `${BOOK}?copy=3` });
    expect(
      await screen.findByRole('heading', { name: 'We can’t find this book' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my books' })).toHaveAttribute('href', '/profile');
  });
});

describe('/book/{id}: the reader', () => {
  it('holds the reader’s boxes with a decorative skeleton while the book loads (issue 19)', async () => {
    const read = deferred();
    mockBookApi({ routes: { [`GET /api/books/${BOOK_ID}`]: read.handler } });
    renderBook({ width: 390 });
    expect(await screen.findByRole('status', {}, { timeout: 5_000 })).toHaveTextContent('Opening your book…');
    expect(screen.getByTestId('book-skeleton')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    read.release(ok(makeBook()));
    expect(
      await screen.findByRole('heading', { name: 'Mia and Bruno' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('book-skeleton')).not.toBeInTheDocument();
  });

  it('shows the progress while the book is drawn, then opens the reader when it is ready', async () => {
    const api = mockBookApi({ book: makeDrawingBook('Generating images 3/8', 41) });
    renderBook();
    expect(
      await screen.findByRole('heading', { name: 'We’re drawing your book' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Drawing progress' })).toHaveAttribute(
      'aria-valuenow',
      '41',
    );
    expect(screen.getByTestId('progress-text')).toHaveTextContent('3 of 8 pictures drawn');

    api.server.book = makeBook();
    expect(
      await screen.findByRole('heading', { name: 'Mia and Bruno' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(shownPages()).toEqual(['Front cover']);
    const reads = api.callsTo(`/api/books/${BOOK_ID}`, 'GET').length;
    // Ready: the page stops asking.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(api.callsTo(`/api/books/${BOOK_ID}`, 'GET')).toHaveLength(reads);
  });

  it('shows spreads side by side on a wide screen and turns them with the arrow keys', async () => {
    mockBookApi();
    const { user } = renderBook({ width: 1280 });
    await screen.findByRole('heading', { name: 'Mia and Bruno' });
    expect(stage()).toHaveAttribute('data-layout', 'spread');
    expect(shownPages()).toEqual(['Front cover']);
    expect(screen.getByTestId('reader-counter')).toHaveTextContent('Page 1 of 8');

    await user.keyboard('{ArrowRight}');
    expect(shownPages()).toEqual(['Title page', 'Dedication']);
    expect(screen.getByTestId('reader-counter')).toHaveTextContent('Pages 2–3 of 8');
    await user.keyboard('{ArrowRight}');
    expect(shownPages()).toEqual(['Page 1', 'Page 2']);
    // A storybook's words are on its pictures, as printed: under them only for screen readers here.
    expect(within(stage()).getByText('Mia found Bruno under the big oak tree.')).toHaveClass('sm:sr-only');
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Title page', 'Dedication']);
    await user.keyboard('{End}');
    expect(shownPages()).toEqual(['Back cover']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows one page at a time on a phone, with its words as text and its picture described', async () => {
    mockBookApi();
    const { user } = renderBook({ width: 390 });
    await screen.findByRole('heading', { name: 'Mia and Bruno' });
    expect(stage()).toHaveAttribute('data-layout', 'single');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownPages()).toEqual(['Dedication']);
    expect(within(stage()).getByText('For Mia, with all our love.')).toBeInTheDocument();
    expect(within(stage()).getByText('Mum and Dad')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(shownPages()).toEqual(['Page 1']);
    expect(within(stage()).getByText('Mia found Bruno under the big oak tree.')).toBeInTheDocument();
    const picture = within(stage()).getByRole('img', { name: 'The picture of page 1 of Mia and Bruno' });
    // Web sizes only, with the box known before the picture loads.
    expect(picture).toHaveAttribute('width', '960');
    expect(picture).toHaveAttribute('height', '960');
    expect(picture.getAttribute('srcset')).toMatch(
      /w=480.* 480w, .*w=720.* 720w, .*w=960.* 960w, .*w=1200.* 1200w, .*w=1600.* 1600w/,
    );
  });

  it('goes to a page from its thumbnail and opens it large', async () => {
    mockBookApi();
    const { user } = renderBook({ width: 390 });
    await screen.findByRole('heading', { name: 'Mia and Bruno' });
    const strip = screen.getByRole('navigation', { name: 'All the pages' });
    await user.click(within(strip).getByRole('button', { name: 'Go to Back cover' }));
    expect(shownPages()).toEqual(['Back cover']);
    expect(within(strip).getByRole('button', { name: 'Go to Back cover' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(stage()).getByText('Mia and Bruno, friends for ever.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enlarge Back cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back cover' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', expect.stringContaining('w=1600'));
    // The arrow keys do not turn pages behind an open dialog.
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Back cover']);
  });

  it('reads the book in French with French texts', async () => {
    mockBookApi();
    renderBook({ width: 1280, language: 'fr' });
    expect(await screen.findByRole('button', { name: 'C’est mon livre' })).toBeInTheDocument();
    expect(shownPages()).toEqual(['Couverture']);
    expect(screen.getByTestId('reader-counter')).toHaveTextContent('Page 1 sur 8');
  });

  it('says so when the book is not the caller’s', async () => {
    mockBookApi({ routes: { [`GET /api/books/${BOOK_ID}`]: fails(404, 'NOT_FOUND') } });
    renderBook();
    expect(await screen.findByRole('heading', { name: 'We can’t find this book' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my books' })).toHaveAttribute('href', '/profile');
  });

  it('sends a visitor to sign in first, and back here after', async () => {
    mockBookApi({ signedIn: false });
    renderBook();
    expect(await screen.findByText(/^Elsewhere: \/auth/)).toHaveTextContent(encodeURIComponent(BOOK));
  });
});

describe('/book/{id}: the whole cover as printed (issue 31)', () => {
  const sheet = () => screen.getByTestId('cover-sheet');
  it('shows the sheet of a binding to choose before ordering, and switches it', async () => {
    mockBookApi();
    const { user } = renderBook({ width: 1280 });
    const region = await screen.findByRole('region', { name: 'The whole cover as printed' });
    // Before checkout: the softcover first, as the checkout offers it first.
    expect(sheet()).toHaveAttribute('src', `/api/books/${BOOK_ID}/cover-sheet?binding=softcover&w=800&v=1`);
    expect(sheet().getAttribute('srcset')).toContain('binding=softcover&w=1600&v=1 1600w');
    expect(sheet()).toHaveAttribute('loading', 'lazy');
    expect(within(region).getByText(/is trimmed off/)).toBeVisible();
    // The reader's front cover is the softcover's too: the address the server gave.
    const front = () =>
      screen
        .getAllByRole('img')
        .map((image) => image.getAttribute('src') ?? '')
        .filter((src) => src.includes('/pages/0/image'));
    expect(front().length).toBeGreaterThan(0);
    expect(front().every((src) => !src.includes('binding='))).toBe(true);
    await user.click(within(region).getByRole('radio', { name: 'Hardcover' }));
    expect(sheet()).toHaveAttribute('src', `/api/books/${BOOK_ID}/cover-sheet?binding=hardcover&w=800&v=1`);
    expect(sheet()).toHaveAccessibleName(/Mia and Bruno as printed, Hardcover/);
    expect(within(region).getByText(/folds round the boards/)).toBeVisible();
    // The switch turns the reader's front cover to the hardcover's as well (issue 31), and back.
    expect(front().length).toBeGreaterThan(0);
    expect(front().every((src) => src.endsWith('&binding=hardcover'))).toBe(true);
    await user.click(within(region).getByRole('radio', { name: 'Softcover' }));
    expect(front().every((src) => !src.includes('binding='))).toBe(true);
  });

  it('shows the ordered binding of a paid book, with nothing to switch, in French too', async () => {
    mockBookApi({ book: makeBook({ paid: true, binding: 'hardcover', approvedVersion: 1 }) });
    renderBook({ width: 390, language: 'fr' });
    const region = await screen.findByRole('region', {
      name: 'Toute la couverture, telle qu’elle sera imprimée',
    });
    expect(sheet().getAttribute('src')).toContain('binding=hardcover');
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
    // The front cover is the order's: the server's address, no binding asked.
    const fronts = screen
      .getAllByRole('img')
      .map((image) => image.getAttribute('src') ?? '')
      .filter((src) => src.includes('/pages/0/image'));
    expect(fronts.length).toBeGreaterThan(0);
    expect(fronts.every((src) => !src.includes('binding='))).toBe(true);
    expect(within(region).getByText(/se replie autour du carton/)).toBeVisible();
  });
});

describe('/book/{id}: changes before approval', () => {
  it('refuses a missing name and an emoji, in words, and sends nothing', async () => {
    const api = mockBookApi();
    const { user } = renderBook();
    const child = await screen.findByLabelText('Child’s name');
    await user.clear(child);
    await user.type(screen.getByLabelText('Signature'), ' 🎉');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(child).toHaveAccessibleDescription('Please enter a name.');
    expect(child).toHaveFocus();
    expect(screen.getByLabelText('Signature')).toHaveAccessibleDescription(
      expect.stringContaining('Emoji can’t be printed.'),
    );
    expect(api.callsTo(`/api/books/${BOOK_ID}`, 'PATCH')).toHaveLength(0);
  });

  it('saves a new dedication as a new version and the reader shows it', async () => {
    const api = mockBookApi();
    const { user } = renderBook({ width: 390 });
    const dedication = await screen.findByLabelText('Dedication');
    await user.clear(dedication);
    await user.type(dedication, 'To our brave Mia.');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Saved. The pages above show your new text.')).toBeInTheDocument();
    // Only what changed travels.
    expect(api.callsTo(`/api/books/${BOOK_ID}`, 'PATCH').map((call) => call.body)).toEqual([
      { dedicationMessage: 'To our brave Mia.' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to Dedication' }));
    expect(within(stage()).getByText('To our brave Mia.')).toBeInTheDocument();
  });

  it('names each child of a cast by their name, the lead first, and sends every companion renamed (issue 35)', async () => {
    const api = mockBookApi({
      book: makeBook({ names: { child: 'Mia', toy: 'Bruno', companions: ['Leo', 'Zoé'] } }),
    });
    const { user } = renderBook({ width: 390 });
    const leo = await screen.findByLabelText('Leo’s name');
    const labels = screen
      .getAllByRole('textbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)
      .slice(0, 4);
    expect(labels).toEqual(['Mia’s name', 'Leo’s name', 'Zoé’s name', 'Toy’s name']);
    expect(leo).toHaveValue('Leo');
    // An empty name is refused in words, as the lead's is, and nothing is sent.
    await user.clear(leo);
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(leo).toHaveAccessibleDescription('Please enter a name.');
    expect(api.callsTo(`/api/books/${BOOK_ID}`, 'PATCH')).toHaveLength(0);
    await user.type(leo, ' Noah ');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Saved. The pages above show your new text.')).toBeInTheDocument();
    expect(api.callsTo(`/api/books/${BOOK_ID}`, 'PATCH').map((call) => call.body)).toEqual([
      { companionNames: ['Noah', 'Zoé'] },
    ]);
    expect(await screen.findByLabelText('Noah’s name')).toHaveValue('Noah');
  });

  it.each([
    ['female', 'Nome della bambina'],
    ['male', 'Nome del bambino'],
  ] as const)(
    'in Italian, names the field of a %s lead as the language agrees (issue 36)',
    async (gender, label) => {
      mockBookApi({ book: makeBook({ names: { child: 'Mia', childGender: gender, toy: 'Bruno' } }) });
      renderBook({ language: 'it' });
      expect(await screen.findByLabelText(label)).toHaveValue('Mia');
    },
  );

  it('labels the cast’s names in French, and says why the shop refused them', async () => {
    mockBookApi({
      book: makeBook({ names: { child: 'Mia', toy: 'Bruno', companions: ['Oscar', 'Zoé'] } }),
      routes: { [`PATCH /api/books/${BOOK_ID}`]: fails(400, 'BOOK_NAMES_MISMATCH') },
    });
    const { user } = renderBook({ language: 'fr' });
    const oscar = await screen.findByLabelText('Prénom d’Oscar');
    expect(screen.getByLabelText('Prénom de Zoé')).toHaveValue('Zoé');
    expect(screen.getByLabelText('Prénom de Mia')).toHaveValue('Mia');
    await user.clear(oscar);
    await user.type(oscar, 'Noé');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Les prénoms ne correspondent plus aux enfants de ce livre.',
    );
  });

  it('draws a page again within the limit and keeps the new picture when chosen', async () => {
    const api = mockBookApi();
    const { user } = renderBook({ width: 390 });
    await screen.findByRole('heading', { name: 'Mia and Bruno' });
    await user.click(screen.getByRole('button', { name: 'Go to Page 1' }));
    expect(within(stage()).getByText('3 of 3 left')).toBeInTheDocument();
    await user.click(within(stage()).getByRole('button', { name: 'Draw Page 1 again' }));

    const choice = await screen.findByTestId('redraw-choice');
    expect(
      within(choice).getByRole('heading', { name: 'Page 1: which picture do you prefer?' }),
    ).toBeInTheDocument();
    expect(within(stage()).getByText('2 of 3 left')).toBeInTheDocument();
    // Approving waits until a picture is chosen.
    expect(screen.getByRole('button', { name: 'This is my book' })).toBeDisabled();
    const keepNew = await within(choice).findByRole(
      'button',
      { name: 'Keep the new picture for Page 1' },
      { timeout: 5_000 },
    );
    expect(within(choice).getByRole('img', { name: 'The picture Page 1 had until now' })).toHaveAttribute(
      'src',
      expect.stringContaining('v=p3'),
    );
    await user.click(keepNew);
    await waitFor(() => expect(screen.queryByTestId('redraw-choice')).not.toBeInTheDocument());
    expect(api.callsTo(`/api/books/${BOOK_ID}/pages/3/choose`).map((call) => call.body)).toEqual([
      { picture: 'new' },
    ]);
    expect(
      within(stage()).getByRole('img', { name: 'The picture of page 1 of Mia and Bruno' }),
    ).toHaveAttribute('src', expect.stringContaining('v=new1'));
  });

  it('says when no redraw is left', async () => {
    mockBookApi({ book: makeBook({ redraws: { used: 3, max: 3 } }) });
    const { user } = renderBook({ width: 390 });
    await user.click(await screen.findByRole('button', { name: 'Go to Page 2' }));
    expect(within(stage()).getByRole('button', { name: 'Draw Page 2 again' })).toBeDisabled();
    expect(within(stage()).getByText('No new drawings left for this book')).toBeInTheDocument();
  });
});

describe('/book/{id}: approve and order', () => {
  it('says what is frozen, approves the version read and opens the checkout', async () => {
    const api = mockBookApi();
    const { user } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'This is my book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this your book?' });
    expect(dialog).toHaveTextContent('Every picture stays as you see it, covers included.');
    expect(dialog).toHaveTextContent('with Mia and Bruno, the dedication and the signature');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, this is my book' }));
    expect(await screen.findByText(`Elsewhere: /checkout/${BOOK_ID}`)).toBeInTheDocument();
    // No reminder unless the parent asks for one.
    expect(api.callsTo(`/api/books/${BOOK_ID}/approve`).map((call) => call.body)).toEqual([
      { version: 1, remindMe: false },
    ]);
  });

  it('names every child of a cast with the toy in what is frozen (issue 35)', async () => {
    mockBookApi({
      book: makeBook({ names: { child: 'Mia', toy: 'Bruno', companions: ['Leo', 'Zoé'] } }),
    });
    const { user } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'This is my book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this your book?' });
    expect(dialog).toHaveTextContent('with Mia, Leo, Zoé and Bruno, the dedication and the signature');
  });

  it('asks for the one reminder e-mail when the parent ticks it', async () => {
    const api = mockBookApi();
    const { user } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'This is my book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this your book?' });
    const remind = within(dialog).getByRole('checkbox', {
      name: /E-mail me once tomorrow if I haven’t ordered it yet/,
    });
    expect(remind).not.toBeChecked();
    await user.click(remind);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, this is my book' }));
    expect(await screen.findByText(`Elsewhere: /checkout/${BOOK_ID}`)).toBeInTheDocument();
    expect(api.callsTo(`/api/books/${BOOK_ID}/approve`).map((call) => call.body)).toEqual([
      { version: 1, remindMe: true },
    ]);
  });

  it('keeps the parent on the book when the approval is refused, and says why', async () => {
    mockBookApi({
      routes: { [`POST /api/books/${BOOK_ID}/approve`]: fails(409, 'BOOK_VERSION_SUPERSEDED') },
    });
    const { user } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'This is my book' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, this is my book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your book has changed since you approved it.',
    );
    expect(screen.queryByText(/^Elsewhere/)).not.toBeInTheDocument();
  });

  it('offers payment straight away for an approved current version, and again approval after a change', async () => {
    const api = mockBookApi({ book: makeBook({ approvedVersion: 1 }) });
    const { user } = renderBook();
    expect(await screen.findByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      `/checkout/${BOOK_ID}`,
    );
    await user.type(screen.getByLabelText('Toy’s name'), 'o');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(
      await screen.findByText(
        'You changed your book after approving it. Please read it again and approve this version.',
      ),
    ).toBeInTheDocument();
    expect(api.server.book.names.toy).toBe('Brunoo');
    expect(screen.getByRole('button', { name: 'This is my book' })).toBeEnabled();
  });
});
