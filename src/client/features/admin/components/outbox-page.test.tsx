import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils';
import { OutboxPage } from './outbox-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function mockOutbox(total: number, shown: number) {
  const messages = Array.from({ length: shown }, (_, index) => ({
    id: `m${index}`,
    to: 'parent@example.com',
    subject: `Message ${total - index}`,
    text: 'Hello',
    sentAt: new Date(Date.UTC(2026, 10, 26, 10, 0, total - index)).toISOString(),
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return json(null);
      if (url.pathname === '/api/admin/me') return json({ email: 'operator@example.com' });
      if (url.pathname === '/api/admin/outbox') return json({ enabled: true, total, messages });
      return new Response('{}', { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console outbox', () => {
  it('says when it shows only the newest e-mails of a longer outbox', async () => {
    mockOutbox(130, 100);
    renderWithProviders(<OutboxPage />, { language: 'en' });
    expect(await screen.findByText('The newest 100 of 130 e-mails.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(100);
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Message 130');
  });

  it('says it in French', async () => {
    mockOutbox(130, 100);
    renderWithProviders(<OutboxPage />, { language: 'fr' });
    expect(await screen.findByText('Les 100 e-mails les plus récents sur 130.')).toBeInTheDocument();
  });

  it('says nothing of the kind when every e-mail is shown', async () => {
    mockOutbox(3, 3);
    renderWithProviders(<OutboxPage />, { language: 'fr' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Message 3' })).toBeInTheDocument();
    expect(screen.queryByText(/les plus récents sur/)).toBeNull();
  });
});
