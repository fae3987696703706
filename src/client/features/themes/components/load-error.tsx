import { CloudOff, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A request that failed: a calm message and a retry, in place of the content. */
export function LoadError({
  title,
  text,
  retryLabel,
  onRetry,
  retrying = false,
  headingLevel = 'h2',
}: {
  title: string;
  text: string;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
  /** h1 where the error replaces the whole page. */
  headingLevel?: 'h1' | 'h2';
}) {
  const Heading = headingLevel;
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl bg-cream-50 px-6 py-12 text-center shadow-soft ring-1 ring-sand-300/70"
    >
      <CloudOff aria-hidden="true" className="size-12 text-coral-600" />
      <Heading className="mt-4 text-2xl font-semibold">{title}</Heading>
      <p className="mt-2 max-w-md text-ink-700">{text}</p>
      <Button size="lg" className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" className="size-5" />
        {retryLabel}
      </Button>
    </div>
  );
}
