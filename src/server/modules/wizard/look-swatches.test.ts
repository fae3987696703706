import { describe, expect, it } from 'vitest';
import { EYE_SWATCHES, HAIR_SWATCHES, SKIN_SWATCHES } from '../../../shared/domain/child-look-swatches';
import { EYES, HAIR, SKIN } from '../../adapters/illustrator/characters/palette';

const fills = (palette: Record<string, { fill: string }>) =>
  Object.fromEntries(Object.entries(palette).map(([key, { fill }]) => [key, fill]));

describe('the swatches of wizard step 2', () => {
  it('show the very colours the local illustrator paints the child with', () => {
    expect(SKIN_SWATCHES).toEqual(fills(SKIN));
    expect(HAIR_SWATCHES).toEqual(fills(HAIR));
    expect(EYE_SWATCHES).toEqual(fills(EYES));
  });
});
