import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/profile.json';

// Keys, placeholders and French spacing of every namespace: src/client/i18n/locales.test.ts.

describe('profile texts', () => {
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
