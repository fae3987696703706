import { castOf } from '../../shared/domain/cast';
import { type ChildLook, ChildLookSchema, DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import { defaultToyLook, type ToyLook, ToyLookSchema } from '../../shared/domain/toy-look';
import type { DrawnCompanion } from '../adapters/illustrator';
import { sceneCompanions } from '../adapters/illustrator/local';
import {
  checkLayout,
  layoutProblem,
  PANEL_PLACES,
  type PanelPlace,
  sceneParts,
} from '../adapters/illustrator/scenes/layout-check';
import { redrawScene } from '../adapters/illustrator/scenes/variant';
import { type PageWords, storyPanels } from '../print/interior';
import type { Scene } from '../stories/scene';

/**
 * Where a story page's text panel goes when the local illustrator drew the page from its scene
 * (issue 31): the print and the reader ask the same question here, so the parent sees the panel
 * where it prints.
 */

export type DrawnLooks = {
  look: ChildLook;
  toy: ToyLook;
  /** The children beside the lead (issue 35) and the lead's age: drawn on every page. */
  companions?: readonly DrawnCompanion[] | undefined;
  leadAge?: number | undefined;
};

/**
 * The children beside the lead as the illustrators draw them (issue 35, docs/decisions/030-siblings.md),
 * from the book's cast: each look, toy, age and name. A book of one child has none.
 */
export function drawnCompanions(personalisation: unknown): DrawnCompanion[] {
  const source = (personalisation ?? {}) as Parameters<typeof castOf>[0];
  if (!Array.isArray(source.companions)) return [];
  return castOf(source)
    .filter((member) => !member.lead && member.look)
    .map((member) => ({
      look: member.look!,
      ...(member.toy?.look ? { toy: member.toy.look } : {}),
      ...(member.age !== undefined ? { age: member.age } : {}),
      name: member.name,
      gender: member.gender,
    }));
}

/** The looks the local illustrator drew the child and the toy with (as production/draw-book.ts reads them). */
export function drawnLooks(instance: { wizardMetadata: unknown }, toyName: string): DrawnLooks {
  const metadata = instance.wizardMetadata as { childLook?: unknown; toyLook?: unknown } | null;
  const look = ChildLookSchema.safeParse(metadata?.childLook);
  const toy = ToyLookSchema.safeParse(metadata?.toyLook);
  const companions = drawnCompanions(metadata);
  const age = (metadata as { childAge?: unknown } | null)?.childAge;
  return {
    look: look.success ? look.data : DEFAULT_CHILD_LOOK,
    toy: toy.success ? toy.data : defaultToyLook({ toyName }),
    ...(companions.length ? { companions, ...(typeof age === 'number' ? { leadAge: age } : {}) } : {}),
  };
}

/**
 * The panel's place by the layout check of the page's scene, or the reason the page has no room for
 * it (`problem`, with `place` undefined). `variant`: a redraw's, checked in its own composition
 * (issue 36, adapters/illustrator/scenes/variant.ts).
 */
export async function scenePanelPlace(
  scene: Scene,
  words: PageWords,
  looks: DrawnLooks,
  pageNumber: number,
  variant = 0,
): Promise<{ place: PanelPlace | undefined; problem: string | undefined }> {
  const cast = {
    look: looks.look,
    toy: looks.toy,
    ...(looks.companions?.length ? { companions: sceneCompanions(looks.companions, looks.leadAge) } : {}),
  };
  const parts = await sceneParts({
    ...cast,
    scene: variant ? await redrawScene({ ...cast, scene }, variant) : scene,
    variant,
    style: 'color',
    size: 240,
  });
  const verdict = checkLayout(parts, await storyPanels(words));
  if (looks.companions?.length && !verdict.place) {
    // A cast (issue 35): the placement of two or three children is not yet perfect on every page
    // (docs/decisions/030-siblings.md); the panel goes where it covers least rather than stopping the
    // book. A book of one child is refused as before.
    const count = (at: PanelPlace) => verdict.covers[at]?.length ?? Number.POSITIVE_INFINITY;
    const least = PANEL_PLACES.reduce((best, at) => (count(at) < count(best) ? at : best), 'bottom');
    return { place: least, problem: undefined };
  }
  return { place: verdict.place, problem: layoutProblem(pageNumber, verdict) };
}
