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
    de: ({ child, toy }) =>
      `Wenn das Licht ausgeht, wacht ${toy} die ganze Nacht über ${child}, vom ersten Gähnen bis zum letzten Stern.\n\nEine Gutenachtgeschichte, nur für ${child} geschrieben.\n\nKuschelgeschichten`,
    it: ({ child, toy }) =>
      `Quando si spegne la luce, ${toy} veglia su ${child} per tutta la notte, dal primo sbadiglio all’ultima stella.\n\nUna storia della buonanotte scritta solo per ${child}.\n\nFiabe Coccole`,
  },
  coloring: {
    en: ({ child, toy }) =>
      `Crayons at the ready! On every page, ${child} and ${toy} are waiting for their colours, from bath time to the starry sky.\n\nA colouring book made for ${child}, and for no one else.\n\nCuddle Tales`,
    fr: ({ child, toy }) =>
      `À vos crayons ! À chaque page, ${child} et ${toy} attendent leurs couleurs, de l’heure du bain jusqu’au ciel étoilé.\n\nUn livre de coloriage fait rien que pour ${child}.\n\nContes Doudou`,
    de: ({ child, toy }) =>
      `Stifte bereit! Auf jeder Seite warten ${child} und ${toy} auf ihre Farben, von der Badewanne bis zum Sternenhimmel.\n\nEin Malbuch, nur für ${child} gemacht.\n\nKuschelgeschichten`,
    it: ({ child, toy }) =>
      `Pronti con le matite colorate! In ogni pagina ${child} e ${toy} aspettano i loro colori, dall’ora del bagnetto fino al cielo stellato.\n\nUn libro da colorare fatto solo per ${child}.\n\nFiabe Coccole`,
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
  de: ({ child, toy }) => [
    `Jetzt bist du dran, ${child}! Zeichne dein eigenes Abenteuer mit ${toy} und mal es dann aus.`,
    `Wovon hast du letzte Nacht geträumt? Zeichne es hier.`,
    `Zeichne, wie ${toy} heute Nacht über dich wacht.`,
  ],
  it: ({ child, toy }) => [
    `Tocca a te, ${child}! Disegna la tua avventura con ${toy}, poi colorala.`,
    `Che cosa hai sognato stanotte? Disegnalo qui.`,
    `Disegna ${toy} che veglia su di te stanotte.`,
  ],
};

/** The lines under the frames of the pages to draw in at the end of a coloring book, in turn. */
export function drawYourOwnLines(language: Language, names: Names): string[] {
  return DRAW_YOUR_OWN[language](names);
}
