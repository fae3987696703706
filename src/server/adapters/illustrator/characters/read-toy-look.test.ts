import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TOY_COLOUR_IDS, TOY_COLOURS } from '../../../../shared/domain/toy-look';
import { busyToyPhoto, flatPhoto, GARBAGE, landscapePhoto, teddyPhoto } from '../test-photos';
import { nearestToyColour, readToyColours } from './read-toy-look';

describe('the toy’s colours read off its photo', () => {
  it('reads a toy on a plain background: its fur as the main colour, its muzzle and tummy as the second', async () => {
    const reading = await readToyColours(await teddyPhoto());
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(['brown', 'honey']).toContain(reading.colours.main);
    expect(['cream', 'honey', 'white']).toContain(reading.colours.second);
    expect(reading.colours.second).not.toBe(reading.colours.main);
  }, 30_000);

  it('says nothing rather than a blob’s colour: dark, several toys, no toy, a busy or blank photo, not a photo', async () => {
    const teddy = await teddyPhoto();
    const dark = await sharp(teddy).linear(0.2, 0).jpeg().toBuffer();
    const small = await sharp(teddy).resize(300).toBuffer();
    const two = await sharp({ create: { width: 768, height: 768, channels: 3, background: '#bcd7ea' } })
      .composite([
        { input: small, left: 40, top: 230 },
        { input: small, left: 420, top: 230 },
      ])
      .jpeg()
      .toBuffer();
    // A busy street: random blocks of colour everywhere, the toy lost among them.
    const blocks = Array.from({ length: 144 }, (_, i) => {
      const x = (i % 12) * 64;
      const y = Math.floor(i / 12) * 64;
      const c = ((i * 2654435761) >>> 0) % 0xffffff;
      return `<rect x="${x}" y="${y}" width="64" height="64" fill="#${c.toString(16).padStart(6, '0')}"/>`;
    }).join('');
    const busy = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768">${blocks}</svg>`),
    )
      .jpeg()
      .toBuffer();
    // Group photos of people (the face-api package's samples): many colours, not a plush's few.
    const require = createRequire(import.meta.url);
    const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
    const group = async (n: number) =>
      sharp(path.join(demo, `sample${n}.jpg`))
        .resize(600, 600)
        .jpeg()
        .toBuffer();
    const answers = {
      people2: await readToyColours(await group(2)),
      people4: await readToyColours(await group(4)),
      dark: await readToyColours(dark),
      two: await readToyColours(two),
      landscape: await readToyColours(await landscapePhoto()),
      busy: await readToyColours(busy),
      flat: await readToyColours(await flatPhoto()),
      garbage: await readToyColours(GARBAGE),
    };
    for (const [name, answer] of Object.entries(answers)) expect(answer.ok, name).toBe(false);
    expect(answers.dark.ok || answers.dark.reason).toBe('dark');
    expect(answers.two.ok || answers.two.reason).toBe('several');
    expect(answers.garbage.ok || answers.garbage.reason).toBe('undecodable');
  }, 30_000);

  it('never reads a toy held up in a busy street as a grey or black blob: it keeps quiet, or reads its fur', async () => {
    // Issue 30: such photos became a grey or black blob in 3 of 3 tries. Five streets, four sizes
    // of the same brown bear (TEDDY_FUR), greys and blacks all around it.
    const answers: string[] = [];
    for (const seed of [1, 2, 3, 4, 5])
      for (const size of [0.5, 0.65, 0.8, 0.95]) {
        const reading = await readToyColours(await busyToyPhoto(seed, size));
        answers.push(reading.ok ? reading.colours.main : reading.reason);
        if (reading.ok)
          expect(['brown', 'honey'], `street ${seed}, bear at ${size}`).toContain(reading.colours.main);
      }
    // Most say nothing (the wizard then asks the parent); none is grey, black or the street's colours.
    expect(
      answers.filter((answer) => answer === 'busy' || answer === 'several').length,
    ).toBeGreaterThanOrEqual(15);
    expect(answers).not.toContain('grey');
    expect(answers).not.toContain('black');
  }, 60_000);

  it('never reads the street a bear is glued to as its colour: the toy’s heart must show it', async () => {
    // Issue 30: where the bear's region ran into street blocks, these read a brown bear as orange
    // (the first seven) or gave it the street's yellow, pink, green or blue as its second colour.
    const glued = [
      [6, 0.65],
      [13, 0.8],
      [19, 0.65],
      [20, 0.5],
      [22, 0.5],
      [22, 0.65],
      [26, 0.8],
      [5, 0.8],
      [9, 0.8],
      [11, 0.8],
      [11, 0.95],
      [13, 0.65],
    ] as const;
    for (const [seed, size] of glued) {
      const reading = await readToyColours(await busyToyPhoto(seed, size));
      if (!reading.ok) continue;
      expect(reading.colours, `street ${seed}, bear at ${size}`).toEqual({ main: 'brown', second: 'cream' });
    }
  }, 60_000);

  it('reads a bear of every colour of the palette on a plain background', async () => {
    const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const read: string[] = [];
    const told: string[] = [];
    for (const main of TOY_COLOUR_IDS) {
      const second = main === 'white' || main === 'cream' ? 'pink' : main === 'black' ? 'white' : 'cream';
      const bear = { fur: hex(TOY_COLOURS[main].photo), light: hex(TOY_COLOURS[second].photo) };
      const reading = await readToyColours(await teddyPhoto(bear));
      told.push(`${main}/${second}`);
      read.push(reading.ok ? `${reading.colours.main}/${reading.colours.second}` : reading.reason);
    }
    expect(read).toEqual(told);
  }, 60_000);

  it('matches a photo colour to the nearest of the toys’ palette', () => {
    expect(nearestToyColour([236, 236, 230])).toBe('white');
    expect(nearestToyColour([35, 35, 40])).toBe('black');
    expect(nearestToyColour([222, 150, 170])).toBe('pink');
    expect(nearestToyColour([90, 140, 200])).toBe('blue');
  });
});
