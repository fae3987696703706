/** True when dark marks (the check on a chosen swatch) read better than white ones on `hex`. */
export function isLightColour(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  // Relative luminance, roughly (sRGB weights without the curve): enough to pick ink or white.
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}
