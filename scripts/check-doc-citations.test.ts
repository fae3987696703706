import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { citationExists, citationsIn, commentsOf, findBrokenCitations } from './check-doc-citations';

describe('comments of a source file', () => {
  it('finds line and block comments with their lines, and nothing inside strings or regexes', () => {
    const source = [
      "const url = 'https://example.com//not-a-comment SPEC.md';",
      '// one: SPEC.md section 9',
      `const template = \`a $\{'b'} // still a string\`;`,
      '/**',
      ' * two: docs/spec.md',
      ' */',
      'const re = /\\/\\/ not a comment/;',
      'const half = 4 / 2; // three',
      'function f() { return /\\/\\/x/.test("y"); }',
    ].join('\n');
    expect(commentsOf(source)).toEqual([
      { line: 2, text: ' one: SPEC.md section 9' },
      { line: 4, text: '*\n * two: docs/spec.md\n ' },
      { line: 8, text: ' three' },
    ]);
  });
});

describe('citations in comments', () => {
  it('reads bare, folder and decision citations on the line they are written, not web addresses', () => {
    const source = [
      '// SPEC.md section 8: the message; PRODUCT.md "Money"',
      '/* See docs/decisions/010-one-owner-per-piece.md and',
      ' * notes/outside-services.md, notes/*.md, https://github.com/a/b/README.md */',
      "const text = 'ARCHITECTURE.md in a string is no citation';",
    ].join('\n');
    expect(citationsIn(source)).toEqual([
      { line: 1, cited: 'SPEC.md' },
      { line: 1, cited: 'PRODUCT.md' },
      { line: 2, cited: 'docs/decisions/010-one-owner-per-piece.md' },
      { line: 3, cited: 'notes/outside-services.md' },
      { line: 3, cited: 'notes/*.md' },
    ]);
  });
});

describe('the check over a repository', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-citations-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('docs/spec.md', '# Spec');
  write('docs/decisions/007-jobs.md', '# 007');
  write('README.md', '# Readme');
  write(
    'src/server/a.ts',
    '// docs/spec.md section 9, docs/decisions/007-jobs.md, README.md, docs/decisions/*.md\n',
  );
  write('src/server/b.ts', 'const x = 1;\n\n// SPEC.md section 9 and docs/decisions/099-gone.md\n');
  write('e2e/c.spec.ts', '/* notes/stack.md */\n');
  write('node_modules/x/index.js', '// SPEC.md\n');
  write('docs/other.ts', '// SPEC.md (docs/ is not scanned)\n');

  it('lists each citation of a file that is not there, with its file and line', () => {
    expect(findBrokenCitations(root).sort()).toEqual([
      'e2e/c.spec.ts:1: notes/stack.md',
      'src/server/b.ts:3: SPEC.md',
      'src/server/b.ts:3: docs/decisions/099-gone.md',
    ]);
  });

  it('accepts a path from the root or from the citing file, and a folder for *.md', () => {
    const from = path.join(root, 'src/server/a.ts');
    expect(citationExists('docs/spec.md', from, root)).toBe(true);
    expect(citationExists('a.md', from, root)).toBe(false);
    write('src/server/a.md', 'beside');
    expect(citationExists('a.md', from, root)).toBe(true);
    expect(citationExists('docs/decisions/*.md', from, root)).toBe(true);
    expect(citationExists('notes/*.md', from, root)).toBe(false);
  });

  it('passes a repository whose citations all exist', () => {
    expect(findBrokenCitations(root).filter((line) => line.startsWith('src/server/a.ts'))).toEqual([]);
  });
});
