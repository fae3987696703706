import { createContext, useContext } from 'react';

/**
 * Whether the tree is a page the server painted (issue 19, decision 017): true in the server's
 * render and in the browser's hydration of it, false in the app's own renders.
 */
const PaintedPageContext = createContext(false);
export const PaintedPageProvider = PaintedPageContext.Provider;
export const usePaintedPage = () => useContext(PaintedPageContext);
