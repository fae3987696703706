import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type ChildLook,
  ChildLookSchema,
  CLASSIC_SHOES,
  CLOTHES_COLOURS,
  childLookParts,
  DEFAULT_CHILD_LOOK,
  FACE_DETAILS,
  HAIR_STYLE_PARTS,
  HAIR_STYLES,
  HEARING,
  hearingChoice,
  hearingFor,
  OUTFIT_IDS,
  sameChildLook,
} from '../../../../shared/domain/child-look';
import { floodFromBorder } from './flood';
import { type ChildPose, drawChild, type Expression } from './index';

const POSES: ChildPose[] = [
  'standing',
  'walking',
  'sitting',
  'lying',
  'sleeping',
  'hugging',
  'waving',
  'pointing',
  'reaching',
  'holding-hand',
];
const EXPRESSIONS: Expression[] = [
  'happy',
  'calm',
  'surprised',
  'sleepy',
  'asleep',
  'curious',
  'laughing',
  'brave',
];
/** The hearing drawings of 2026-11-27 (aids in both facings, the implant facing right), hashed. */
const HEARING_DIGEST = '5da58174d4fa174fb92ce23d6e76e3ffd18ab38a8a36f696984ddd02b4bc3ab5';

/** The nine styles of the books made before issue 30. */
const CLASSIC_STYLES = HAIR_STYLES.filter((style) => 'classic' in HAIR_STYLE_PARTS[style]);

const BASE: ChildLook = { ...DEFAULT_CHILD_LOOK, skin: 'medium', hairColor: 'brown' };
const draw = (
  look: ChildLook,
  extra: { outfit?: 'day' | 'pyjamas' | 'bath'; style?: 'color' | 'line' } = {},
) =>
  drawChild({
    look,
    pose: 'standing',
    expression: 'happy',
    style: extra.style ?? 'color',
    outfit: extra.outfit,
  }).svg;

describe('the child look of books made before issue 30', () => {
  it('draws exactly what it drew before: one hash over 2160 drawings', () => {
    // The digest was taken with the drawing code before the new parts were added: every classic
    // style with and without glasses, in every pose, both styles, the three outfits, both facings.
    const hash = createHash('sha256');
    for (const hairStyle of CLASSIC_STYLES)
      for (const glasses of [false, true])
        for (const pose of POSES)
          for (const style of ['color', 'line'] as const)
            for (const outfit of ['day', 'pyjamas', 'bath'] as const)
              for (const facing of ['left', 'right'] as const) {
                const expression =
                  EXPRESSIONS[(CLASSIC_STYLES.indexOf(hairStyle) + POSES.indexOf(pose)) % 8]!;
                const look = {
                  skin: 'tan',
                  hairColor: 'red',
                  hairStyle,
                  eyeColor: 'green',
                  glasses,
                } as const;
                hash.update(drawChild({ look, pose, expression, style, outfit, facing }).svg);
              }
    expect(CLASSIC_STYLES).toHaveLength(9);
    expect(hash.digest('hex')).toBe('4ae3559eb4214bc2d6718fb7f6d8399f15ae2b80f6a081dd8d2f2dbb3fc723c8');
  });

  it('parses a saved look without the new parts unchanged, and draws its parts as the defaults', () => {
    const saved = { skin: 'tan', hairColor: 'red', hairStyle: 'braids', eyeColor: 'green', glasses: true };
    const parsed = ChildLookSchema.parse(saved);
    // Nothing added: a saved look and its cover's look stay byte for byte the same.
    expect(parsed).toEqual(saved);
    expect(childLookParts(parsed)).toMatchObject({
      fringe: false,
      outfit: 'tshirt-trousers',
      top: 'orange',
      bottom: 'blue',
      face: [],
      hearing: 'none',
      pyjamas: CLOTHES_COLOURS.blue.pyjamas,
    });
    // The defaults spelt out draw the same child by day (the pyjamas then take the orange's tint).
    const spelt = {
      ...parsed,
      fringe: false,
      outfit: 'tshirt-trousers',
      top: 'orange',
      bottom: 'blue',
    } as const;
    expect(draw(spelt)).toBe(draw(parsed));
    expect(sameChildLook(parsed, { ...parsed, face: [], hearing: 'none' })).toBe(true);
    expect(sameChildLook(parsed, { ...parsed, face: ['freckles'] })).toBe(false);
  });

  it('rejects parts it does not know', () => {
    expect(ChildLookSchema.safeParse({ ...BASE, outfit: 'tutu' }).success).toBe(false);
    expect(ChildLookSchema.safeParse({ ...BASE, top: '#ff0000' }).success).toBe(false);
    expect(ChildLookSchema.safeParse({ ...BASE, face: ['scar'] }).success).toBe(false);
    expect(ChildLookSchema.safeParse({ ...BASE, hearing: true }).success).toBe(false);
    const full = {
      ...BASE,
      fringe: true,
      outfit: 'dress',
      top: 'green',
      bottom: 'pink',
      face: ['dimples'],
      hearing: 'cochlear-implant',
    };
    expect(ChildLookSchema.parse(full)).toEqual(full);
  });
});

describe('the new parts of the look', () => {
  it('each option changes the drawing', () => {
    const base = draw(BASE);
    const changes: [string, ChildLook][] = [
      ...HAIR_STYLES.map((hairStyle): [string, ChildLook] => [hairStyle, { ...BASE, hairStyle }]),
      ['fringe', { ...BASE, fringe: true }],
      ...OUTFIT_IDS.slice(1).map((outfit): [string, ChildLook] => [outfit, { ...BASE, outfit }]),
      ['top', { ...BASE, top: 'purple' }],
      ['bottom', { ...BASE, bottom: 'green' }],
      ['shoes', { ...BASE, shoes: 'black' }],
      ...FACE_DETAILS.map((detail): [string, ChildLook] => [detail, { ...BASE, face: [detail] }]),
      ...HEARING.slice(1).map((hearing): [string, ChildLook] => [hearing, { ...BASE, hearing }]),
    ];
    const drawn = new Set<string>([base]);
    for (const [name, look] of changes) {
      if (look.hairStyle === BASE.hairStyle && name === BASE.hairStyle) continue;
      const svg = draw(look);
      expect(svg, name).not.toBe(base);
      expect(drawn.has(svg), `${name} draws like another option`).toBe(false);
      drawn.add(svg);
    }
    // The chosen colours are the clothes' paint.
    expect(draw({ ...BASE, top: 'purple' })).toContain(CLOTHES_COLOURS.purple.fill);
    expect(draw({ ...BASE, bottom: 'green' })).toContain(CLOTHES_COLOURS.green.fill);
    expect(draw({ ...BASE, shoes: 'black' })).toContain(CLOTHES_COLOURS.black.fill);
    // A look without a shoe colour keeps the first books' pink; in pyjamas the feet are bare.
    expect(draw(BASE)).toContain(CLASSIC_SHOES.fill);
    expect(draw({ ...BASE, shoes: 'black' })).not.toContain(CLASSIC_SHOES.fill);
    expect(draw({ ...BASE, shoes: 'black' }, { outfit: 'pyjamas' })).not.toContain(
      CLOTHES_COLOURS.black.fill,
    );
  });

  it('puts the top colour on the pyjamas and nothing but bubbles in the bath', () => {
    const look: ChildLook = { ...BASE, outfit: 'dungarees', top: 'pink', bottom: 'green' };
    const pyjamas = draw(look, { outfit: 'pyjamas' });
    expect(pyjamas).toContain(CLOTHES_COLOURS.pink.pyjamas);
    expect(pyjamas).not.toContain(CLOTHES_COLOURS.green.fill);
    // The bath draws no clothes: the outfit and its colours change nothing there.
    expect(draw(look, { outfit: 'bath' })).toBe(draw({ ...BASE, bottom: 'green' }, { outfit: 'bath' }));
    expect(draw(look, { outfit: 'bath' })).not.toContain(CLOTHES_COLOURS.pink.fill);
  });

  it('keeps every outfit and new part inside the box in every pose', async () => {
    const looks: ChildLook[] = [
      { ...BASE, outfit: 'dress', hairStyle: 'afro-puffs', hearing: 'cochlear-implant', fringe: true },
      { ...BASE, outfit: 'dungarees', hairStyle: 'afro', hearing: 'hearing-aids' },
      { ...BASE, outfit: 'short-dungarees', hairStyle: 'very-long', face: [...FACE_DETAILS] },
      { ...BASE, outfit: 'tshirt-shorts', hairStyle: 'two-buns' },
    ];
    for (const look of looks)
      for (const pose of POSES) {
        const figure = drawChild({ look, pose, expression: 'happy', style: 'color' });
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(figure.width / 2)}" height="${Math.ceil(figure.height / 2)}"><g transform="scale(0.5)">${figure.svg}</g></svg>`;
        const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
        let edge = 0;
        for (let y = 0; y < info.height; y++)
          for (let x = 0; x < info.width; x++)
            if (
              (x === 0 || y === 0 || x === info.width - 1 || y === info.height - 1) &&
              data[(y * info.width + x) * 4 + 3]! >= 128
            )
              edge++;
        expect(edge, `${look.outfit} ${look.hairStyle} ${pose}`).toBeLessThan(3);
      }
  });
});

describe('hearing aids and implants on the ears the look names (issue 30)', () => {
  it('draws the first hearing values of 2026-11-27 as before: aids in any facing, the implant facing right', () => {
    // The digest was taken with the drawing code before the sides were added.
    const hash = createHash('sha256');
    for (const hearing of ['hearing-aids', 'cochlear-implant'] as const)
      for (const pose of POSES)
        for (const style of ['color', 'line'] as const)
          for (const facing of hearing === 'hearing-aids'
            ? (['left', 'right'] as const)
            : (['right'] as const)) {
            const look = { ...BASE, hairStyle: 'afro-puffs', hearing } as const;
            hash.update(drawChild({ look, pose, expression: 'happy', style, facing }).svg);
          }
    expect(hash.digest('hex')).toBe(HEARING_DIGEST);
  });

  it('reads the device and the side back from each value, and each device on each side from them', () => {
    for (const hearing of HEARING) {
      const { device, side } = hearingChoice(hearing);
      expect(hearingFor(device, side), hearing).toBe(hearing);
    }
    expect(hearingChoice('hearing-aids')).toEqual({ device: 'aid', side: 'both' });
    expect(hearingChoice('cochlear-implant')).toEqual({ device: 'implant', side: 'right' });
    // A device chosen first comes on the ears it came on before sides were offered.
    expect(hearingFor('aid', undefined)).toBe('hearing-aids');
    expect(hearingFor('implant', undefined)).toBe('cochlear-implant');
    expect(hearingFor('none', 'left')).toBe('none');
    expect(ChildLookSchema.safeParse({ ...BASE, hearing: 'hearing-aid-left' }).success).toBe(true);
    expect(ChildLookSchema.safeParse({ ...BASE, hearing: 'implant-on-top' }).success).toBe(false);
  });

  /** Where on the page (0 = the viewer's left, 1 = right) a colour's pixels are, on average. */
  async function whereIs(hex: string, options: Parameters<typeof drawChild>[0]): Promise<number[]> {
    const figure = drawChild(options);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${figure.width}" height="${figure.height}">${figure.svg}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const xs: number[] = [];
    for (let i = 0; i < info.width * info.height; i++) {
      const o = i * 4;
      if (data[o + 3]! > 200 && data[o] === r && data[o + 1] === g && data[o + 2] === b)
        xs.push((i % info.width) / info.width);
    }
    return xs;
  }
  const IMPLANT = '#4b5563';
  const AID = '#8a6bc4';

  it('keeps a device on the child’s own ear whichever way the child turns or the setting is mirrored', async () => {
    // The child faces us in every pose: their right ear is on the viewer's left.
    const cases = [
      ['cochlear-implant', IMPLANT, 'left'],
      ['cochlear-implant-left', IMPLANT, 'right'],
      ['hearing-aid-right', AID, 'left'],
      ['hearing-aid-left', AID, 'right'],
    ] as const;
    for (const [hearing, colour, onViewers] of cases)
      for (const facing of ['left', 'right'] as const)
        for (const mirrored of [false, true]) {
          const xs = await whereIs(colour, {
            look: { ...BASE, hearing },
            pose: 'waving',
            expression: 'happy',
            style: 'color',
            facing,
            mirrored,
          });
          // A mirrored setting shows the figure mirrored: on the page the device is on the other side.
          const shown = mirrored ? xs.map((x) => 1 - x) : xs;
          const name = `${hearing} facing ${facing}${mirrored ? ' in a mirrored setting' : ''}`;
          expect(shown.length, name).toBeGreaterThan(50);
          expect(
            shown.every((x) => (onViewers === 'left' ? x < 0.5 : x > 0.5)),
            name,
          ).toBe(true);
        }
  });

  it('draws both ears for a pair, one for a single device', async () => {
    const options = { pose: 'standing', expression: 'happy', style: 'color' } as const;
    for (const [hearing, colour] of [
      ['hearing-aids', AID],
      ['cochlear-implants', IMPLANT],
    ] as const) {
      const xs = await whereIs(colour, { ...options, look: { ...BASE, hearing } });
      expect(xs.some((x) => x < 0.5) && xs.some((x) => x > 0.5), hearing).toBe(true);
    }
    const one = await whereIs(AID, { ...options, look: { ...BASE, hearing: 'hearing-aid-left' } });
    const two = await whereIs(AID, { ...options, look: { ...BASE, hearing: 'hearing-aids' } });
    expect(one.length).toBeGreaterThan(two.length * 0.4);
    expect(one.length).toBeLessThan(two.length * 0.6);
  });
});

describe('the new parts in the coloring book', () => {
  /** The child standing, drawn as line art at 2 px a unit with the coloring book's threshold. */
  async function lineArt(look: ChildLook) {
    const figure = drawChild({ look, pose: 'standing', expression: 'happy', style: 'line' });
    const scale = 2;
    const w = figure.width * scale;
    const h = figure.height * scale;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#fff"/><g transform="scale(${scale})">${figure.svg}</g></svg>`;
    const grey = await sharp(Buffer.from(svg)).greyscale().threshold(150).raw().toBuffer();
    const ink = Uint8Array.from(grey, (v) => (v < 128 ? 1 : 0));
    const outside = floodFromBorder(w, h, (i) => !ink[i]);
    /** Whether the point (in figure units) is white paper the outside flood does not reach. */
    return (x: number, y: number) => {
      const i = Math.round(y * scale) * w + Math.round(x * scale);
      return !ink[i] && !outside[i];
    };
  }

  it('draws each new part as a closed white region a child can colour', async () => {
    const inside: [string, ChildLook, [number, number]][] = [
      ['bun', { ...BASE, hairStyle: 'bun' }, [200, 40]],
      ['two buns', { ...BASE, hairStyle: 'two-buns' }, [272, 48]],
      ['afro puffs', { ...BASE, hairStyle: 'afro-puffs' }, [316, 90]],
      ['afro', { ...BASE, hairStyle: 'afro' }, [74, 150]],
      ['very long hair', { ...BASE, hairStyle: 'very-long' }, [96, 400]],
      ['curly shoulder-length hair', { ...BASE, hairStyle: 'curly-shoulder' }, [110, 240]],
      ['fringe', { ...BASE, fringe: true }, [200, 115]],
      ['dress', { ...BASE, outfit: 'dress' }, [200, 462]],
      ['dungarees', { ...BASE, outfit: 'dungarees' }, [200, 400]],
      ['dungarees pocket', { ...BASE, outfit: 'dungarees' }, [200, 356]],
      ['shorts', { ...BASE, outfit: 'tshirt-shorts' }, [176, 450]],
      ['cochlear implant coil', { ...BASE, hearing: 'cochlear-implant' }, [88, 120]],
      ['left cochlear implant coil', { ...BASE, hearing: 'cochlear-implant-left' }, [312, 120]],
      ['left hearing aid', { ...BASE, hearing: 'hearing-aid-left' }, [305, 166]],
      ['gap tooth', { ...BASE, face: ['gap-tooth'] }, [208, 221]],
    ];
    for (const [name, look, [x, y]] of inside) {
      const closed = await lineArt(look);
      expect(closed(x, y), name).toBe(true);
    }
  });
});
