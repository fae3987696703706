import type { EyeColor, HairColor, SkinTone } from './child-look';

/**
 * The colours the swatches of wizard step 2 ("Does this look like …?") show: the flat fills the local
 * illustrator paints the child with (server/adapters/illustrator/characters/palette.ts; the wizard
 * module's look-swatches.test.ts keeps the two the same), so a swatch is the colour on the cover.
 */
export const SKIN_SWATCHES: Record<SkinTone, string> = {
  porcelain: '#fde8dc',
  fair: '#f9d9c2',
  light: '#f2c4a0',
  medium: '#dea57c',
  tan: '#c98b5e',
  brown: '#9c6440',
  deep: '#6e432a',
};

export const HAIR_SWATCHES: Record<HairColor, string> = {
  platinum: '#f4e6b8',
  blond: '#eec45e',
  red: '#e0713a',
  auburn: '#a8462a',
  'light-brown': '#b07a45',
  brown: '#7d4d2a',
  'dark-brown': '#523220',
  black: '#2b2224',
};

export const EYE_SWATCHES: Record<EyeColor, string> = {
  brown: '#6a3d1f',
  hazel: '#8e6b2e',
  green: '#4f8a4a',
  blue: '#4a86c8',
  grey: '#7f8b97',
};
