import { describe, expect, it } from 'vitest';
import { emailButton, emailFooterLink, emailHtml, emailParagraph } from './email-layout';

describe('the e-mail layout', () => {
  it('frames a message with the brand, greeting, signature and footer, escaping every text', () => {
    const html = emailHtml({
      language: 'fr',
      brand: 'Cuddle <Tales>',
      greeting: 'Bonjour,',
      blocks: [emailParagraph('Mia & "Ours"'), emailButton('https://shop.test/a?b=1&c=2', 'Voir')],
      signature: 'Merci\nL’équipe',
      footer: 'Pied <de> page',
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('>Cuddle &lt;Tales&gt;</p>');
    expect(html).toContain('>Mia &amp; &quot;Ours&quot;</p>');
    expect(html).toContain('href="https://shop.test/a?b=1&amp;c=2"');
    expect(html).toContain('white-space:pre-line">Merci\nL’équipe</p>');
    expect(html).toContain('<hr ');
    expect(html).toContain('>Pied &lt;de&gt; page</p>');
    // The blocks come in order between the greeting and the signature.
    const order = ['Bonjour,', 'Mia &amp;', 'Voir', 'Merci'].map((text) => html.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('leaves out the greeting, signature and footer an internal alert does not have', () => {
    const html = emailHtml({
      language: 'en',
      brand: 'Cuddle Tales',
      blocks: [emailParagraph('Lulu said no.')],
    });
    expect(html).toContain('Lulu said no.');
    expect(html).not.toContain('<hr ');
    expect(html).not.toContain('pre-line');
    expect(html.match(/<p /g)).toHaveLength(2);
  });

  it('ends a footer with a link when one is given', () => {
    const html = emailHtml({
      language: 'en',
      brand: 'Cuddle Tales',
      blocks: [],
      footer: emailFooterLink('Stop these e-mails: ', 'https://shop.test/stop?t=1&x=<2>'),
    });
    expect(html).toContain('Stop these e-mails: <a href="https://shop.test/stop?t=1&amp;x=&lt;2&gt;"');
  });
});
