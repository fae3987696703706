import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export type FaqItem = { id: string; question: string; answer: ReactNode };

/** Questions that open one at a time; the open one closes again on a second click. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-sand-300 rounded-3xl border border-sand-300 bg-cream-50 shadow-soft"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={item.id} className="scroll-mt-24 md:scroll-mt-28">
          <Accordion.Header asChild>
            <h2 className="text-lg font-semibold sm:text-xl">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-3xl px-5 py-4 text-left text-ink-900 [text-wrap:pretty] transition-colors hover:text-coral-700 sm:px-7 sm:py-5">
                {item.question}
                <span
                  aria-hidden="true"
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-coral-100 text-coral-700 transition-transform duration-200 group-data-[state=open]:rotate-180"
                >
                  <ChevronDown className="size-5" strokeWidth={2.5} />
                </span>
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="flex flex-col gap-3 px-5 pb-6 text-base leading-relaxed text-ink-700 sm:px-7 sm:text-lg">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
