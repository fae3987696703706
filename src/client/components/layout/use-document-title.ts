import { createContext, useContext, useEffect } from 'react';

/** What a page says about itself while the server renders it (src/client/entry-server.tsx). */
export type DocumentHead = { title?: string };

/** Set only by the server's render, where no effect runs: the page's title goes into the HTML. */
export const DocumentHeadContext = createContext<DocumentHead | null>(null);

/** Sets the browser tab's title while the calling page is shown. */
export function useDocumentTitle(title: string) {
  const head = useContext(DocumentHeadContext);
  if (head) head.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
