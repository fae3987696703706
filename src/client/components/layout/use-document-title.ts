import { useEffect } from 'react';

/** Sets the browser tab's title while the calling page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
