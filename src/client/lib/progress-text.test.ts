import { describe, expect, it } from 'vitest';
import { parseProgressText } from './progress-text';

describe('parseProgressText', () => {
  it.each([
    ['setup', { kind: 'setup' }],
    ['12 jobs created', { kind: 'jobsCreated', count: 12 }],
    ['1 job created', { kind: 'jobsCreated', count: 1 }],
    ['intermediate images complete', { kind: 'intermediateComplete' }],
    ['Spread jobs created (14 pages queued)', { kind: 'spreadsQueued', count: 14 }],
    ['Generating images 3/14', { kind: 'generating', done: 3, total: 14 }],
    ['Generating images 3 / 14', { kind: 'generating', done: 3, total: 14 }],
    ['all done', { kind: 'allDone' }],
    ["Something went wrong creating your book. We're working to fix it.", { kind: 'failed' }],
    ['Something went wrong creating your book. We’re working to fix it.', { kind: 'failed' }],
    ['Polishing the dragons', { kind: 'raw', text: 'Polishing the dragons' }],
    [null, { kind: 'processing' }],
    ['  ', { kind: 'processing' }],
  ] as const)('%j', (raw, expected) => {
    expect(parseProgressText(raw)).toEqual(expected);
  });
});
