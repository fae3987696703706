import { describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate, jsonForScript } from './html';

describe('jsonForScript', () => {
  it('cannot close or comment out its script element, and reads back unchanged', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028\u2029 >' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('fillTemplate', () => {
  const template =
    '<!doctype html>\n<html lang="en">\n<head><meta name="viewport" content="width=device-width" /><title>Old</title>\n<meta name="description" content="Old" />\n</head><body><div id="root"></div></body></html>';

  it('puts the page, its language, title, description and state in, escaped', () => {
    const html = fillTemplate(
      template,
      {
        html: '<link rel="preload" as="image" href="/a.webp" fetchPriority="high"/><link rel="preload" as="image" href="/b.webp"/><main>Hi</main>',
        title: 'A "title" & <more>',
        description: 'Les « contes »',
        state: { language: 'fr', namespaces: ['common'], queries: { x: '</script>' } },
      },
      { 'data-shop-mode': 'demo"><script>' },
    );
    expect(html).toContain('<html data-shop-mode="demo&quot;&gt;&lt;script&gt;" lang="fr">');
    expect(html).toContain('<title>A &quot;title&quot; &amp; &lt;more&gt;</title>');
    expect(html).toContain('<meta name="description" content="Les « contes »" />');
    // Only the largest picture's preload moves to <head>; the others are left out of #root.
    expect(html).toMatch(
      /<meta name="viewport" content="width=device-width" \/><link rel="preload" as="image" href="\/a\.webp" fetchPriority="high"\/><title>/,
    );
    expect(html).not.toContain('/b.webp');
    expect(html).toContain('<div id="root"><main>Hi</main></div>');
    expect(html).toContain('<script type="application/json" id="storefront-state">');
    expect(html).not.toContain('{"x":"</script>"}');
  });

  it('escapes the five characters that matter in attributes and text', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
