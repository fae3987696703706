// The look reader's accuracy on the labelled set (test/fixtures/look-set, issue 30, decision
// docs/decisions/025-look-reader-accuracy.md): per attribute, how many photos it read right, how
// many it left to the parent (abstained) and how many it read wrong, of those a person can label.
// `npx tsx bench/look.ts` (or `BENCH_ONLY=look npm run bench`) prints the table and one JSON line.
import { pathToFileURL } from 'node:url';
import {
  LOOK_ATTRIBUTES,
  type LookAccuracy,
  measureLookReader,
} from '../src/server/adapters/illustrator/characters/look-accuracy';

export type LookBench = Pick<LookAccuracy, (typeof LOOK_ATTRIBUTES)[number]> & { msPerPhoto: number };

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
}

async function main() {
  const started = performance.now();
  const { photos, ...tallies } = await measureLookReader();
  const result: LookBench = {
    ...tallies,
    msPerPhoto: Math.round((performance.now() - started) / Object.keys(photos).length),
  };
  printLookAccuracy(result);
  console.log(JSON.stringify(result));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
