import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

type ContentPageProps = {
  /** Small label above the title. */
  eyebrow?: string;
  /** The page's one h1. */
  title: string;
  lead?: ReactNode;
  /** Under the lead: "last updated", related links. */
  meta?: ReactNode;
  /** Above the header, e.g. the page's own language switcher. */
  top?: ReactNode;
  /** A table of contents: beside the text on wide screens, above it on small ones. */
  toc?: ReactNode;
  /** Beside the text on wide screens (sticky), after it on small ones. */
  aside?: ReactNode;
  /** `text` keeps the body to a reading column; `wide` lets cards and grids use the page width. */
  width?: 'text' | 'wide';
  children: ReactNode;
};

/** The calm long-form frame shared by the FAQ, affiliate, privacy and terms pages. */
export function ContentPage({
  eyebrow,
  title,
  lead,
  meta,
  top,
  toc,
  aside,
  width = 'text',
  children,
}: ContentPageProps) {
  return (
    <article className="relative w-full overflow-x-clip">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-48 -right-40 size-[26rem] rounded-full bg-lavender-100 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-6xl px-4 pt-8 pb-16 sm:px-6 md:pt-14 md:pb-24">
        {top ? <div className="mb-8 flex justify-end">{top}</div> : null}
        <header className="max-w-[70ch]">
          {eyebrow ? (
            <p className="inline-block rounded-full bg-coral-100 px-4 py-1.5 text-sm font-bold text-coral-700">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-5 text-4xl leading-[1.1] font-semibold text-ink-900 sm:text-5xl">{title}</h1>
          {lead ? <div className="mt-5 text-lg leading-relaxed text-ink-700 sm:text-xl">{lead}</div> : null}
          {meta ? <div className="mt-5 flex flex-col gap-1 text-ink-700">{meta}</div> : null}
        </header>
        <div
          className={cn(
            'mt-10 md:mt-14',
            toc ? 'grid gap-10 lg:grid-cols-[15rem_minmax(0,70ch)] lg:gap-14' : undefined,
            aside ? 'grid gap-12 lg:grid-cols-[minmax(0,70ch)_20rem] lg:gap-14' : undefined,
            !toc && !aside && width === 'text' && 'max-w-[70ch]',
          )}
        >
          {toc}
          <div className="flex min-w-0 flex-col gap-12 md:gap-14">{children}</div>
          {aside ? <div className="lg:sticky lg:top-28 lg:self-start">{aside}</div> : null}
        </div>
      </div>
    </article>
  );
}
