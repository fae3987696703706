/**
 * Whether the browser can show the chosen file as a picture: a text file named `.jpg`, or a photo in
 * a format this browser cannot read (HEIC on a desktop browser), is refused at once with docs/spec.md's
 * "upload an image file" message instead of an empty crop dialog (issue 20).
 */
export async function canDecodeImage(url: string, timeoutMs = 15_000): Promise<boolean> {
  const image = new Image();
  image.src = url;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs));
  const decoded = image.decode().then(
    () => image.naturalWidth > 0 && image.naturalHeight > 0,
    () => false,
  );
  return Promise.race([decoded, timeout]);
}
