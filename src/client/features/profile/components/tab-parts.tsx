import { ChevronDown, Loader2, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** The heading and one line of explanation at the top of a tab. */
export function TabIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <div>
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="mt-1 text-ink-700">{lead}</p>
    </div>
  );
}

/** Nothing to list yet: say so kindly and offer the way forward. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-cream-50 px-6 py-12 text-center ring-1 ring-sand-300/70">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-coral-100 text-coral-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="text-xl font-semibold">{title}</h3>
      <p className="max-w-md text-ink-700">{text}</p>
      <div className="mt-2">{children}</div>
    </div>
  );
}

/**
 * A list read a page at a time: the items, then "Show more" while the server has more. When a page
 * arrives after "Show more", focus moves to its first item, so a keyboard or screen-reader user
 * carries on where the new items start instead of at the button.
 */
export function PagedList<T extends { id: string }>({
  items,
  renderItem,
  className,
  hasMore,
  loadingMore,
  onShowMore,
  showMoreLabel,
  loadingMoreLabel,
  placeholder,
}: {
  items: T[];
  renderItem: (item: T) => ReactNode;
  className: string;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  showMoreLabel: string;
  loadingMoreLabel: string;
  /** What stands in for the next items while they load (skeletons of their size). */
  placeholder: ReactNode;
}) {
  const focusFrom = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLLIElement>(':scope > li')[from]?.focus();
  }, [items.length]);
  return (
    <>
      <ul ref={list} className={className}>
        {items.map((item) => (
          <li
            key={item.id}
            tabIndex={-1}
            className="rounded-3xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
          >
            {renderItem(item)}
          </li>
        ))}
        {loadingMore && placeholder}
      </ul>
      {hasMore && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            disabled={loadingMore}
            onClick={() => {
              focusFrom.current = items.length;
              onShowMore();
            }}
          >
            {loadingMore ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-5" />
            )}
            {loadingMore ? loadingMoreLabel : showMoreLabel}
          </Button>
        </div>
      )}
    </>
  );
}
