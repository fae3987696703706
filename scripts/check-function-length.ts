// Refuses long functions (issue 29): every function, arrow function and method of src/**/*.ts(x),
// tests and test helpers excepted, is at most 150 lines, so a reader can follow a function's named
// steps. Run with `tsx scripts/check-function-length.ts [folder]`; it prints each offender and exits
// 1 when there is one. The parsing is TypeScript's own (typescript 7's API: the sources are handed
// to the compiler through a virtual file system, so any text can be checked, in a test too).
import fs from 'node:fs';
import path from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';

export const MAX_FUNCTION_LINES = 150;

export type LongFunction = { file: string; line: number; name: string; lines: number };

const FUNCTION_KINDS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

type Named = Node & { name?: Node & { text?: string } };

function nameOf(node: Node): string {
  const own = (node as Named).name?.text;
  if (own) return own;
  if (node.kind === SyntaxKind.Constructor) return 'constructor';
  const parent = node.parent as Named | undefined;
  const fromParent =
    parent &&
    (parent.kind === SyntaxKind.VariableDeclaration || parent.kind === SyntaxKind.PropertyAssignment)
      ? parent.name?.text
      : undefined;
  return fromParent ?? '(anonymous)';
}

function longFunctionsOf(file: string, source: SourceFile, max: number): LongFunction[] {
  const found: LongFunction[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: Node): undefined => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = lineOf(node.getStart(source));
      const lines = lineOf(node.end) - start + 1;
      if (lines > max) found.push({ file, line: start + 1, name: nameOf(node), lines });
    }
    node.forEachChild(visit);
    return undefined;
  };
  visit(source);
  return found;
}

/**
 * The functions longer than `max` lines in the given sources (path -> text), outermost and nested
 * alike, in the order of the files and of their lines.
 */
export function findLongFunctions(
  sources: ReadonlyMap<string, string>,
  max = MAX_FUNCTION_LINES,
): LongFunction[] {
  const root = '/function-length';
  const virtual = (file: string) =>
    path.posix.join(root, String([...sources.keys()].indexOf(file)) + path.extname(file));
  const files: Record<string, string> = {
    [`${root}/tsconfig.json`]: JSON.stringify({
      compilerOptions: { noLib: true, jsx: 'preserve', noResolve: true },
      include: ['*.ts', '*.tsx'],
    }),
  };
  for (const [file, text] of sources) files[virtual(file)] = text;
  const api = new API({ cwd: root, fs: createVirtualFileSystem(files) });
  try {
    const project = api
      .updateSnapshot({ openProject: `${root}/tsconfig.json` })
      .getProject(`${root}/tsconfig.json`);
    if (!project) throw new Error('TypeScript did not open the sources');
    return [...sources.keys()].flatMap((file) => {
      const source = project.program.getSourceFile(virtual(file));
      if (!source) throw new Error(`TypeScript did not read ${file}`);
      return longFunctionsOf(file, source, max);
    });
  } finally {
    api.close();
  }
}

const isTestSupport = (file: string) =>
  /\.test\.tsx?$|test-factory\.ts$|\.d\.ts$/.test(file) ||
  file.split(path.sep).some((part) => part === 'testing' || part === 'test-fakes');

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !isTestSupport(full)) yield full;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(process.argv[2] ?? 'src');
  const sources = new Map(
    [...sourceFiles(folder)].map((file) => [path.relative('.', file), fs.readFileSync(file, 'utf8')]),
  );
  const long = findLongFunctions(sources);
  for (const entry of long) {
    console.error(
      `${entry.file}:${entry.line}: ${entry.name} is ${entry.lines} lines (at most ${MAX_FUNCTION_LINES})`,
    );
  }
  console.log(`${sources.size} files, ${long.length} functions over ${MAX_FUNCTION_LINES} lines`);
  if (long.length > 0) process.exit(1);
}
