import type { ReactNode } from 'react';
import { ContentPage } from './content-page';
import { ContentSection } from './content-section';
import { TableOfContents } from './table-of-contents';

type PolicySection = { id: string; title: string };

/**
 * A policy (the privacy policy, the terms): its header with the date it was last updated and the
 * link to the other policy, a table of contents, and one section per entry of `sections`.
 */
export function PolicyPage<Section extends PolicySection>({
  top,
  eyebrow,
  title,
  lead,
  updated,
  related,
  tocLabel,
  sections,
  children,
}: {
  top?: ReactNode;
  eyebrow: string;
  title: string;
  lead: string;
  /** "Last updated: …" in the page's words. */
  updated: string;
  /** The sentence that links to the other policy. */
  related: ReactNode;
  tocLabel: string;
  sections: Section[];
  /** A section's body. */
  children: (section: Section) => ReactNode;
}) {
  return (
    <ContentPage
      top={top}
      eyebrow={eyebrow}
      title={title}
      lead={<p>{lead}</p>}
      meta={
        <>
          <p className="font-semibold">{updated}</p>
          <p>{related}</p>
        </>
      }
      toc={<TableOfContents label={tocLabel} items={sections} />}
    >
      {sections.map((section) => (
        <ContentSection key={section.id} id={section.id} title={section.title}>
          {children(section)}
        </ContentSection>
      ))}
    </ContentPage>
  );
}
