import { vi } from 'vitest';
import type { PriceList, Theme, ThemeReview } from '../../../../shared/contracts/catalog';
import { parseBookType } from '../../../../shared/domain/statuses';
import { unknownRoute } from '../../../testing/unknown-route';

/** The seeded theme's texts in English and French, as in its story folder (book.{en,fr}.json). */
const GUARDIAN_TEXTS: Theme['texts'] = {
  en: {
    title: 'My Guardian Friend',
    tagline: 'When the lights go out, their favourite cuddly toy keeps watch all night long.',
    description:
      'Every night, once the house is quiet, your child’s plush toy wakes up for a very important job: chasing away bad dreams. Together they tiptoe through a moonlit world, meet friendly creatures and learn that being brave is easier with a friend by your side. A gentle, reassuring story that ends, of course, with a big hug and sweet dreams.',
    tags: ['Bedtime', 'Friendship', 'Courage', 'Magic'],
    gallery: [
      'Bedtime: sitting up in bed, the boy gives his teddy bear a big hug while the lamp glows beside him.',
      'In the middle of the night, the teddy bear’s eyes go wide as it spots a shadow peeking out from behind the wardrobe.',
      'Holding up a little lantern, the brave teddy bear lights up the room, and the shadow scurries away over the wardrobe.',
      'The boy and his teddy bear lean out of the window together to watch the stars and a shooting star.',
      'Good morning: the boy stretches with a big smile in the sunshine while his teddy bear waves beside him.',
    ],
  },
  fr: {
    title: 'Mon ami gardien',
    tagline: 'Quand la lumière s’éteint, son doudou préféré veille sur lui toute la nuit.',
    description:
      'Chaque soir, quand la maison s’endort, le doudou de votre enfant se réveille pour une mission très importante : chasser les mauvais rêves. Main dans la patte, ils partent à travers un monde baigné de lune, rencontrent des créatures bienveillantes et découvrent qu’on est bien plus courageux avec un ami à ses côtés. Une histoire douce et rassurante, qui se termine bien sûr par un gros câlin et de beaux rêves.',
    tags: ['Heure du coucher', 'Amitié', 'Courage', 'Magie'],
    gallery: [
      'C’est l’heure du coucher : assis dans son lit, le petit garçon fait un gros câlin à son doudou ourson, près de la lampe allumée.',
      'En pleine nuit, le doudou ourson ouvre grand les yeux : une ombre pointe le bout de son nez derrière l’armoire.',
      'Une petite lanterne à la patte, le courageux doudou ourson éclaire la chambre, et l’ombre file se cacher par-dessus l’armoire.',
      'Penchés à la fenêtre, le petit garçon et son doudou ourson regardent ensemble les étoiles et une étoile filante.',
      'Au petit matin, sous le soleil, le petit garçon s’étire avec un grand sourire pendant que son doudou ourson lui fait coucou.',
    ],
  },
};

/** The seeded theme as the API returns it. */
export function makeTheme(overrides: Partial<Theme> = {}): Theme {
  return {
    id: 'guardian-friend',
    book: {
      id: '5b7c8f64-2a7d-4d3e-9a55-0d2b8f1f6a10',
      slug: 'guardian-friend',
      title: 'My Guardian Friend',
    },
    bookTypes: ['storybook', 'coloring'],
    ageMin: 2,
    ageMax: 8,
    images: [1, 2, 3, 4, 5].map((n) => ({
      src: `/catalog/themes/guardian-friend/gallery-${n}.webp`,
      width: 1200,
      height: 900,
    })),
    texts: GUARDIAN_TEXTS,
    ...overrides,
  };
}

/** The seeded prices: softcover 2999, hardcover 3999. */
export function makePrices(
  prices: Array<[PriceList['prices'][number]['productKey'], number]> = [],
): PriceList {
  const list: PriceList['prices'] =
    prices.length > 0
      ? prices.map(([productKey, basePrice]) => ({ productKey, basePrice, discountPercentage: 0 }))
      : [
          { productKey: 'softcover_book', basePrice: 2999, discountPercentage: 0 },
          { productKey: 'hardcover_book', basePrice: 3999, discountPercentage: 0 },
        ];
  return { currency: 'CHF', prices: list };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const notFoundResponse = () =>
  jsonResponse({ error: { code: 'NOT_FOUND', message: 'Theme not found' } }, 404);

type Answer = Response | 'network-error';

/**
 * Stubs `fetch` with the catalogue API: the given themes (by default the seeded one) and prices.
 * Pass a function to answer differently (an error status, a network failure). Returns the URLs asked.
 */
export function mockCatalogApi(
  options: {
    themes?: Theme[];
    prices?: PriceList | (() => Answer);
    themeList?: (type: string) => Answer;
    /** The approved reviews the server has for each theme (none by default: none is invented). */
    reviews?: Record<string, ThemeReview[]>;
  } = {},
) {
  const themes = options.themes ?? [makeTheme()];
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    requests.push(url);
    const answer = ((): Answer => {
      // The layout reads the session on every page: a visitor, as for anyone who has not signed in.
      if (url.pathname === '/api/auth/get-session') return jsonResponse(null);
      if (url.pathname === '/api/catalog/prices') {
        const prices = options.prices ?? makePrices();
        return typeof prices === 'function' ? prices() : jsonResponse(prices);
      }
      const reviewsOf = /^\/api\/catalog\/themes\/([^/]+)\/reviews$/.exec(url.pathname);
      if (reviewsOf)
        return jsonResponse({ reviews: options.reviews?.[decodeURIComponent(reviewsOf[1] ?? '')] ?? [] });
      const type = parseBookType(url.searchParams.get('type') ?? 'storybook');
      if (!type) return jsonResponse({ error: { code: 'VALIDATION_INVALID_PARAM', message: 'type' } }, 400);
      if (url.pathname === '/api/catalog/themes') {
        if (options.themeList) return options.themeList(type);
        return jsonResponse({ type, themes: themes.filter((theme) => theme.bookTypes.includes(type)) });
      }
      const one = /^\/api\/catalog\/themes\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const theme = themes.find((item) => item.id === decodeURIComponent(one[1] ?? ''));
        return theme?.bookTypes.includes(type) ? jsonResponse(theme) : notFoundResponse();
      }
      return unknownRoute(`GET ${url.pathname}`);
    })();
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A `window.matchMedia` that answers the reduced-motion query as told. */
export function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}
