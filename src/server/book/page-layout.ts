import { type ChildLook, ChildLookSchema, DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import { defaultToyLook, type ToyLook, ToyLookSchema } from '../../shared/domain/toy-look';
import { checkLayout, layoutProblem, sceneParts } from '../adapters/illustrator/scenes/layout-check';
import { type PageWords, storyPanels } from '../print/interior';
import type { Scene } from '../stories/scene';

/**
 * Where a story page's text panel goes when the local illustrator drew the page from its scene
 * (issue 31): the print and the reader ask the same question here, so the parent sees the panel
 * where it prints.
 */

export type DrawnLooks = { look: ChildLook; toy: ToyLook };

/** The looks the local illustrator drew the child and the toy with (as production/draw-book.ts reads them). */
export function drawnLooks(instance: { wizardMetadata: unknown }, toyName: string): DrawnLooks {
  const metadata = instance.wizardMetadata as { childLook?: unknown; toyLook?: unknown } | null;
  const look = ChildLookSchema.safeParse(metadata?.childLook);
  const toy = ToyLookSchema.safeParse(metadata?.toyLook);
  return {
    look: look.success ? look.data : DEFAULT_CHILD_LOOK,
    toy: toy.success ? toy.data : defaultToyLook({ toyName }),
  };
}

/**
 * The panel's place by the layout check of the page's scene, or the reason the page has no room for
 * it (`problem`, with `place` undefined).
 */
export async function scenePanelPlace(
  scene: Scene,
  words: PageWords,
  looks: DrawnLooks,
  pageNumber: number,
): Promise<{ place: 'top' | 'bottom' | undefined; problem: string | undefined }> {
  const parts = await sceneParts({ scene, style: 'color', size: 240, look: looks.look, toy: looks.toy });
  const verdict = checkLayout(parts, await storyPanels(words));
  return { place: verdict.place, problem: layoutProblem(pageNumber, verdict) };
}
