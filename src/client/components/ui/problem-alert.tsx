import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** What the server refused in a dialog, said once at its top (an alert, read out when it appears). */
export function ProblemAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-3 font-semibold text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}
