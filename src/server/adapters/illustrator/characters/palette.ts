import {
  CLASSIC_CLOTHES,
  CLOTHES_COLOURS,
  type EyeColor,
  type HairColor,
  type SkinTone,
} from '../../../../shared/domain/child-look';

/**
 * The book's palettes for the drawn child: flat picture-book colours (a little warmer and lighter
 * than photo colours), and the reference colours that photo samples are matched against.
 */

/** The book's warm ink outline (cover-art.ts re-exports it). */
export const INK = '#1d1845';

export const SKIN: Record<SkinTone, { fill: string; shade: string; photo: [number, number, number] }> = {
  porcelain: { fill: '#fde8dc', shade: '#f3c9b8', photo: [240, 212, 196] },
  fair: { fill: '#f9d9c2', shade: '#efbb9f', photo: [228, 190, 165] },
  light: { fill: '#f2c4a0', shade: '#e2a27d', photo: [214, 170, 135] },
  medium: { fill: '#dea57c', shade: '#c8875f', photo: [190, 140, 105] },
  tan: { fill: '#c98b5e', shade: '#ad6f45', photo: [165, 115, 80] },
  brown: { fill: '#9c6440', shade: '#7f4c2e', photo: [125, 82, 55] },
  deep: { fill: '#6e432a', shade: '#56321e', photo: [85, 55, 38] },
};

export const HAIR: Record<HairColor, { fill: string; shade: string; photo: [number, number, number] }> = {
  platinum: { fill: '#f4e6b8', shade: '#dcc88e', photo: [215, 200, 165] },
  blond: { fill: '#eec45e', shade: '#cf9f3a', photo: [185, 150, 95] },
  red: { fill: '#e0713a', shade: '#bb5426', photo: [170, 85, 45] },
  auburn: { fill: '#a8462a', shade: '#85321c', photo: [115, 55, 35] },
  'light-brown': { fill: '#b07a45', shade: '#8f5f31', photo: [130, 95, 65] },
  brown: { fill: '#7d4d2a', shade: '#62391d', photo: [90, 62, 42] },
  'dark-brown': { fill: '#523220', shade: '#3e2516', photo: [55, 40, 32] },
  black: { fill: '#2b2224', shade: '#1b1517', photo: [28, 24, 24] },
};

export const EYES: Record<EyeColor, { fill: string; photo: [number, number, number] }> = {
  brown: { fill: '#6a3d1f', photo: [85, 55, 35] },
  hazel: { fill: '#8e6b2e', photo: [120, 95, 55] },
  green: { fill: '#4f8a4a', photo: [95, 115, 80] },
  blue: { fill: '#4a86c8', photo: [95, 130, 165] },
  grey: { fill: '#7f8b97', photo: [125, 130, 135] },
};

/**
 * The outfit of a look without clothes chosen (the books before issue 30): its day top and bottom
 * and its light blue pyjamas come from the clothes' colours (shared/domain/child-look.ts, where the
 * shoes' pink is too); the pyjamas' little stars are the same for every child.
 */
export const OUTFIT = {
  day: {
    top: CLOTHES_COLOURS[CLASSIC_CLOTHES.top].fill,
    bottom: CLOTHES_COLOURS[CLASSIC_CLOTHES.bottom].fill,
  },
  pyjamas: { top: CLOTHES_COLOURS[CLASSIC_CLOTHES.pyjamas].pyjamas, dot: '#fff6c9' },
} as const;

export const CHEEK = '#f2837f';
