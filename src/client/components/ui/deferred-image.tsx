import { type ImgHTMLAttributes, type Ref, useLayoutEffect, useState } from 'react';
import { DEFERRED_SRC_ATTRIBUTE, DEFERRED_SRCSET_ATTRIBUTE } from '../../../shared/storefront';
import { usePaintedPage } from '../layout/painted-page';

type DeferredImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  /** A picture off the first screen: on a painted page it loads only once the page has loaded. */
  defer: boolean;
  alt: string;
  /**
   * False where the picture is of no use without JavaScript (a button's picture that only the app
   * makes work): no `<noscript>` copy, so the painted page is lighter (issue 33).
   */
  withoutScript?: boolean;
  /** The picture element (React 19 passes it as a prop): e.g. to see a picture already loaded. */
  ref?: Ref<HTMLImageElement>;
};

/**
 * A picture that, on a painted page, waits until the page has loaded (src/client/storefront.ts
 * gives it its address then), so the page's largest picture is not sharing a phone's network with
 * the ones below it. Without JavaScript the `<noscript>` copy shows it; in the app it is a plain
 * `<img>` from its first render.
 */
export function DeferredImage({
  defer,
  src,
  srcSet,
  alt,
  withoutScript = true,
  ...props
}: DeferredImageProps) {
  const painted = usePaintedPage();
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
      {waiting && withoutScript && (
        <noscript>
          <img src={src} srcSet={srcSet} {...props} alt={alt} />
        </noscript>
      )}
    </>
  );
}
