import { Fragment, type ReactNode } from 'react';
import { mailtoHref } from '../mailto';
import { textLinkClass } from './text-link';

/** A list entry, optionally led by a bold term that carries its own punctuation ("Photos:"). */
export type BlockItem = string | { term: string; text: string };
/** A paragraph, or a bulleted list. */
export type Block = string | BlockItem[];

function isItem(value: unknown): value is BlockItem {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { term, text } = value as Record<string, unknown>;
  return typeof term === 'string' && typeof text === 'string';
}

/** Reads the blocks of a translated section (`t(key, { returnObjects: true })`), skipping anything else. */
export function toBlocks(value: unknown): Block[] {
  if (!Array.isArray(value)) return typeof value === 'string' ? [value] : [];
  return value.flatMap((block): Block[] => {
    if (typeof block === 'string') return [block];
    if (Array.isArray(block)) return [block.filter(isItem)];
    return [];
  });
}

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Running text with every e-mail address in it made a mailto: link. */
export function withEmailLinks(text: string): ReactNode {
  const parts = text.split(EMAIL);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    // split() with a capture group puts the addresses at the odd positions.
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a text are fixed and never reorder
      <a key={index} href={mailtoHref(part)} className={textLinkClass}>
        {part}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a text are fixed and never reorder
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/** Paragraphs and bulleted lists of a long-form section. */
export function ContentBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) =>
    typeof block === 'string' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a text are fixed and never reorder
      <p key={index}>{withEmailLinks(block)}</p>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a text are fixed and never reorder
      <ul key={index} className="flex list-disc flex-col gap-2.5 pl-6 marker:text-coral-600">
        {block.map((item) => {
          const key = typeof item === 'string' ? item : item.term;
          return (
            <li key={key} className="pl-1">
              {typeof item === 'string' ? (
                withEmailLinks(item)
              ) : (
                <>
                  <strong className="font-bold">{item.term}</strong> {withEmailLinks(item.text)}
                </>
              )}
            </li>
          );
        })}
      </ul>
    ),
  );
}
