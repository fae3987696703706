import type { BookType } from '../../shared/domain/statuses';
import type { Language } from '../../shared/i18n';

// The few printed words that are not in the story files: the back cover's blurb and the lines of
// the pages a coloring book ends on. Kept per language here (the story files hold only the story),
// with the names filled in. The English is British, as the stories are ("colouring", "grey").

type Names = { child: string; toy: string };

const BACK_COVER: Record<BookType, Record<Language, (names: Names) => string>> = {
  storybook: {
    en: ({ child, toy }) =>
      `When the lights go out, ${toy} keeps watch over ${child} all night long, from the first yawn to the last star.\n\nA bedtime story made for ${child}, and for no one else.\n\nCuddle Tales`,
    fr: ({ child, toy }) =>
      `Quand la lumière s’éteint, ${toy} veille sur ${child} toute la nuit, du premier bâillement à la dernière étoile.\n\nUne histoire du soir écrite rien que pour ${child}.\n\nContes Doudou`,
  },
  coloring: {
    en: ({ child, toy }) =>
      `Crayons at the ready! On every page, ${child} and ${toy} are waiting for their colours, from bath time to the starry sky.\n\nA colouring book made for ${child}, and for no one else.\n\nCuddle Tales`,
    fr: ({ child, toy }) =>
      `À vos crayons ! À chaque page, ${child} et ${toy} attendent leurs couleurs, de l’heure du bain jusqu’au ciel étoilé.\n\nUn livre de coloriage fait rien que pour ${child}.\n\nContes Doudou`,
  },
};

/** The back cover text of a book in its language: a story, or a colouring book. */
export function backCoverText(language: Language, bookType: BookType, names: Names): string {
  return BACK_COVER[bookType][language](names);
}

const DRAW_YOUR_OWN: Record<Language, (names: Names) => string[]> = {
  en: ({ child, toy }) => [
    `Your turn, ${child}! Draw your own adventure with ${toy}, then colour it in.`,
    `What did you dream about last night? Draw it here.`,
    `Draw ${toy} keeping watch tonight.`,
  ],
  fr: ({ child, toy }) => [
    `À toi, ${child} ! Dessine ta propre aventure avec ${toy}, puis colorie-la.`,
    `De quoi as-tu rêvé cette nuit ? Dessine-le ici.`,
    `Dessine ${toy} qui veille sur toi ce soir.`,
  ],
};

/** The lines under the frames of the pages to draw in at the end of a coloring book, in turn. */
export function drawYourOwnLines(language: Language, names: Names): string[] {
  return DRAW_YOUR_OWN[language](names);
}
