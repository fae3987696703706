import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/profile.json';
import fr from '../../../../public/locales/fr/profile.json';

/** Every key path with the {{placeholders}} of its text; plural forms count as one key. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const parts = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    return [`${path.replace(/_(one|many|other)$/, '')} ${[...new Set(parts)].sort().join(',')}`];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [path];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

// French puts a no-break space before : ; ! ? and inside « ».
const FRENCH_SPACING = /[^\u00a0\u202f][:;!?](\s|$)|«[^\u00a0]|[^\u00a0]»/;

describe('profile texts', () => {
  it('have the same keys and placeholders in English and French', () => {
    expect([...new Set(shape(fr))]).toEqual([...new Set(shape(en))]);
  });

  it('follow French spacing around punctuation', () => {
    const offending = texts(fr).filter((text) => FRENCH_SPACING.test(text.replace(/\{\{\w+\}\}/g, 'x')));
    expect(offending).toEqual([]);
  });

  it('keep the texts the spec quotes', () => {
    expect(en.loadFailed).toBe('Failed to load profile data');
    expect(en.toasts).toEqual({
      retrySucceeded: 'Book generation restarted successfully',
      retryFailed: 'Failed to restart book generation. Please try again.',
    });
    expect(en.books.progress.failed).toBe(
      "Something went wrong creating your book. We're working to fix it.",
    );
    expect(en.tabs).toMatchObject({ books: 'My Books', orders: 'Orders', data: 'Data Controls' });
    expect(en.books).toMatchObject({
      viewImages: 'View Images',
      retry: 'Retry',
      downloadPdf: 'Download PDF',
    });
    expect(en.orders).toMatchObject({
      reorder: 'Reorder',
      sibling: 'Make Sibling Version',
      review: 'Review',
    });
    expect(en.orders.empty.action).toBe('Create your first book');
    expect(en.data.delete.action).toBe('Delete Account');
  });
});
