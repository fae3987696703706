import type { InteriorPage } from './interior';
import { makeLineArt, makeStoryImage } from './test-images';

// Books for the print tests: what the production job will hand to buildInteriorPdf.

const FRENCH_TEXT =
  'Léa et son ours Caramel partent à la mer. « Ça, c’est l’œuvre de Léa », dit maman en souriant.';

const STORY_TEXTS = [
  'Léa and her bear Caramel woke up early. "Today we go to the seaside!" she said.',
  'The wind was full of salt and songs. They built a castle with seven towers and a very brave flag.',
  FRENCH_TEXT,
  'Short page.',
];

/** A 30-page storybook with title and dedication pages: 32 pages. */
export async function makeStorybook(): Promise<InteriorPage[]> {
  const [big1, big2, small] = await Promise.all([
    makeStoryImage(2048, { seed: 0 }),
    makeStoryImage(2048, { seed: 1, format: 'jpeg' }),
    makeStoryImage(1024, { seed: 2 }),
  ]);
  const images = [big1, big2, small];
  const story = Array.from(
    { length: 30 },
    (_, i): InteriorPage => ({
      kind: 'story',
      style: 'color',
      image: images[i % images.length] as Buffer,
      text: STORY_TEXTS[i % STORY_TEXTS.length] as string,
    }),
  );
  return [
    { kind: 'title', title: 'Léa and Caramel at the Seaside', subtitle: 'A story for Léa', image: small },
    {
      kind: 'dedication',
      message: 'Pour Léa, qui rend chaque jour plus doux.\nNever stop dreaming, mon cœur.',
      signature: 'Mamie & Papi',
    },
    ...story,
  ];
}

/** A 20-page coloring book with title and dedication pages: 22 pages before padding. */
export async function makeColoringBook(): Promise<InteriorPage[]> {
  const [big, small] = await Promise.all([makeLineArt(2048, { seed: 1 }), makeLineArt(1024, { seed: 2 })]);
  const pictures = Array.from(
    { length: 20 },
    (_, i): InteriorPage => ({
      kind: 'story',
      style: 'line',
      image: i % 2 === 0 ? big : small,
      text: i === 3 ? FRENCH_TEXT : 'Léa builds a sandcastle with Caramel.',
    }),
  );
  return [
    { kind: 'title', title: 'Léa’s Coloring Adventure', subtitle: 'Twenty pictures to colour' },
    { kind: 'dedication', message: 'For Léa, with love.', signature: 'Mum' },
    ...pictures,
  ];
}
