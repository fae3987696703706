import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Order } from '../shared/contracts/checkout';
import { LANGUAGES, type Language, typographyOf } from '../shared/domain/languages';
import { quoteOrder } from '../shared/domain/quote';
import { PRODUCT_KEYS } from '../shared/domain/statuses';
import { ORDER_EMAILS } from './jobs/payloads';
import { type AccountEmail, renderAccountEmail } from './modules/auth/emails';
import { receiptOf } from './modules/orders/receipt';
import { renderOrderEmail } from './modules/production/emails';
import { renderBookReminder } from './modules/reminders/service';
import { loadStory, renderStory } from './stories/story';

/**
 * Typography per language (issue 20 for French, issue 32 for every language): the rules are
 * TYPOGRAPHY in src/shared/domain/languages.ts. French wants a space that does not break before
 * `:`, `;`, `!`, `?` and `»`, and after `«`. The locale files already use U+00A0 (the print fonts have
 * no U+202F either, see print/text.ts), so that is the one space this shop writes; a plain space, a
 * narrow one or none is a problem. German as written in Switzerland and Italian hug their « » with
 * no space; Swiss German never writes ß nor the „ “ quotes of Germany. Checked over every text a
 * parent can read in every language: the locale files, the stories, and every e-mail as its builder
 * renders it.
 */
const SPACE = '\u00a0';

/** Where a text breaks its language's rules, each with a few characters around it; [] when it keeps them. */
function typographyProblems(raw: string, language: Language = 'fr'): string[] {
  const rules = typographyOf(language);
  const text = raw
    // Placeholders stand for words: {{x}} (i18next), {x} and {de:x} (the stories), $t(key).
    .replace(/\{\{[^}]*\}\}|\{[^{}]*\}|\$t\([^)]*\)/g, 'X')
    // Links keep their own punctuation (https://…?a=b, mailto:); an address is one word.
    .replace(/\b(?:https?:\/\/|mailto:)[^\s<>"]*/g, 'U')
    .replace(/[^\s@<>"]+@[^\s@<>"]+\.[a-z]+/gi, 'U');
  const problems: string[] = [];
  const around = (index: number) => JSON.stringify(text.slice(Math.max(0, index - 12), index + 6));
  if (rules.spaceBefore.length > 0) {
    const signs = new RegExp(`[${rules.spaceBefore.map((sign) => `\\${sign}`).join('')}]`, 'g');
    for (const match of text.matchAll(signs)) {
      const index = match.index;
      const before = text[index - 1];
      // A time (20:30), a line's own start, or the second sign of "?!" glued to the first.
      if (match[0] === ':' && /\d/.test(before ?? '') && /\d/.test(text[index + 1] ?? '')) continue;
      if (before === undefined || before === '\n') continue;
      if (/[!?]/.test(match[0]) && /[!?]/.test(before)) continue;
      if (before !== SPACE) problems.push(around(index));
    }
  }
  for (const match of text.matchAll(/«/g)) {
    const after = text[match.index + 1];
    if (rules.spaceInsideQuotes ? after !== SPACE : /\s/.test(after ?? ''))
      problems.push(around(match.index));
  }
  if (!rules.spaceInsideQuotes) {
    for (const match of text.matchAll(/»/g)) {
      if (/\s/.test(text[match.index - 1] ?? '')) problems.push(around(match.index));
    }
  }
  for (const sign of rules.forbidden) {
    for (const match of text.matchAll(new RegExp(sign, 'g'))) problems.push(around(match.index));
  }
  return problems;
}

/** Every string of a JSON value with where it sits: `[path, text]`. */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${at}.${key}`));
  }
  return [];
}

/** Only the problems, by where they are: an empty object when all is well (a readable failure). */
function problemsOf(texts: [string, string][], language: Language = 'fr'): Record<string, string[]> {
  return Object.fromEntries(
    texts
      .map(([at, text]) => [at, typographyProblems(text, language)] as const)
      .filter(([, found]) => found.length > 0),
  );
}

/** The text a reader sees in an HTML e-mail: tags dropped, entities read. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '\n')
    .replace(/&nbsp;/g, SPACE)
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const root = path.resolve(import.meta.dirname, '..', '..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('the French typography check itself', () => {
  it('finds a sign without its space, with a plain, a narrow or no space, and « » likewise', () => {
    expect(typographyProblems('Bonjour: ça va')).toHaveLength(1);
    expect(typographyProblems('Merci !')).toHaveLength(1);
    expect(typographyProblems('Vraiment\u202f?')).toHaveLength(1);
    expect(typographyProblems('Et toi;')).toHaveLength(1);
    expect(typographyProblems('« Bonjour »')).toHaveLength(2);
    expect(typographyProblems('«Bonjour»')).toHaveLength(2);
    expect(typographyProblems('Le code {{code}}: appliqué')).toHaveLength(1);
    expect(typographyProblems('Voir : https://a.ch/x')).toHaveLength(1);
  });

  it('leaves alone times, links, addresses, placeholders and a glued "?!"', () => {
    const ok = [
      `Merci${SPACE}! À 20:30, lisez https://shop.ch/a?b=c:d et écrivez à hello@cuddletales.ch.`,
      `Pour {child}${SPACE}: {que:toy} veille, {{count}}/{{total}}, $t(common:a)`,
      `«${SPACE}Bonjour${SPACE}» Quoi${SPACE}?! mailto:hello@cuddletales.ch`,
      `Ligne${SPACE}:\n!`,
    ];
    for (const text of ok) expect(typographyProblems(text), text).toEqual([]);
  });
});

/** The languages of the list: every one has its texts in this tree. */
const localesOf = (language: Language) => path.join(root, 'public', 'locales', language);
const languagesWithTexts = LANGUAGES.map(({ code }) => code);

describe('the Swiss German and Italian rules of the check', () => {
  it('finds ß, German quotes and spaces inside « »', () => {
    expect(typographyProblems('Grüße aus Zürich', 'de')).toHaveLength(1);
    expect(typographyProblems('„Hallo“', 'de')).toHaveLength(2);
    expect(typographyProblems('« Hallo »', 'de')).toHaveLength(2);
    expect(typographyProblems('« Ciao »', 'it')).toHaveLength(2);
  });
  it('leaves alone Swiss quotes, ss and a colon without space', () => {
    expect(typographyProblems('Er sagt: «Grüsse aus Zürich!»', 'de')).toEqual([]);
    expect(typographyProblems('Dice: «Ciao!»', 'it')).toEqual([]);
  });
});

describe.each(languagesWithTexts)('typography in every %s text', (language) => {
  const localeDir = localesOf(language);
  it.each(fs.readdirSync(localeDir).filter((file) => file.endsWith('.json')))('locale file %s', (file) => {
    expect(problemsOf(strings(readJson(path.join(localeDir, file)), file), language)).toEqual({});
  });

  const storiesDir = path.join(root, 'src', 'server', 'stories');
  const stories = fs
    .readdirSync(storiesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      fs
        .readdirSync(path.join(storiesDir, entry.name))
        .filter((file) => file.endsWith(`.${language}.json`))
        .map((file) => `${entry.name}/${file}`),
    );
  it('has stories to check', () => expect(stories.length).toBeGreaterThan(0));
  it.each(stories)('story %s (the reader, the printed book and the e-mails show it)', (file) => {
    expect(problemsOf(strings(readJson(path.join(storiesDir, file)), file), language)).toEqual({});
  });

  it('sets a dedication and signature as the parent typed them, by the language’s rules (issue 36)', async () => {
    const story = await loadStory('guardian-friend', 'storybook', language);
    const { dedication } = renderStory(story, {
      child: { name: 'Léa', gender: 'female', age: 5 },
      toy: { name: 'Pompon' },
      language,
      dedication: {
        message: 'Bonne nuit, ma Léa ! Tu dors ? Voici ton « livre » : il est à toi ; rien qu’à toi.',
        signature: 'Papa et Maman !',
      },
    });
    expect(dedication.message).toContain('Léa');
    expect(problemsOf(Object.entries(dedication), language)).toEqual({});
  });
});

/** A paid order with everything a receipt can say: a promo code, copies, a gift parcel, a refund. */
function paidOrder(language: Language): Order {
  const quote = quoteOrder(
    PRODUCT_KEYS.map((productKey) => ({ productKey, basePrice: 3990, discountPercentage: 0 })),
    {
      coverType: 'hardcover',
      grandparentCopies: { count: 2, coverType: 'softcover' },
      country: 'CH',
      shippingLevel: 'express',
      promo: { code: 'NOEL', kind: 'percent', value: 10 },
      giftParcels: [{ copy: 1, country: 'FR' }],
    },
    { taxRateBasisPoints: 810 },
  );
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderNumber: 'BK-1764000000000',
    status: 'processing',
    paymentStatus: 'paid',
    bookType: 'storybook',
    themeId: 'guardian-friend',
    bookInstanceId: null,
    coverType: 'hardcover',
    grandparentCopies: { count: 2, coverType: 'softcover' },
    customer: { firstName: 'Anne', lastName: 'Dupont', email: 'anne@example.ch', phone: '' },
    shipping: { address: 'Rue du Lac 1', city: 'Lausanne', postalCode: '1000', region: '', country: 'CH' },
    quote,
    trackingNumber: null,
    trackingUrl: null,
    copyGifts: [],
    language,
    createdAt: '2026-11-25T10:00:00.000Z',
    paidAt: '2026-11-25T10:05:00.000Z',
    printAfter: null,
    refundedAmount: 500,
    review: null,
  } as Order;
}

function mailsIn(language: Language) {
  const url = 'https://shop.example/order-confirmation/1?x=1';
  const title = 'Léo et le Gardien de la nuit';
  const mails = [
    ...(['verify', 'reset', 'passwordChanged', 'existingAccount'] satisfies AccountEmail[]).map(
      (kind) => [kind, renderAccountEmail(kind, { to: 'anne@example.ch', url, language })] as const,
    ),
    ...ORDER_EMAILS.map(
      (kind) =>
        [
          kind,
          renderOrderEmail(kind, {
            to: 'anne@example.ch',
            language,
            orderNumber: 'BK-1764000000000',
            title,
            url,
            trackingNumber: 'TRK123',
            amount: '12,50 CHF',
            delivery: { earliest: '2026-11-30', latest: '2026-12-08', express: true },
            receipt: receiptOf(
              paidOrder(language),
              {
                name: 'Contes Doudou SA',
                address: 'Rue du Lac 1; 1000 Lausanne',
                vatNumber: 'CHE-123.456.789 TVA',
              },
              new Date('2026-11-25T10:05:00Z'),
            ),
          }),
        ] as const,
    ),
    [
      'bookWaiting',
      renderBookReminder({
        to: 'anne@example.ch',
        language,
        title,
        url: 'https://shop.example/book/1',
        stopUrl: 'https://shop.example/api/reminders/stop?token=abcdefghijklmnop',
      }),
    ] as const,
  ];
  return mails;
}

describe.each(languagesWithTexts)('typography in every %s e-mail, as rendered', (language) => {
  const mails = mailsIn(language);
  it.each(mails)('%s: subject, text and HTML', (kind, mail) => {
    expect(
      problemsOf(
        [
          [`${kind}.subject`, mail.subject],
          [`${kind}.text`, mail.text],
          [`${kind}.html`, visibleText(mail.html ?? '')],
        ],
        language,
      ),
    ).toEqual({});
  });
});

describe('the French e-mails', () => {
  const url = 'https://shop.example/order-confirmation/1?x=1';
  const mails = mailsIn('fr');
  it('checks the e-mail lines the code puts together (the button line, the receipt’s rows)', () => {
    const paid = mails.find(([kind]) => kind === 'orderPaid')?.[1];
    expect(paid?.text).toContain(`Suivre mon livre${SPACE}: ${url}`);
    expect(paid?.text).toMatch(new RegExp(`Total payé${SPACE}: `));
  });
});
