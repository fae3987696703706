import { createContext, type ImgHTMLAttributes, useContext, useLayoutEffect, useState } from 'react';
import { DEFERRED_SRC_ATTRIBUTE, DEFERRED_SRCSET_ATTRIBUTE } from '../../../shared/storefront';

/**
 * Whether the tree is a page the server paints (issue 19, decision 017): true in the server's render
 * and in the browser's hydration of it, false in the app's own renders.
 */
const PaintedPageContext = createContext(false);
export const PaintedPageProvider = PaintedPageContext.Provider;

type DeferredImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  /** A picture off the first screen: on a painted page it loads only once the page has loaded. */
  defer: boolean;
  alt: string;
};

/**
 * A picture that, on a painted page, waits until the page has loaded (src/client/storefront.ts
 * gives it its address then), so the page's largest picture is not sharing a phone's network with
 * the ones below it. Without JavaScript the `<noscript>` copy shows it; in the app it is a plain
 * `<img>` from its first render.
 */
export function DeferredImage({ defer, src, srcSet, alt, ...props }: DeferredImageProps) {
  const painted = useContext(PaintedPageContext);
  // The hydration render must be the server's; the picture gets its address right after it.
  const [waiting, setWaiting] = useState(defer && painted);
  useLayoutEffect(() => setWaiting(false), []);
  // One element throughout (the <noscript> goes after it), so React keeps the same <img>.
  return (
    <>
      {waiting ? (
        <img
          alt={alt}
          {...props}
          {...{ [DEFERRED_SRC_ATTRIBUTE]: src, [DEFERRED_SRCSET_ATTRIBUTE]: srcSet }}
        />
      ) : (
        <img src={src} srcSet={srcSet} {...props} alt={alt} />
      )}
      {waiting && (
        <noscript>
          <img src={src} srcSet={srcSet} {...props} alt={alt} />
        </noscript>
      )}
    </>
  );
}
