/**
 * The part of the app's stylesheet one painted page uses (issue 19, decision 017): the rules whose
 * selectors can match the page's classes, with every at-rule they sit in, the custom properties,
 * fonts and element rules, and the animations those rules name. The page inlines this instead of
 * the whole stylesheet (less than half of it), so a phone paints sooner; the whole stylesheet arrives with
 * the app, before it takes the page over. Keeping a rule that is not needed is harmless, dropping
 * one that is would change the page: every doubt keeps the rule.
 */

type Node =
  | { kind: 'text'; text: string }
  /** An `@font-face` the browser downloads (its `src` has a `url()`), not a local stand-in. */
  | { kind: 'web-font'; text: string }
  | { kind: 'rule'; text: string; selectors: string[][] }
  | { kind: 'group'; open: string; children: Node[] }
  | { kind: 'keyframes'; name: string; text: string };

/** A stylesheet read once, ready to be cut down for each page. */
export type ParsedStylesheet = { nodes: Node[] };

/** Where the string starting at `start` (a quote) ends, just after its closing quote. */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Where the block opened at `open` (a `{`) is closed: the index of its `}`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = skipString(css, i) - 1;
    else if (char === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Splits at the given character where it is not inside a string, parentheses or brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = skipString(text, i) - 1;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

const IDENT_CHAR = /[\w\-\u0080-\uffff]/;

/**
 * The classes a selector needs, unescaped (`.md\:flex` needs `md:flex`). What sits inside
 * parentheses (`:not(.a)`, `:is(.b, .c)`, `:has(.d)`) or brackets is not required: ignoring it can
 * only keep a rule the page does not need.
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i] as string;
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = skipString(selector, i) - 1;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === '.' && depth === 0) {
      let name = '';
      let j = i + 1;
      while (j < selector.length) {
        const next = selector[j] as string;
        if (next === '\\') {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(j + 1, j + 8));
          if (hex) {
            name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
            j += 1 + hex[0].length;
          } else {
            name += selector[j + 1] ?? '';
            j += 2;
          }
        } else if (IDENT_CHAR.test(next)) {
          name += next;
          j++;
        } else break;
      }
      if (name) classes.push(name);
      i = j - 1;
    }
  }
  return classes;
}

// At-rules whose blocks hold rules (cut down like the sheet itself) rather than declarations.
const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style', 'document']);

function parseNodes(css: string, start: number, end: number): Node[] {
  const nodes: Node[] = [];
  let i = start;
  while (i < end) {
    const from = i;
    // The prelude: up to a `{`, or a `;` that ends a statement (`@layer a, b;`).
    let open = -1;
    while (i < end) {
      const char = css[i];
      if (char === '\\') i += 2;
      else if (char === '"' || char === "'") i = skipString(css, i);
      else if (char === '/' && css[i + 1] === '*') {
        const close = css.indexOf('*/', i + 2);
        i = close === -1 ? end : close + 2;
      } else if (char === '{') {
        open = i;
        break;
      } else if (char === ';' || char === '}') {
        i++;
        break;
      } else i++;
    }
    if (open === -1) {
      const text = css
        .slice(from, i)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim();
      // Comments are dropped; a statement (`@layer theme, base;`, `@charset`) is kept.
      if (text.startsWith('@')) nodes.push({ kind: 'text', text });
      continue;
    }
    const close = Math.min(blockEnd(css, open), end);
    const prelude = css
      .slice(from, open)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    const text = `${prelude}${css.slice(open, close + 1)}`;
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (atRule === undefined) {
      nodes.push({ kind: 'rule', text, selectors: splitTopLevel(prelude, ',').map(requiredClasses) });
    } else if (GROUPING.has(atRule)) {
      nodes.push({ kind: 'group', open: `${prelude}{`, children: parseNodes(css, open + 1, close) });
    } else if (atRule === 'font-face' && /\burl\(/i.test(text)) {
      nodes.push({ kind: 'web-font', text });
    } else if (atRule.endsWith('keyframes')) {
      nodes.push({ kind: 'keyframes', name: prelude.replace(/^@[\w-]+\s*/, '').trim(), text });
    } else {
      // A local @font-face (a stand-in), @property, @page, @counter-style…: not tied to a class, kept.
      nodes.push({ kind: 'text', text });
    }
    i = close + 1;
  }
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: parseNodes(css, 0, css.length) };
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Every class named in the page's `class` attributes, as the browser reads them. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    const value = (match[1] ?? match[2] ?? '').replace(
      /&(#x[0-9a-f]+|#\d+|\w+);/gi,
      (entity, name: string) =>
        ENTITIES[name.toLowerCase()] ??
        (name.startsWith('#x') || name.startsWith('#X')
          ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
          : name.startsWith('#')
            ? String.fromCodePoint(Number.parseInt(name.slice(1), 10))
            : entity),
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Which web fonts' `@font-face` rules a page names at once: all, none, or those a test accepts. */
export type WebFontChoice = boolean | ((face: string) => boolean);

type Kept = { classes: Set<string>; animations: Set<string>; webFonts: WebFontChoice };

function keep(nodes: Node[], kept: Kept): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'web-font') {
      if (typeof kept.webFonts === 'function' ? kept.webFonts(node.text) : kept.webFonts) out += node.text;
    } else if (node.kind === 'keyframes') {
      if (kept.animations.has(node.name)) out += node.text;
    } else if (node.kind === 'rule') {
      if (node.selectors.some((needed) => needed.every((name) => kept.classes.has(name)))) out += node.text;
    } else {
      const inner = keep(node.children, kept);
      // An empty `@layer x{}` still fixes the layers' order; other empty groups go.
      if (inner || node.open.startsWith('@layer')) out += `${node.open}${inner}}`;
    }
  }
  return out;
}

function keyframeNames(nodes: Node[], names: Set<string>): Set<string> {
  for (const node of nodes) {
    if (node.kind === 'keyframes') names.add(node.name);
    else if (node.kind === 'group') keyframeNames(node.children, names);
  }
  return names;
}

// Where a stylesheet only defines custom properties: the theme's values (`:root,:host{…}`), the
// properties' starting values (`*,:before,:after,::backdrop{…}`) and their registrations.
const DEFINITIONS = /(:root,:host|\*,:before,:after,::backdrop)\{([^{}]*)\}/g;
const REGISTRATION = /@property\s+(--[\w-]+)\s*\{[^{}]*\}/g;
const PROPERTY_NAME = /--[\w-]+/g;

/**
 * The kept rules without the custom properties nothing on the page reads or sets (issue 33): the
 * theme names every colour of the palette and Tailwind registers every property any utility of
 * the app uses, ~9 KB a page leaves unused. A property stays when a kept rule (outside those
 * definitions) or the page's HTML (a `style` attribute) names it, and so does every property its
 * value names. Every doubt keeps the property.
 */
export function withoutUnusedProperties(css: string, html: string): string {
  const outside = css.replace(DEFINITIONS, '').replace(REGISTRATION, '');
  const used = new Set([...outside.matchAll(PROPERTY_NAME), ...html.matchAll(PROPERTY_NAME)].map(([n]) => n));
  const values = new Map<string, string[]>();
  for (const [, , body] of css.matchAll(DEFINITIONS)) {
    for (const declaration of (body as string).split(';')) {
      const at = declaration.indexOf(':');
      const name = declaration.slice(0, at).trim();
      if (name.startsWith('--')) {
        const named = [...declaration.slice(at + 1).matchAll(PROPERTY_NAME)].map(([n]) => n);
        values.set(name, [...(values.get(name) ?? []), ...named]);
      }
    }
  }
  const pending = [...used];
  while (pending.length > 0) {
    for (const named of values.get(pending.pop() as string) ?? []) {
      if (!used.has(named)) {
        used.add(named);
        pending.push(named);
      }
    }
  }
  return css
    .replace(REGISTRATION, (rule, name: string) => (used.has(name) ? rule : ''))
    .replace(DEFINITIONS, (_rule, selector: string, body: string) => {
      const kept = body.split(';').filter((declaration) => {
        const name = declaration.slice(0, declaration.indexOf(':')).trim();
        return !name.startsWith('--') || used.has(name);
      });
      return `${selector}{${kept.join(';')}}`;
    });
}

/**
 * The stylesheet cut down to what a page with these classes uses; the web fonts' `@font-face`
 * rules only when `webFonts` (the local stand-ins always). Given the page's `html`, the custom
 * properties it leaves unused go too.
 */
export function criticalCss(
  sheet: ParsedStylesheet,
  classes: Set<string>,
  { webFonts, html }: { webFonts: WebFontChoice; html?: string },
): string {
  const rules = keep(sheet.nodes, { classes, animations: new Set(), webFonts });
  // An animation is kept where a kept rule names it.
  const words = new Set(rules.split(/[^\w-]+/));
  const named = new Set([...keyframeNames(sheet.nodes, new Set())].filter((name) => words.has(name)));
  const kept = named.size === 0 ? rules : keep(sheet.nodes, { classes, animations: named, webFonts });
  return html === undefined ? kept : withoutUnusedProperties(kept, html);
}

/**
 * The headings' font (Fredoka; the text is Nunito): a page led by a
 * heading names it at once, a first visit too (issue 33).
 */
export const isHeadingFont = (face: string) => /font-family:\s*["']?Fredoka/i.test(face);

/** The web fonts' `@font-face` rules, for a page that asks for them later. */
export function webFontFaces(sheet: ParsedStylesheet): string {
  const faces: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind === 'web-font') faces.push(node.text);
      else if (node.kind === 'group') walk(node.children);
    }
  };
  walk(sheet.nodes);
  return faces.join('');
}

/** A face's `unicode-range` covers basic Latin (fontsource's `U+??`, `U+0-FF`), or it has none. */
const BASIC_LATIN = /unicode-range:\s*U\+(\?\?|0{1,4}-0{0,2}FF)\s*(?=[,;}]|$)/i;

/**
 * The files of the web fonts' basic Latin faces (what English, French, German and Italian text
 * uses), or of those `only` accepts: a page that names the fonts at once preloads them (issue 33).
 */
export function webFontPreloads(sheet: ParsedStylesheet, only?: (face: string) => boolean): string[] {
  const files: string[] = [];
  for (const face of webFontFaces(sheet).split(/(?=@font-face)/)) {
    if (/unicode-range/i.test(face) && !BASIC_LATIN.test(face)) continue;
    if (only && !only(face)) continue;
    const file = /url\(\s*["']?(\/[^"')\s]+\.woff2)["']?\s*\)/i.exec(face)?.[1];
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}
