import { useId } from 'react';

/** In-page links to a long page's sections; sticks beside the text on wide screens. */
export function TableOfContents({
  label,
  items,
}: {
  label: string;
  items: Array<{ id: string; title: string }>;
}) {
  const labelId = useId();
  return (
    <nav
      aria-labelledby={labelId}
      className="rounded-2xl border border-sand-300 bg-cream-50 p-5 lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto"
    >
      <p id={labelId} className="font-display text-lg font-semibold text-ink-900">
        {label}
      </p>
      <ol className="mt-3 flex list-decimal flex-col gap-1 pl-6 marker:font-bold marker:text-coral-700">
        {items.map((item) => (
          <li key={item.id} className="pl-1">
            <a
              href={`#${item.id}`}
              className="block rounded-lg py-1 font-semibold text-ink-700 underline-offset-4 hover:text-coral-700 hover:underline"
            >
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
