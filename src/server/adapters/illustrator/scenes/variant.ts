import type { Scene } from '../../../stories/scene';
import { NEARLY_SAME, pictureDifference } from '../picture-difference';
import { renderScenePage, type ScenePageInput } from './index';
import { coveredParts, type SceneParts, sceneParts } from './layout-check';

/**
 * What "Draw this page again" changes in a page's composition (issue 36): each redraw is visibly
 * different from the drawings before it, never the same picture with its details scattered.
 * Variant 1 mirrors the scene (the setting's bed, window or tree on the other side, the characters
 * on the other side turned the other way); variant 2 frames it the other way (close or wide) and
 * variant 3 does both. Nothing the text says changes: the hour, the light, the clothes, the props,
 * who holds whom. From variant 4 the compositions come round again with the setting's details
 * scattered from the variant's own seed.
 *
 * Mirroring keeps every part of the page at its height, so the text panel keeps its room; framing
 * the other way moves the faces up or down, so it is used only where it leaves the panel at least
 * the room the first drawing left it (`reframingFits`); elsewhere
 * variant 2 is the mirrored scene with the setting alone turned back, and variant 3 the first
 * scene's setting with the characters alone turned round. Where that would look nearly the same
 * (the child in the bed or the boat turns with the setting; a child in the middle facing us turned
 * round is the same child), variants 2 and 3 are the first and the mirrored scene with the camera
 * panned sideways along the setting (every height kept, `pan`, scenes/pan.ts), or, where the
 * setting has no plain edge to pan onto, with the child walked to the open side of the room. Where
 * the setting or the characters turned on their own would hide part of what the first drawing shows
 * (a toy in the boat, a hedgehog, an owl), the child walks to the middle of the page or turns to face
 * it instead (`clearTurn`, measured on the drawing). The print and the reader ask the same question
 * (book/page-layout.ts), so a kept redraw's panel goes where its own composition leaves room.
 */

/** The number of compositions a page has (the variants after it repeat them). */
export const COMPOSITIONS = 4;

const otherSide = <T extends string>(place: T): T =>
  (place === 'left' ? 'right' : place === 'right' ? 'left' : place) as T;

/** The characters on the other side of the page, turned the other way (the setting as it was). */
function charactersTurned(scene: Scene): Scene {
  return {
    ...scene,
    ...(scene.child
      ? {
          child: {
            ...scene.child,
            place: otherSide(scene.child.place),
            facing: otherSide(scene.child.facing),
          },
        }
      : {}),
    ...(scene.toy
      ? { toy: { ...scene.toy, place: otherSide(scene.toy.place), facing: otherSide(scene.toy.facing) } }
      : {}),
  };
}

/** The scene drawn the other way round: what stood on the left stands on the right, turned the other way. */
export function mirroredScene(scene: Scene): Scene {
  // A pan turns round with the picture: it still uncovers the same edge of the setting.
  const pan = scene.pan ? { pan: -scene.pan } : {};
  return { ...charactersTurned(scene), side: otherSide(scene.side), ...pan };
}

const reframed = (scene: Scene): Scene => ({ ...scene, view: scene.view === 'close' ? 'wide' : 'close' });

/**
 * How a page that is neither framed the other way nor panned is recomposed in variants 2 and 3:
 * `turned`, the setting turned on its own, then the characters on their own; where that hides part
 * of what the first drawing shows (the child before the toy in the boat, before the hedgehog, a
 * waving arm before the owl in its tree: measured, `clearTurn`), `middle`: the child walks to the
 * middle of the page (a toy standing there takes the child's place), the first scene then the
 * mirrored one; `aside`: a child in the middle walks to the setting's side (its trees, its bed) and
 * a toy standing or flying at the other side comes to the middle, where turning alone would look
 * nearly the same as the drawings before it (a symmetric meadow: guardian-friend page 19); else
 * `facing`: turned on its own with the child facing the middle of the page; for a cast,
 * `reordered`: the children in the other order (the lead towards the foot of the bed, the
 * companions the other way round), the first scene then the mirrored one, where a cast in bed turns
 * with the bed and no pan keeps every child in the picture.
 */
export type Turn = 'turned' | 'middle' | 'aside' | 'facing' | 'reordered';

/**
 * The scene a redraw draws; `reframe`: whether framing the other way leaves the panel its room
 * (`reframingFits`); `cast`: how many children the page draws; `turn`: how a page with no other
 * framing is recomposed (`clearTurn`). Variant 0 (or absent) is the page's first drawing, as it
 * always was.
 */
export function variantScene(
  scene: Scene,
  variant: number,
  reframe: boolean,
  cast = 1,
  castPan = 0,
  turn: Turn = 'turned',
): Scene {
  const composition = variant % COMPOSITIONS;
  if (composition === 0) return scene;
  if (composition === 1) return mirroredScene(scene);
  if (reframe) return composition === 2 ? reframed(scene) : mirroredScene(reframed(scene));
  const other =
    otherFraming(scene, cast, castPan) ??
    (turn === 'middle'
      ? toMiddle(scene)
      : turn === 'aside'
        ? toSide(scene)
        : turn === 'reordered' && cast > 1
          ? { ...scene, castOrder: 'reversed' as const }
          : undefined);
  if (other) return composition === 2 ? other : mirroredScene(other);
  // Without the other framing: the setting turned on its own, then the characters on their own.
  const turned = composition === 2 ? { ...scene, side: otherSide(scene.side) } : charactersTurned(scene);
  return turn === 'facing' ? facingMiddle(turned) : turned;
}

/**
 * Where the characters turned round alone would look nearly the same (issue 36): the camera pans
 * along a setting that allows it, else a child in the middle facing us walks to another place on
 * the ground (variant 2 so, variant 3 the mirrored one). A cast's longer bed and the children beside
 * the lead reach nearer the page's edges: a cast's page pans by the share of the pan that keeps
 * every child, face and toy in the picture (`castPan`, measured by `castPanFits`), not at all where
 * none does. Undefined where the page has no such framing.
 */
function otherFraming(scene: Scene, cast: number, castPan: number): Scene | undefined {
  if (!PANS[scene.setting]) return movedAlong(scene);
  if (cast === 1) return panAlong(scene);
  return castPan > 0 ? panAlong(scene, castPan) : undefined;
}

/**
 * A child standing at the side of the page walked to its middle, a toy standing there moved to the
 * child's place (a toy in the boat, the bed or the arms stays); undefined for a child in the middle
 * or in the bed, the bath or the boat.
 */
function toMiddle(scene: Scene): Scene | undefined {
  const { child, toy } = scene;
  if (child?.place !== 'left' && child?.place !== 'right') return undefined;
  return {
    ...scene,
    child: { ...child, place: 'centre' },
    ...(toy?.place === 'centre' ? { toy: { ...toy, place: child.place } } : {}),
  };
}

/**
 * A child in the middle of the page walked to the setting's side, a toy standing or flying at a side
 * brought to the middle; undefined for a child at a side or in the bed, the bath or the boat, or a
 * toy held, nested or already in the middle.
 */
function toSide(scene: Scene): Scene | undefined {
  const { child, toy } = scene;
  if (child?.place !== 'centre') return undefined;
  if (toy && toy.place !== 'left' && toy.place !== 'right') return undefined;
  return {
    ...scene,
    child: { ...child, place: scene.side, facing: otherSide(scene.side) },
    ...(toy ? { toy: { ...toy, place: 'centre' as const } } : {}),
  };
}

/** The child at the side of the page turned to face its middle (a waving arm goes the other way). */
function facingMiddle(scene: Scene): Scene {
  const { child } = scene;
  if (child?.place !== 'left' && child?.place !== 'right') return scene;
  return { ...scene, child: { ...child, facing: otherSide(child.place) } };
}

/**
 * A child standing in the middle facing us, moved along the ground to the open side of the setting
 * (away from its bed, window or tree), a toy on the ground at the child's other side; a toy in the
 * arms goes along. Undefined for any other scene.
 */
function movedAlong(scene: Scene): Scene | undefined {
  const { child, toy } = scene;
  if (child?.place !== 'centre' || child.facing !== 'front') return undefined;
  if (toy && toy.place !== 'held' && toy.place !== 'left' && toy.place !== 'right' && toy.place !== 'centre')
    return undefined;
  const to = otherSide(scene.side);
  return {
    ...scene,
    child: { ...child, place: to },
    ...(toy && toy.place !== 'held' ? { toy: { ...toy, place: 'centre' as const } } : {}),
  };
}

/**
 * How a setting may be panned: the edge the pan uncovers must be plain, as the strip continues it
 * (scenes/pan.ts). `feature`: the edge beside the setting's main feature (the bedroom's wall by the
 * headboard); `far`: the other one (the sky away from its moon). `by`: how far, of the page's 1000
 * units, short enough that the moon stays whole in the picture but for its rim.
 */
const PANS: Partial<Record<Scene['setting'], { edge: 'feature' | 'far'; by: number }>> = {
  bedroom: { edge: 'feature', by: 120 },
  sky: { edge: 'far', by: 160 },
  moon: { edge: 'far', by: 90 },
};

const nested = (place: string | undefined) =>
  place === undefined ||
  place === 'held' ||
  place === 'in-bed' ||
  place === 'in-bath' ||
  place === 'in-boat' ||
  place === 'on-pillow';

/**
 * The camera panned along a setting that allows it, where the characters go with the setting: every
 * one in the bed or the boat, or a child in the middle facing us.
 */
function panAlong(scene: Scene, share = 1): Scene | undefined {
  const pan = PANS[scene.setting];
  const { child, toy } = scene;
  if (!pan || !child) return undefined;
  const inNest = nested(child.place) && nested(toy?.place);
  if (!inNest && !(child.place === 'centre' && child.facing === 'front')) return undefined;
  // Uncovering the edge on the feature's side moves the picture away from it.
  const away = (scene.side === 'left') === (pan.edge === 'feature');
  const by = Math.round(pan.by * share);
  return { ...scene, pan: away ? by : -by };
}

/** Whether a variant's composition depends on framing the page the other way. */
export const mayReframe = (variant: number) => variant % COMPOSITIONS >= 2;

/**
 * The widest text panel a story page prints (print/interior.ts storyPanels, checked by
 * variant.test.ts), as fractions of the page: the foot of its box at the bottom, its head at the top.
 */
export const WIDEST_PANEL = { left: 0.0969, width: 0.8062, foot: 0.9286, head: 0.0714 } as const;

/** How tall the widest panel may grow at a place before it covers a part (in grid rows of `parts`). */
function roomAt(parts: SceneParts, place: 'bottom' | 'top'): number {
  const { size } = parts;
  const rect = (rows: number) => {
    const height = rows / size;
    const top = place === 'bottom' ? WIDEST_PANEL.foot - height : WIDEST_PANEL.head;
    return { left: WIDEST_PANEL.left, width: WIDEST_PANEL.width, top, height };
  };
  let rows = 0;
  while (rows < size / 2 && coveredParts(parts, rect(rows + 1)).length === 0) rows += 1;
  return rows;
}

/**
 * Whether the scene framed the other way leaves the text panel at least the room the first drawing
 * leaves it, at the foot or at the head: any text that fits the first drawing then fits the redraw
 * (where the layout check puts it).
 */
export async function reframingFits(
  input: Omit<ScenePageInput, 'style' | 'size' | 'variant'>,
): Promise<boolean> {
  const key = JSON.stringify({
    ...input,
    companions: input.companions?.length ? input.companions : undefined,
  });
  const known = fitting.get(key);
  if (known !== undefined) return known;
  const measure = async (scene: Scene) => sceneParts({ ...input, scene, style: 'color', size: 240 });
  const [first, other] = [await measure(input.scene), await measure(reframed(input.scene))];
  // The panel goes where it fits (the foot first): what matters is the most room either place leaves.
  const room = (parts: SceneParts) => Math.max(roomAt(parts, 'bottom'), roomAt(parts, 'top'));
  const fits = !other.hidden?.length && room(other) >= room(first);
  // A page's variants 2 and 3, the reader's and the print's panels ask again: the answer is kept.
  if (fitting.size >= 500) fitting.delete(fitting.keys().next().value!);
  fitting.set(key, fits);
  return fits;
}

/** The answers of `reframingFits`, by its input (the oldest forgotten first). */
const fitting = new Map<string, boolean>();

/** The shares of a setting's pan a cast's page tries, the longest first. */
const CAST_PAN_SHARES = [1, 0.75, 0.5, 0.35] as const;

/** How much of each part a cast's panned page keeps: a face whole, a body or a toy nearly so. */
const CAST_KEPT = { face: 0.98, other: 0.8 } as const;

/**
 * How much of each part a page turned on its own keeps (`clearTurn`): as the layout check asks of
 * every redraw; a face measures less than it shows before a wall of nearly its colour (the window's).
 */
const TURN_KEPT = { face: 0.8, other: 0.8 } as const;

/**
 * How much of a prop the text names a turned page keeps where it can (`clearTurn`): all of it but a
 * rim (the owl in its tree, not half behind the child's head: birthday-adventure page 16).
 */
const PROP_KEPT = 0.97;

const isCharacter = (what: string) => /^(child|face|toy)(-\d)?$/.test(what);

/**
 * Whether a recomposed drawing keeps each part the first drawing shows (by `kept`; a prop the text
 * names by `props` when given) and hides no child.
 */
const keepsParts = (
  first: SceneParts,
  other: SceneParts,
  kept: { face: number; other: number },
  props?: number,
) =>
  !other.hidden?.length &&
  first.parts.every((part) => {
    const shown = other.parts.find((candidate) => candidate.what === part.what)?.count ?? 0;
    const share =
      props !== undefined && !isCharacter(part.what)
        ? props
        : part.what.startsWith('face')
          ? kept.face
          : kept.other;
    return shown >= part.count * share;
  });

/**
 * The share of its setting's pan (`PANS`) a cast's page may be panned by: the longest of
 * `CAST_PAN_SHARES` whose panned drawing keeps every face whole and every child and toy in the
 * picture (measured on the drawing, as `reframingFits`); 0 where none does or no pan applies.
 * Mirroring turns the pan with the picture, so the first scene's answer holds for the mirrored one.
 */
export async function castPanFits(
  input: Omit<ScenePageInput, 'style' | 'size' | 'variant'>,
): Promise<number> {
  if (!input.companions?.length || !panAlong(input.scene)) return 0;
  const key = JSON.stringify(input);
  const known = castPanning.get(key);
  if (known !== undefined) return known;
  const measure = async (scene: Scene) => sceneParts({ ...input, scene, style: 'color', size: 240 });
  const first = await measure(input.scene);
  let fits = 0;
  for (const share of CAST_PAN_SHARES) {
    if (keepsParts(first, await measure(panAlong(input.scene, share)!), CAST_KEPT)) {
      fits = share;
      break;
    }
  }
  if (castPanning.size >= 500) castPanning.delete(castPanning.keys().next().value!);
  castPanning.set(key, fits);
  return fits;
}

/** The answers of `castPanFits`, by its input (the oldest forgotten first). */
const castPanning = new Map<string, number>();

/** The scene a redraw of `variant` draws, deciding the framing (and a cast's pan) from the drawing itself. */
export async function redrawScene(
  input: Omit<ScenePageInput, 'style' | 'size' | 'variant'>,
  variant: number,
): Promise<Scene> {
  const cast = 1 + (input.companions?.length ?? 0);
  // A cast framed the other way may look the same (a crew in the long leaf boat: the close view
  // zooms out to keep every head in the picture): then it is recomposed as a page with no framing.
  const reframe =
    mayReframe(variant) &&
    (await reframingFits(input)) &&
    (cast === 1 || (await looksNew(input, variantScene(input.scene, variant, true), variant)));
  const castPan = mayReframe(variant) && !reframe && cast > 1 ? await castPanFits(input) : 0;
  const turn =
    mayReframe(variant) && !reframe && !otherFraming(input.scene, cast, castPan)
      ? await clearTurn(input, variant, cast)
      : 'turned';
  return variantScene(input.scene, variant, reframe, cast, castPan, turn);
}

/** The ways `clearTurn` tries, in order. */
const TURNS: readonly Turn[] = ['turned', 'middle', 'aside', 'facing', 'reordered'];

/** The size the redraws are compared at (the measure looks at 64 x 64, as the redraw route's). */
const COMPARED_AT = 160;

/**
 * How a page with no other framing is recomposed in `variant` (`Turn`): the first of `TURNS` whose
 * drawing keeps each part the first drawing shows (measured on the drawing, as `castPanFits`) and
 * does not look nearly the same as the first and the mirrored drawing (`NEARLY_SAME`); else the
 * first that keeps each part; `turned` where none does.
 */
async function clearTurn(
  input: Omit<ScenePageInput, 'style' | 'size' | 'variant'>,
  variant: number,
  cast: number,
): Promise<Turn> {
  const key = JSON.stringify({ ...input, variant });
  const known = turning.get(key);
  if (known !== undefined) return known;
  const measure = async (scene: Scene, drawn: number) =>
    sceneParts({ ...input, scene, variant: drawn, style: 'color', size: 240 });
  const first = await measure(input.scene, 0);
  const distinct = (scene: Scene) => looksNew(input, scene, variant);
  // The first turn that keeps every named prop whole and looks new; else one that keeps each part
  // as the layout check asks and looks new; else one that keeps each part.
  const tried = new Set<string>();
  let keeping: Turn | undefined;
  let distinctKeeping: Turn | undefined;
  let chosen: Turn | undefined;
  for (const turn of TURNS) {
    const scene = variantScene(input.scene, variant, false, cast, 0, turn);
    const seen = JSON.stringify(scene);
    if (tried.has(seen)) continue;
    tried.add(seen);
    const parts = await measure(scene, variant);
    if (!keepsParts(first, parts, TURN_KEPT)) continue;
    keeping ??= turn;
    if (!(await distinct(scene))) continue;
    distinctKeeping ??= turn;
    if (keepsParts(first, parts, TURN_KEPT, PROP_KEPT)) {
      chosen = turn;
      break;
    }
  }
  chosen ??= distinctKeeping ?? keeping ?? 'turned';
  if (turning.size >= 500) turning.delete(turning.keys().next().value!);
  turning.set(key, chosen);
  return chosen;
}

/**
 * Whether `scene` drawn as `variant` looks new beside the page's first and mirrored drawings (at
 * least NEARLY_SAME apart from each, as the redraw route measures).
 */
async function looksNew(
  input: Omit<ScenePageInput, 'style' | 'size' | 'variant'>,
  scene: Scene,
  variant: number,
): Promise<boolean> {
  const picture = (drawn: Scene, at: number) =>
    renderScenePage({ ...input, scene: drawn, variant: at, style: 'color', size: COMPARED_AT });
  const drawn = await picture(scene, variant);
  for (const [before, at] of [
    [input.scene, 0],
    [mirroredScene(input.scene), 1],
  ] as const)
    if ((await pictureDifference(drawn, await picture(before, at))) < NEARLY_SAME) return false;
  return true;
}

/** The answers of `clearTurn`, by its input and composition (the oldest forgotten first). */
const turning = new Map<string, Turn>();

/** The variant a stored picture was drawn as, from its key (`pages/3-v2.png`); 0 for a first drawing. */
export function pictureVariant(key: string | undefined): number {
  const match = key ? /-v(\d+)\.[a-z]+$/.exec(key) : null;
  return match ? Number(match[1]) : 0;
}
