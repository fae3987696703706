import { afterEach, describe, expect, it } from 'vitest';
import { rememberWebFonts } from './remember-web-fonts';

/** A stand-in for `document.fonts` (jsdom has none): faces whose status the test moves on. */
function fontSet(faces: { family: string; status: FontFaceLoadStatus }[]) {
  const events = new EventTarget();
  let settle = () => {};
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const set = Object.assign(events, {
    ready,
    [Symbol.iterator]: () => faces[Symbol.iterator](),
  }) as unknown as FontFaceSet;
  return { set, settle, loadingDone: () => events.dispatchEvent(new Event('loadingdone')) };
}

const fontsCookieSet = () => document.cookie.split('; ').includes('fonts=1');

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = 'fonts=; path=/; max-age=0';
});

describe('rememberWebFonts', () => {
  it('sets the fonts cookie once a web font has loaded, not for the local stand-ins alone', async () => {
    const faces: { family: string; status: FontFaceLoadStatus }[] = [
      { family: 'Nunito Fallback', status: 'loaded' },
      { family: 'Nunito Variable', status: 'unloaded' },
    ];
    const fonts = fontSet(faces);
    rememberWebFonts(fonts.set);
    fonts.settle();
    await fonts.set.ready;
    await Promise.resolve();
    expect(fontsCookieSet()).toBe(false);

    faces[1]!.status = 'loaded';
    fonts.loadingDone();
    expect(fontsCookieSet()).toBe(true);
  });
});
