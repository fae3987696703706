import { describe, expect, it } from 'vitest';
import { classesInHtml, criticalCss, parseStylesheet, requiredClasses, webFontFaces } from './critical-css';

const cut = (css: string, html: string, webFonts = true) =>
  criticalCss(parseStylesheet(css), classesInHtml(html), { webFonts });

describe('requiredClasses', () => {
  it('reads escaped class names as the page writes them', () => {
    expect(requiredClasses('.md\\:flex')).toEqual(['md:flex']);
    expect(requiredClasses('.\\[\\&_svg\\]\\:shrink-0 svg')).toEqual(['[&_svg]:shrink-0']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses('.w-1\\/2.hover\\:bg-x:hover')).toEqual(['w-1/2', 'hover:bg-x']);
  });

  it('does not require what sits inside :not(), :is() or an attribute', () => {
    expect(requiredClasses('.a:not(.b)>[data-x=".c"]')).toEqual(['a']);
    expect(requiredClasses(':where(.dark, .dark *) .d')).toEqual(['d']);
    expect(requiredClasses('h1')).toEqual([]);
  });
});

describe('classesInHtml', () => {
  it('reads every class attribute, with its entities decoded', () => {
    const classes = classesInHtml(
      '<div class="a  b"><svg class=\'c\'></svg><p class="[&amp;_svg]:x">x</p></div>',
    );
    expect([...classes].sort()).toEqual(['[&_svg]:x', 'a', 'b', 'c']);
  });

  it('does not take text that only looks like a class attribute', () => {
    expect(classesInHtml('<p>class="a"</p><p data-class="b"></p>').size).toBe(0);
  });
});

describe('criticalCss', () => {
  const css =
    '/*! tailwindcss */@layer theme,base,utilities;@font-face{font-family:X;src:url(x.woff2)}' +
    ':root{--a:1}@layer base{h1{margin:0}}@layer utilities{.used{color:red}.unused{color:blue}' +
    '.used.other{color:green}.x,.used:hover{color:pink}.q:after{content:"}.unused{"}' +
    '@media (min-width:40rem){.sm\\:used{display:flex}.sm\\:unused{display:none}}' +
    '@supports (display:grid){.unused{display:grid}}.spin{animation:spin 1s}.fade{animation:fade 1s}}' +
    '@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}@property --tw-x{syntax:"*";inherits:false}';

  it('keeps the rules the page can match, with their media queries, and drops the others', () => {
    const out = cut(css, '<h1 class="used sm:used spin">Hi</h1>');
    expect(out).toContain('.used{color:red}');
    expect(out).toContain('.x,.used:hover{color:pink}');
    expect(out).toContain('@media (min-width:40rem){.sm\\:used{display:flex}}');
    expect(out).not.toContain('unused{display');
    expect(out).not.toContain('.unused{color:blue}');
    expect(out).not.toContain('.used.other');
    expect(out).not.toContain('@supports');
  });

  it('keeps fonts, custom properties, element rules and the layers’ order', () => {
    const out = cut(css, '<p></p>');
    expect(
      out.startsWith('@layer theme,base,utilities;@font-face{font-family:X;src:url(x.woff2)}:root{--a:1}'),
    ).toBe(true);
    expect(out).toContain('@layer base{h1{margin:0}}');
    expect(out).toContain('@property --tw-x{syntax:"*";inherits:false}');
    expect(out).not.toContain('tailwindcss');
  });

  it('leaves the web fonts out when asked, keeping the local stand-ins', () => {
    const fonts =
      '@font-face{font-family:Nunito Fallback;src:local("Arial");size-adjust:99%}' +
      '@font-face{font-family:Nunito;src:url(/assets/nunito.woff2)format("woff2")}h1{font-family:Nunito}';
    const out = cut(fonts, '<h1>Hi</h1>', false);
    expect(out).toBe(
      '@font-face{font-family:Nunito Fallback;src:local("Arial");size-adjust:99%}h1{font-family:Nunito}',
    );
    expect(cut(fonts, '<h1>Hi</h1>', true)).toBe(fonts);
    expect(webFontFaces(parseStylesheet(fonts))).toBe(
      '@font-face{font-family:Nunito;src:url(/assets/nunito.woff2)format("woff2")}',
    );
  });

  it('keeps an animation only when a kept rule names it', () => {
    const out = cut(css, '<i class="spin"></i>');
    expect(out).toContain('@keyframes spin{to{rotate:1turn}}');
    expect(out).not.toContain('@keyframes fade');
  });

  it('reads braces inside strings as text', () => {
    expect(cut(css, '<b class="q"></b>')).toContain('.q:after{content:"}.unused{"}');
    expect(cut(css, '<b class="used"></b>')).not.toContain('.q:after');
  });

  it('gives the whole stylesheet back when every class is used', () => {
    const all = '<i class="used other x sm:used sm:unused unused q spin fade"></i>';
    const out = cut(css, all);
    expect(out.length).toBe(css.replace('/*! tailwindcss */', '').length);
  });

  it('drops the custom properties nothing on the page reads or sets, and keeps what they name', () => {
    const sheet =
      '@layer theme{:root,:host{--color-red:red;--color-ink:#223;--font-sans:Nunito;--font:var(--font-sans);--gap:1rem}}' +
      '@layer properties{@supports (x:y){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-rotate:initial}}}' +
      '@layer utilities{.ink{color:var(--color-ink)}.font{font-family:var(--font)}.red{color:var(--color-red)}' +
      '.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.rotate{rotate:var(--tw-rotate)}}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-rotate{syntax:"*";inherits:false}';
    const html = '<p class="ink font shadow" style="margin:var(--gap)">Hi</p>';
    const out = criticalCss(parseStylesheet(sheet), classesInHtml(html), { webFonts: true, html });
    // Read by a kept rule, named by a kept property's value, set and read, or in a style attribute.
    for (const kept of ['--color-ink:#223', '--font:var(--font-sans)', '--font-sans:Nunito', '--gap:1rem']) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('--tw-shadow:0 0 #0000');
    expect(out).toContain('@property --tw-shadow{');
    // The red and the rotation belong to rules the page does not use.
    expect(out).not.toContain('--color-red');
    expect(out).not.toContain('--tw-rotate');
    // Without the page's HTML nothing is dropped.
    expect(cut(sheet, html)).toContain('@property --tw-rotate');
  });
});
