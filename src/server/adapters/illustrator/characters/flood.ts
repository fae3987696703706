/**
 * Flood fill from a picture's border, 4-connected, through the pixels `passable` lets in: 1 where
 * the outside reaches. Pixels are indexed row by row (`y * width + x`).
 */
export function floodFromBorder(
  width: number,
  height: number,
  passable: (index: number) => boolean,
): Uint8Array {
  const n = width * height;
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!reached[i] && passable(i)) {
      reached[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
  return reached;
}
