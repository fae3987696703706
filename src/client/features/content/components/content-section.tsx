import type { ReactNode } from 'react';

/** A titled part of a long page; its id is the anchor the table of contents links to. */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // The margin keeps the heading clear of the sticky top bar when reached by an anchor link.
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 md:scroll-mt-28">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-ink-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 text-lg leading-relaxed text-ink-900">{children}</div>
    </section>
  );
}
