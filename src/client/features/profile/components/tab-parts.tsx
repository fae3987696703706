import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

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
