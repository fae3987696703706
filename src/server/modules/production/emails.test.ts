import { describe, expect, it } from 'vitest';
import { renderOrderEmail } from './emails';

const base = {
  to: 'anna@example.com',
  orderNumber: 'BK-1042',
  title: 'Emma and the Night Guardian',
  url: 'https://shop.example/order-confirmation/1',
};

describe('the sent-to-print e-mail', () => {
  it('gives the printing time the shop promises everywhere (2 to 7 working days)', () => {
    const mail = renderOrderEmail('sentToPrint', { ...base, language: 'en' });
    expect(mail.text).toContain('Printing and binding take 2 to 7 working days');
  });
});

describe('the order e-mails’ delivery promise', () => {
  it('says between which days the book should arrive, in the order’s language, express said so', () => {
    const english = renderOrderEmail('orderPaid', {
      ...base,
      language: 'en',
      delivery: { earliest: '2026-12-02', latest: '2026-12-11', express: false },
    });
    expect(english.text).toContain(
      'Your book should arrive between Wednesday 2 December and Friday 11 December.',
    );
    expect(english.html).toContain(
      'Your book should arrive between Wednesday 2 December and Friday 11 December.',
    );

    const french = renderOrderEmail('sentToPrint', {
      ...base,
      language: 'fr',
      delivery: { earliest: '2026-11-30', latest: '2026-12-08', express: true },
    });
    expect(french.text).toContain(
      'Votre livre devrait arriver entre le lundi 30 novembre et le mardi 8 décembre (livraison express).',
    );
  });

  it('says nothing of delivery where there is no promise (a refund, a shipped parcel)', () => {
    const shipped = renderOrderEmail('shipped', { ...base, language: 'en', trackingNumber: 'TRK1' });
    expect(shipped.text).not.toContain('should arrive between');
  });
});
