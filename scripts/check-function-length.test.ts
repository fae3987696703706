import { describe, expect, it } from 'vitest';
import { findLongFunctions } from './check-function-length';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('function length check', () => {
  it('reports functions, arrow functions and methods over the limit, with their names and lines', () => {
    const source = [
      `export function long() {\n${lines(6)}\n}`,
      `const arrow = () => {\n${lines(6)}\n};`,
      `class Shop {\n  method() {\n${lines(6)}\n  }\n}`,
      `function short() {\n  return 1;\n}`,
    ].join('\n');
    const found = findLongFunctions(new Map([['src/server/a.ts', source]]), 5);
    expect(found.map(({ name, line, lines: count }) => ({ name, line, count }))).toEqual([
      { name: 'long', line: 1, count: 8 },
      { name: 'arrow', line: 9, count: 8 },
      { name: 'method', line: 18, count: 8 },
    ]);
  });

  it('passes a file whose functions are all within the limit, in .tsx too', () => {
    const source = `export const View = () => {\n  return <div>{'a'}</div>;\n};`;
    expect(findLongFunctions(new Map([['src/client/view.tsx', source]]), 5)).toEqual([]);
  });
});
