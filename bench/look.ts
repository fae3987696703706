// The look reader's accuracy on the labelled set (test/fixtures/look-set, issue 30, decision
// docs/decisions/025-look-reader-accuracy.md): per attribute, how many photos it read right, how
// many it left to the parent (abstained) and how many it read wrong, of those a person can label.
// Then the toy reader (docs/decisions/021-the-toy-drawn.md): the test bear in each of the palette's
// colours on a plain background and held up in busy streets, read right, left to the parent, or
// wrong. `npx tsx bench/look.ts` (or `BENCH_ONLY=look npm run bench`) prints the tables and one JSON
// line.
import { pathToFileURL } from 'node:url';
import {
  LOOK_ATTRIBUTES,
  type LookAccuracy,
  measureLookReader,
} from '../src/server/adapters/illustrator/characters/look-accuracy';
import { readToyColours } from '../src/server/adapters/illustrator/characters/read-toy-look';
import { busyToyPhoto, teddyPhoto } from '../src/server/adapters/illustrator/test-photos';
import { TOY_COLOUR_IDS, TOY_COLOURS, type ToyColour } from '../src/shared/domain/toy-look';

type Tally = { right: number; abstained: number; wrong: number; of: number };
export type LookBench = Pick<LookAccuracy, (typeof LOOK_ATTRIBUTES)[number]> & {
  msPerPhoto: number;
  toy: { plain: Tally; busy: Tally };
};

/** The bear in each palette colour, its muzzle and tummy in a light colour that goes with it. */
async function measureToyReader(): Promise<LookBench['toy']> {
  const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const tally = (): Tally => ({ right: 0, abstained: 0, wrong: 0, of: 0 });
  const plain = tally();
  const busy = tally();
  const count = async (into: Tally, photo: Buffer, main: ToyColour) => {
    const reading = await readToyColours(photo);
    into.of += 1;
    if (!reading.ok) into.abstained += 1;
    else if (reading.colours.main === main) into.right += 1;
    else into.wrong += 1;
  };
  for (const main of TOY_COLOUR_IDS) {
    const second: ToyColour =
      main === 'white' || main === 'cream' ? 'pink' : main === 'black' ? 'white' : 'cream';
    const bear = { fur: hex(TOY_COLOURS[main].photo), light: hex(TOY_COLOURS[second].photo) };
    await count(plain, await teddyPhoto(bear), main);
    for (const seed of [1, 2, 3])
      for (const size of [0.65, 0.8, 0.95]) await count(busy, await busyToyPhoto(seed, size, bear), main);
  }
  return { plain, busy };
}

export function printLookAccuracy(result: LookBench | { error: string }): void {
  console.log(
    'Look reader on the labelled set (test/fixtures/look-set: adult faces from the face-model packages)',
  );
  if ('error' in result) {
    console.log(JSON.stringify(result));
    return;
  }
  console.table(
    Object.fromEntries(
      LOOK_ATTRIBUTES.map((k) => {
        const { right, abstained, wrong, n } = result[k];
        return [k, { right, abstained, wrong, of: n }];
      }),
    ),
  );
  console.log(`${result.msPerPhoto} ms per photo, the models' first load included`);
  console.log('Toy reader: the test bear in each palette colour (plain background; busy streets)');
  console.table(result.toy);
}

async function main() {
  const started = performance.now();
  const { photos, ...tallies } = await measureLookReader();
  const msPerPhoto = Math.round((performance.now() - started) / Object.keys(photos).length);
  const result: LookBench = { ...tallies, msPerPhoto, toy: await measureToyReader() };
  printLookAccuracy(result);
  console.log(JSON.stringify(result));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
