/**
 * What a book's raw progress text (`current_step`, English data written by the pipeline) says, so
 * the page can tell it in the reader's language (docs/spec.md section 4). Unknown texts are kept as they
 * are; no text at all means the book is being processed.
 */
export type ProgressText =
  | { kind: 'setup' }
  | { kind: 'jobsCreated'; count: number }
  | { kind: 'intermediateComplete' }
  | { kind: 'spreadsQueued'; count: number }
  | { kind: 'generating'; done: number; total: number }
  | { kind: 'allDone' }
  | { kind: 'failed' }
  | { kind: 'processing' }
  | { kind: 'raw'; text: string };

const FAILURE_TEXT = "something went wrong creating your book. we're working to fix it.";

export function parseProgressText(raw: string | null | undefined): ProgressText {
  const text = raw?.trim() ?? '';
  if (text === '') return { kind: 'processing' };
  // Typographic apostrophes and stray spacing must not hide a known text.
  const normalised = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (normalised === 'setup') return { kind: 'setup' };
  if (normalised === 'intermediate images complete') return { kind: 'intermediateComplete' };
  if (normalised === 'all done') return { kind: 'allDone' };
  if (normalised === FAILURE_TEXT) return { kind: 'failed' };
  let match = /^(\d+) jobs? created$/.exec(normalised);
  if (match) return { kind: 'jobsCreated', count: Number(match[1]) };
  match = /^spread jobs created \((\d+) pages? queued\)$/.exec(normalised);
  if (match) return { kind: 'spreadsQueued', count: Number(match[1]) };
  match = /^generating images (\d+) ?\/ ?(\d+)$/.exec(normalised);
  if (match) return { kind: 'generating', done: Number(match[1]), total: Number(match[2]) };
  return { kind: 'raw', text };
}
