// Fails when a comment cites a Markdown document that is not in the repository (issue 29): a
// comment such as "docs/spec.md section 9" or "docs/decisions/007-payments-and-the-job-queue.md"
// must lead a reader who cloned the project to a file they have. A bare "docs/spec.md" (a document kept
// outside the repository) is reported; its content lives in docs/spec.md.
// Usage: `tsx scripts/check-doc-citations.ts` (exit 1 and one line per broken citation).
import fs from 'node:fs';
import path from 'node:path';

/** The folders whose source comments are checked. */
const SCANNED_FOLDERS = ['src', 'scripts', 'test', 'e2e', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'models', 'migrations']);

export type Comment = { line: number; text: string };

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^']);

/**
 * The comments of a JavaScript / TypeScript / CSS source, with the line each starts on. Strings,
 * template literals and regular expressions are skipped, so "http://..." in a string is no comment.
 */
export function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  let line = 1;
  let last = ''; // the last significant character of code, to tell a regex from a division
  let i = 0;
  const advance = (to: number) => {
    for (let k = i; k < to && k < source.length; k += 1) if (source[k] === '\n') line += 1;
    i = to;
  };
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      comments.push({ line, text: source.slice(i + 2, stop) });
      advance(stop);
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      comments.push({ line, text: source.slice(i + 2, end === -1 ? source.length : end) });
      advance(stop);
    } else if (char === '"' || char === "'" || char === '`') {
      let k = i + 1;
      let depth = 0; // `${ ... }` nesting inside a template literal (its code is not scanned for comments)
      while (k < source.length) {
        const c = source[k]!;
        if (c === '\\') k += 2;
        else if (char === '`' && c === '$' && source[k + 1] === '{') {
          depth += 1;
          k += 2;
        } else if (depth > 0 && c === '}') {
          depth -= 1;
          k += 1;
        } else if (depth === 0 && c === char) break;
        else if (char !== '`' && c === '\n') break;
        else k += 1;
      }
      advance(k + 1);
      last = char;
    } else if (
      char === '/' &&
      (last === '' ||
        BEFORE_REGEX.has(last) ||
        /\b(return|typeof|case|void|yield|await|in|of)\s*$/.test(source.slice(Math.max(0, i - 12), i)))
    ) {
      // A regular expression literal: up to the closing slash outside a character class.
      let k = i + 1;
      let inClass = false;
      while (k < source.length && source[k] !== '\n') {
        const c = source[k]!;
        if (c === '\\') k += 1;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        k += 1;
      }
      advance(k + 1);
      last = '/';
    } else {
      if (!/\s/.test(char)) last = char;
      advance(i + 1);
    }
  }
  return comments;
}

export type Citation = { line: number; cited: string };

// A path ending in .md (or a folder's `*.md`), not part of a web address.
const CITATION = /(https?:\/\/\S*)|((?:[\w.-]+\/)*(?:\*|[\w.-]*[\w-])\.md)\b/g;

/** The Markdown files a source's comments cite, as written: a bare name, a path, or a folder's star. */
export function citationsIn(source: string): Citation[] {
  const citations: Citation[] = [];
  for (const comment of commentsOf(source)) {
    const lines = comment.text.split('\n');
    lines.forEach((text, offset) => {
      for (const match of text.matchAll(CITATION)) {
        if (match[2]) citations.push({ line: comment.line + offset, cited: match[2] });
      }
    });
  }
  return citations;
}

/**
 * True when the cited document is in the repository: a path from the repository's root, or from the
 * citing file's folder; a folder's star (all its Markdown files) needs the folder.
 */
export function citationExists(cited: string, fromFile: string, root: string): boolean {
  const candidates = [path.join(root, cited), path.join(path.dirname(fromFile), cited)];
  return candidates.some((candidate) =>
    path.basename(candidate) === '*.md' ? isFolder(path.dirname(candidate)) : isFile(candidate),
  );
}

function isFile(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

function isFolder(folder: string): boolean {
  return fs.existsSync(folder) && fs.statSync(folder).isDirectory();
}

function* sourceFiles(folder: string): Generator<string> {
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name)) yield full;
  }
}

/** Every citation under the scanned folders whose file is not in the repository, as `file:line: cited`. */
export function findBrokenCitations(root: string): string[] {
  const problems: string[] = [];
  for (const folder of SCANNED_FOLDERS) {
    for (const file of sourceFiles(path.join(root, folder))) {
      for (const citation of citationsIn(fs.readFileSync(file, 'utf8'))) {
        if (!citationExists(citation.cited, file, root)) {
          problems.push(`${path.relative(root, file)}:${citation.line}: ${citation.cited}`);
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findBrokenCitations(process.cwd());
  if (problems.length > 0) {
    console.error(
      `${problems.length} comment citation(s) of a document that is not in the repository:\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
}
