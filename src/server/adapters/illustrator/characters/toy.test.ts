import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOY_LOOK,
  defaultToyLook,
  TOY_COLOURS,
  TOY_FEATURE_IDS,
  TOY_KIND_IDS,
  type ToyLook,
  ToyLookSchema,
} from '../../../../shared/domain/toy-look';
import { floodFromBorder } from './flood';
import { drawToy, type Figure, TOY_BOX, type ToyPose } from './index';
import { toyBody } from './toy';

const TOY_POSES: ToyPose[] = [
  'sitting',
  'hopping',
  'held',
  'peeking',
  'flying',
  'guarding',
  'sleeping',
  'waving',
];

/** The figure drawn alone on white, `scale` pixels a unit, as black-and-white pixels (1 = ink). */
async function inkOf(svgBody: string, width: number, height: number, scale: number) {
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#fff"/><g transform="scale(${scale})">${svgBody}</g></svg>`;
  // The coloring book's own threshold (scenes/index.ts renderScenePage).
  const grey = await sharp(Buffer.from(svg)).greyscale().threshold(150).raw().toBuffer();
  return { ink: Uint8Array.from(grey, (v) => (v < 128 ? 1 : 0)), width: w, height: h };
}

/** Flood fills the white from the picture's border (4-connected): 1 where the outside reaches. */
function outside(ink: Uint8Array, width: number, height: number): Uint8Array {
  return floodFromBorder(width, height, (i) => !ink[i]);
}

describe('the toy drawn from its look', () => {
  it('draws every kind, colour and feature as vector art, with no photo in it', () => {
    for (const kind of TOY_KIND_IDS)
      for (const feature of TOY_FEATURE_IDS) {
        const look: ToyLook = { kind, main: 'blue', second: 'yellow', feature };
        const svg = drawToy({ look, pose: 'sitting', style: 'color' }).svg;
        expect(svg).not.toContain('<image');
        expect(svg).not.toContain('NaN');
        expect(svg, `${kind} ${feature}`).toContain(TOY_COLOURS.blue.fill);
      }
    // The colours are the look's: another main colour paints another toy.
    const pink = drawToy({
      look: { ...DEFAULT_TOY_LOOK, main: 'pink' },
      pose: 'sitting',
      style: 'color',
    }).svg;
    expect(pink).toContain(TOY_COLOURS.pink.fill);
    expect(pink).not.toContain(TOY_COLOURS[DEFAULT_TOY_LOOK.main].fill);
  });

  it('takes each scene pose: shorter when peeking, on its side and eyes shut when sleeping, an arm up to wave', () => {
    const figures = Object.fromEntries(
      TOY_POSES.map((pose) => [pose, drawToy({ look: DEFAULT_TOY_LOOK, pose, style: 'color' })]),
    ) as Record<ToyPose, Figure>;
    expect(figures.peeking.height).toBeLessThan(figures.sitting.height * 0.8);
    expect(figures.sleeping.width).toBeGreaterThan(figures.sleeping.height);
    expect(figures.held.height).toBeLessThan(figures.sitting.height);
    // Open eyes are filled ovals; shut ones are lines.
    expect(toyBody(DEFAULT_TOY_LOOK, 'color', 'sitting')).toMatch(/<ellipse cx="122" cy="186" rx="11"/);
    expect(toyBody(DEFAULT_TOY_LOOK, 'color', 'sleeping')).not.toMatch(/<ellipse cx="122" cy="186" rx="11"/);
    expect(toyBody(DEFAULT_TOY_LOOK, 'color', 'waving')).not.toEqual(
      toyBody(DEFAULT_TOY_LOOK, 'color', 'sitting'),
    );
    for (const pose of TOY_POSES) expect(figures[pose].svg, pose).toContain('<g class="toy">');
  });

  it('is closed line art in the coloring book: white regions the outside does not reach', async () => {
    // Points inside the plush, in toy units: the tummy, the forehead, each leg and each arm.
    const inner = [
      { x: 160, y: 360, what: 'tummy' },
      { x: 160, y: 145, what: 'forehead' },
      { x: 96, y: 450, what: 'left foot' },
      { x: 224, y: 450, what: 'right foot' },
      { x: 84, y: 330, what: 'left arm' },
      { x: 236, y: 330, what: 'right arm' },
    ];
    const scale = 0.8; // about the size a scene prints a toy in a 20 px-a-unit preview
    for (const kind of TOY_KIND_IDS)
      for (const feature of ['none', 'scarf', 'heart', 'bow'] as const) {
        const look: ToyLook = { kind, main: 'honey', second: 'cream', feature };
        const pad = 20;
        const drawn = await inkOf(
          `<g transform="translate(${pad} ${pad})">${toyBody(look, 'line', 'sitting')}</g>`,
          TOY_BOX.width + 2 * pad,
          TOY_BOX.height + 2 * pad,
          scale,
        );
        const reached = outside(drawn.ink, drawn.width, drawn.height);
        for (const point of inner) {
          const x = Math.round((point.x + pad) * scale);
          const y = Math.round((point.y + pad) * scale);
          // A point on a line is inside the art too; what matters is that white there is enclosed.
          expect(reached[y * drawn.width + x], `${kind} ${feature}: ${point.what}`).toBe(0);
        }
        // And the outside really is outside: the corners are reached.
        expect(reached[0]).toBe(1);
      }
  });

  it("prints its coloring-book lines as wide as the child's (at the scenes' toy scale)", () => {
    const svg = toyBody(DEFAULT_TOY_LOOK, 'line', 'sitting');
    const widths = [...svg.matchAll(/stroke-width="([\d.]+)"/g)].map((match) => Number(match[1]));
    // The child's thinnest line art line is 4.5 units; the toy is drawn at 0.74 of its scale.
    expect(Math.min(...widths) * 0.74).toBeGreaterThanOrEqual(4.5 - 0.1);
    expect(svg).not.toMatch(/fill="#(?!ffffff|000000)[0-9a-f]{6}"/i);
  });
});

describe('the toy look of a book made before toy looks', () => {
  it('is the default teddy, its kind from its name and its colours from the photo where read', () => {
    expect(defaultToyLook()).toEqual(DEFAULT_TOY_LOOK);
    expect(defaultToyLook({ toyName: 'Mr Bunny' }).kind).toBe('bunny');
    expect(defaultToyLook({ toyName: 'Lapinou' }).kind).toBe('bunny');
    expect(defaultToyLook({ toyName: 'Bruno' }).kind).toBe('bear');
    expect(defaultToyLook({ toyName: 'Zaza' }).kind).toBe(DEFAULT_TOY_LOOK.kind);
    expect(defaultToyLook({ toyName: 'Zaza', colours: { main: 'grey' } })).toEqual({
      ...DEFAULT_TOY_LOOK,
      main: 'grey',
    });
    expect(ToyLookSchema.safeParse({ ...DEFAULT_TOY_LOOK, kind: 'dragon-sheep' }).success).toBe(false);
  });
});
