import sharp from 'sharp';
import type { ChildLook } from '../../../../shared/domain/child-look';
import type { ToyLook } from '../../../../shared/domain/toy-look';
import type { Scene, SceneChild, SceneToy } from '../../../stories/scene';
import { drawChild, drawToy, type Figure } from '../characters';
import { LIGHTS, type Paint, paintFor, randomFrom, SPACE, tintedSvg } from './paint';
import { panned } from './pan';
import { drawSetting, type SettingArt, type SettingContext, type Spot, sparkles } from './settings';

/**
 * A story page drawn from its scene data (stories/scene.ts) as one vector picture, rasterised once at
 * the size the print asks (2625 px for a page): the setting in the light of its hour, the props the
 * text names, and the drawn child and toy placed, posed and turned as the scene says. The coloring
 * book's page is the same drawing in black outlines on white, stored as a two-colour PNG. Same
 * request, same bytes.
 */

export type ScenePageInput = {
  scene: Scene;
  style: 'color' | 'line';
  /** Width and height in pixels. */
  size: number;
  look: ChildLook;
  /** How the toy is drawn (characters/toy.ts), the same on every page of a book. */
  toy: ToyLook;
  /** A redraw's number: seeds the setting's details differently (0 or absent: the first drawing). */
  variant?: number;
  /**
   * The children beside the lead (issue 35, docs/decisions/030-siblings.md), each with its own toy
   * and its height beside the lead's (1: as tall; an older child a little taller). Absent or empty:
   * the lead alone, drawn exactly as before.
   */
  companions?: readonly SceneCompanion[] | undefined;
};

/** A child beside the lead as a page draws it. */
export type SceneCompanion = { look: ChildLook; toy?: ToyLook | undefined; scale?: number | undefined };

/**
 * How tall a standing child is, in the 1000-unit drawing space: the child is the star, about half the
 * page on a wide view. A close view draws the child a little larger in a setting enlarged around
 * them, so the child fills about 60 % of the page.
 */
const CHILD_HEIGHT = { wide: 540, close: 580 } as const;
/** The toy beside the child: a co-star, about half the child's height. */
const TOY_SCALE = 0.74;
const TOY_IN_BED_SCALE = 0.6;
/** A close view enlarges the whole picture around the characters (or the bed, the bath, the boat). */
const CLOSE_ZOOM = 1.22;
/** Where a close view puts the characters' feet: above the text panel of a page of three lines. */
const CLOSE_FEET_AT = 730;
/**
 * A close view keeps every child's head box this far inside the page's left and right edges (page
 * units, after the zoom): the child at the far end of a cast is never cut by the page edge
 * (scenes/layout-check.ts checks the faces). Where the cast is too wide for that at CLOSE_ZOOM, the
 * view zooms in less, down to the wide view's scale.
 */
const CLOSE_HEAD_MARGIN = 40;
/**
 * Feet on the ground no lower than this on a wide view: the text panel covers the bottom quarter of
 * the page, and the child's face and the toy stay well above it.
 */
const FEET_AT_MOST = 745;

/** The settings that draw the sparkles themselves, around the star. */
const SKY_SETTINGS = new Set(['sky', 'stars', 'moon', 'castle']);

const PLACE_X = { left: 270, centre: 500, right: 730 } as const;

type Point = { x: number; y: number };

/** What placing a figure needs to know of the page. */
type Stage = {
  scene: Scene;
  style: 'color' | 'line';
  p: Paint;
  /** The setting's bed, bath or boat (or a spot in the middle of the ground). */
  nest: Spot;
  mirrored: boolean;
  /**
   * A cast (issue 35) whose lead lies in bed: every child sits deep in the longer bed, side by side,
   * under the blanket, the lead by the pillow (a lying child leaves the others no room).
   */
  tuckedIn: boolean;
  /** How many children the page draws. */
  cast: number;
  /** A cast in the leaf boat (issue 35): its longer boat seats the lead at one end, the toy at the other. */
  crew: boolean;
  /** The child's scale from the figure's own space. */
  k: number;
  /** The step back a crowded cast's page took (CAST_STEPS_BACK; 1: none): seats sink as much less. */
  step: number;
  groundY: number;
  /** The owl and the hedgehog the words name, on the page: no companion stands before them. */
  creatures: readonly Box[];
};

/**
 * A figure placed: its SVG, whether it lies in the nest (drawn inside the setting's own space, so it
 * lies on its pillow whichever side the setting stands) or on the page, and its point the close
 * view centres on.
 */
type PlacedFigure = { svg: string; inside: boolean; at: Point; box: Box };

/** A figure's bounding box, in the space it is drawn in (the setting's when inside the nest). */
type Box = {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  head?: Box;
  /** A toy, or a figure on the ground (drawn in front of the nest): a child in the nest may be behind it. */
  loose?: boolean;
  /** On the ground: drawn over everything in the bed or the bath. */
  ground?: boolean;
};

/** A figure's box and its head's (the hair and the face: what no other figure may cover). */
const boxOf = (figure: Figure, anchor: Point, x: number, y: number, k: number): Box => {
  const x0 = x - anchor.x * k;
  const y0 = y - anchor.y * k;
  const { head } = figure.anchors;
  return {
    x0,
    y0,
    x1: x0 + figure.width * k,
    y1: y0 + figure.height * k,
    head: {
      x0: x0 + (head.x - figure.width * 0.38) * k,
      x1: x0 + (head.x + figure.width * 0.38) * k,
      y0,
      y1: y0 + (head.y + figure.height * 0.12) * k,
    },
  };
};

/** The child placed, with where its arms and hand are on the page (for the toy it holds). */
type PlacedChild = PlacedFigure & { arms: Point; hand: Point };

/** The figure's point `anchor` put at (x, y), scaled by k. */
function place(figure: Figure, anchor: Point, x: number, y: number, k: number): string {
  const tx = x - anchor.x * k;
  const ty = y - anchor.y * k;
  return `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${k.toFixed(4)})">${figure.svg}</g>`;
}

const mapPoint = (point: Point, anchor: Point, x: number, y: number, k: number) => ({
  x: x - anchor.x * k + point.x * k,
  y: y - anchor.y * k + point.y * k,
});

/** Inside the mirrored setting, a figure turned right shows turned left: turn it the other way. */
function facingIn(stage: Stage, facing: 'left' | 'right' | 'front', inside: boolean) {
  if (facing === 'front') return undefined;
  if (!inside || !stage.mirrored) return facing;
  return facing === 'left' ? 'right' : 'left';
}

/** One child lying in the bed: the quilt covers them (settings.ts `coverLyingChild`). */
const underQuilt = (scene: Scene) =>
  scene.child?.place === 'in-bed' && (scene.child.pose === 'lying' || scene.child.pose === 'sleeping');

const inNest = (who: SceneChild | SceneToy | undefined) =>
  who !== undefined &&
  (who.place === 'in-bed' || who.place === 'in-bath' || who.place === 'in-boat' || who.place === 'on-pillow');

/** A point of the setting's own space on the page. */
const toPage = (stage: Stage, x: number) => (stage.mirrored ? SPACE - x : x);

/** A soft shadow under a figure standing on the ground (colour only: line art keeps clean regions). */
const shadow = (p: Paint, x: number, y: number, rx: number) =>
  p.line
    ? ''
    : `<ellipse cx="${x.toFixed(1)}" cy="${(y + 4).toFixed(1)}" rx="${rx.toFixed(1)}" ry="${(rx * 0.2).toFixed(1)}" fill="#1d1845" fill-opacity="0.18"/>`;

/** The SVG of a page in the 1000-unit drawing space, `size` pixels wide. */
export function sceneSvg(input: ScenePageInput): string {
  const { scene, style } = input;
  const p = paintFor(style === 'line');
  const cast = scene.child && input.companions?.length ? 1 + Math.min(2, input.companions.length) : 1;
  const art = drawSetting(scene, p, input.variant, cast);
  const lying = scene.child?.pose === 'lying' || scene.child?.pose === 'sleeping';
  const stage: Stage = {
    scene,
    style,
    p,
    nest: art.nest ?? { x: 500, y: art.ground, width: 360 },
    mirrored: scene.side === 'right',
    tuckedIn: cast > 1 && lying && scene.child?.place === 'in-bed' && art.nest !== undefined,
    cast,
    crew: cast > 1 && scene.child?.place === 'in-boat',
    k: CHILD_HEIGHT[scene.view] / 640,
    step: 1,
    groundY: Math.min(art.ground, FEET_AT_MOST),
    creatures: (art.creatures ?? []).map((area) => (scene.side === 'right' ? mirrorBox(area) : area)),
  };

  // A cast with no free spot for a companion at its size (issue 35: three children on a close
  // page): the camera steps back, every figure a step smaller, until each child has its own room.
  // One child, and a cast with room, are drawn as before.
  let figures = drawFigures(stage, input);
  for (const step of figures.crowding > 0 ? CAST_STEPS_BACK : []) {
    const again = drawFigures({ ...stage, k: stage.k * step, step }, input);
    if (again.crowding < figures.crowding) figures = again;
    if (again.crowding === 0) break;
  }
  const { nested, ground, glows, focus, heads, child } = figures;

  let body = layers(stage, art, tuckedInClip(stage, nested.join(''), art.nestClip), ground.join(''), glows);
  if (scene.view === 'close') {
    // In the bed, the bath or the boat: the whole nest stays in the picture.
    const nestFocus = child?.inside ? { x: toPage(stage, stage.nest.x), y: stage.nest.y } : undefined;
    body = closeUp(body, nestFocus, focus, stage.groundY, heads);
  }
  // A redraw's composition may shift the camera sideways (scenes/variant.ts).
  if (scene.pan) body = panned(body, scene.pan);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${input.size}" height="${input.size}" viewBox="0 0 ${SPACE} ${SPACE}"><rect width="${SPACE}" height="${SPACE}" fill="#fff"/>${body}</svg>`;
}

/** The steps back a crowded cast's page takes (sceneSvg): every figure drawn this much smaller. */
const CAST_STEPS_BACK = [0.9, 0.8, 0.72] as const;

/**
 * Every figure of the page placed: the lead, its toy and the companions, in the nest or on the
 * ground, with the points a close view frames; `crowding` is how far the most crowded companion
 * overlaps the others where it found no free spot (0 when every one has its room).
 */
function drawFigures(stage: Stage, input: ScenePageInput) {
  const { scene } = stage;
  let crowding = 0;
  const nested: string[] = [];
  const ground: string[] = [];
  /** The toy's magic glow, drawn with the setting's glows behind the figures. */
  const glows = { nested: '', ground: '' };
  const focus: Point[] = [];
  // Every child's head on the page: a close view keeps them all inside it.
  const heads: Box[] = [];
  const add = (figure: PlacedFigure, child = false) => {
    (figure.inside ? nested : ground).push(figure.svg);
    focus.push({ x: figure.inside ? toPage(stage, figure.at.x) : figure.at.x, y: figure.at.y });
    const head = pageBox(stage, figure).head;
    if (child && head) heads.push(head);
  };
  // Tucked in, the lead sits in the bed like the others (a book of one child is drawn as before).
  const lead = scene.child && stage.tuckedIn ? { ...scene.child, pose: 'sitting' as const } : scene.child;
  const child = lead ? placeChild(stage, lead, input.look) : undefined;
  if (child) add(child, true);
  let toy: PlacedFigure | undefined;
  if (scene.toy) {
    toy = placeToy(stage, scene.toy, input.toy, child);
    add(toy);
    // Indoors the sparkles are the toy's magic ("opens two bright eyes"): around the toy itself.
    if (scene.props.includes('sparkles') && !SKY_SETTINGS.has(scene.setting)) {
      const magic = toyMagic(stage, toy.at);
      (toy.inside ? nested : ground).push(magic.sparkles);
      glows[toy.inside ? 'nested' : 'ground'] += magic.glow;
    }
  }
  if (lead && child && input.companions?.length) {
    // The lead's toy, or anything on the ground, may stand before or between children in the bed
    // or the bath (issue 35): only their faces must stay clear of it.
    const taken = [child, toy]
      .filter((figure) => figure !== undefined)
      .map((figure) => ({
        ...pageBox(stage, figure),
        loose: figure === toy || !figure.inside,
        ground: !figure.inside,
      }));
    // A redraw's other order (castOrder): the companions placed the other way round, each keeping
    // its labels (child-2, face-2…), so a redraw is measured against the first drawing part by part.
    const companions = input.companions.slice(0, 2).map((companion, index) => ({ companion, n: index + 2 }));
    if (scene.castOrder === 'reversed') companions.reverse();
    const placeCast = (atMost: readonly (number | undefined)[]) => {
      const around = [...taken];
      return companions.map(({ companion, n }, index) => {
        const placed = placeCompanion(stage, lead, companion, n, around, child, atMost[index]);
        around.push({ ...pageBox(stage, placed), loose: !placed.inside, ground: !placed.inside });
        return placed;
      });
    };
    // Sizes follow age (issue 35: an older sister never smaller than her little brother): where the
    // page is too full for an older companion at its size, the younger one steps back too, a step at
    // a time, until the older one, placed again, is as large beside it as their ages say.
    let placed = placeCast([]);
    const younger = tooLargeForAge(placed);
    for (const shrink of younger.length ? AGE_STEPS : []) {
      const again = placeCast(
        placed.map((figure, at) => (younger.includes(at) ? figure.ageK * shrink : undefined)),
      );
      placed = again;
      if (tooLargeForAge(again).length === 0) break;
    }
    for (const figure of placed) add(figure, true);
    crowding = Math.max(0, ...placed.map((figure) => figure.crowding));
  }

  return { nested, ground, glows, focus, heads, child, crowding };
}

/** The child lying in the nest, sitting up in it, or standing on the ground at its place. */
function placeChild(stage: Stage, c: SceneChild, look: ChildLook): PlacedChild {
  const { nest, k, groundY } = stage;
  const inside = inNest(c);
  const figure = drawChild({
    look,
    pose: c.pose,
    expression: c.expression,
    style: stage.style,
    facing: c.pose === 'lying' || c.pose === 'sleeping' ? undefined : facingIn(stage, c.facing, inside),
    mirrored: inside && stage.mirrored,
    outfit: c.outfit,
  });
  if (inside && (c.pose === 'lying' || c.pose === 'sleeping')) {
    // Head on the pillow, the body under the blanket.
    const kl = (nest.width * 0.95) / figure.width;
    const x = nest.x - nest.width * 0.24;
    const arms = mapPoint(figure.anchors.arms, figure.anchors.head, x, nest.y - 45, kl);
    return {
      svg: place(figure, figure.anchors.head, x, nest.y - 45, kl),
      box: boxOf(figure, figure.anchors.head, x, nest.y - 45, kl),
      inside,
      at: { x, y: nest.y },
      arms,
      hand: arms,
    };
  }
  if (inside) {
    // Sitting up (or hugging) in the bed, the bath or the boat: the lower body behind its front.
    const sink = stage.tuckedIn ? tuckedInSink(stage, figure, k) : nestSink(stage, c);
    const x =
      c.place === 'in-boat'
        ? // A cast's longer boat: the lead at one end, the others along it, the toy at the prow.
          nest.x + nest.width * (stage.crew ? (stage.scene.castOrder === 'reversed' ? 0.32 : -0.32) : -0.18)
        : stage.tuckedIn
          ? // By the pillow; in a redraw's other order (castOrder), towards the foot of the bed.
            nest.x + nest.width * (stage.scene.castOrder === 'reversed' ? 0.1 : -0.32)
          : stage.scene.toy?.place === 'on-pillow'
            ? // The toy has hopped onto the pillow: the child sits further along the bed.
              nest.x + nest.width * 0.12
            : nest.x - 20;
    const y = nest.y + sink;
    return {
      svg: place(figure, figure.anchors.ground, x, y, k),
      box: boxOf(figure, figure.anchors.ground, x, y, k),
      inside,
      at: { x, y: y - 150 },
      arms: mapPoint(figure.anchors.arms, figure.anchors.ground, x, y, k),
      hand: mapPoint(figure.anchors.hand, figure.anchors.ground, x, y, k),
    };
  }
  const x = clearOfCreatures(stage, figure, PLACE_X[c.place as keyof typeof PLACE_X] ?? 500, groundY, k);
  return {
    svg: shadow(stage.p, x, groundY, 150 * k * 1.6) + place(figure, figure.anchors.ground, x, groundY, k),
    box: boxOf(figure, figure.anchors.ground, x, groundY, k),
    inside,
    at: { x, y: groundY - 150 },
    arms: mapPoint(figure.anchors.arms, figure.anchors.ground, x, groundY, k),
    hand: mapPoint(figure.anchors.hand, figure.anchors.ground, x, groundY, k),
  };
}

/**
 * The child's place on the ground moved sideways, a step at a time up to MAX_STEP_ASIDE (towards
 * the middle first), until it stands before none of the owl and the hedgehog the words name; where
 * no step clears them, where it stood. Every story's first drawing is clear already (index.test.ts), so only
 * a redraw's composition moves (birthday p16, guardian-friend p15: the child walked before the owl).
 */
function clearOfCreatures(stage: Stage, figure: Figure, x: number, y: number, k: number): number {
  // The body's middle below the head (as `creatureCovered` counts a body), and the head's box with
  // its hair (wide enough for a raised hand): a little of it may pass before the owl, as in a
  // story's first drawings.
  const covers = (at: number) => {
    const box = boxOf(figure, figure.anchors.ground, at, y, k);
    const below = { ...box, y0: box.head?.y1 ?? box.y0 };
    return Math.max(
      0,
      ...stage.creatures.map((area) => {
        const head = box.head ? shareIn(area, box.head) : 0;
        const inset = (below.x1 - below.x0) * 0.2;
        const body = shareIn(area, { ...below, x0: below.x0 + inset, x1: below.x1 - inset });
        return Math.max(body > 0.2 ? 1 + body : 0, head > 0.25 ? 1 + head : 0);
      }),
    );
  };
  if (covers(x) === 0) return x;
  for (let step = 10; step <= MAX_STEP_ASIDE; step += 10)
    for (const at of [x + (x < 500 ? step : -step), x + (x < 500 ? -step : step)])
      if (covers(at) === 0) return at;
  return x;
}

/** How far a child steps aside from the owl or the hedgehog (clearOfCreatures), in page units. */
const MAX_STEP_ASIDE = 160;

/** The toy in the child's arms, hand in hand, in the nest, or on the ground beside the child. */
function placeToy(stage: Stage, t: SceneToy, look: ToyLook, child: PlacedChild | undefined): PlacedFigure {
  const { scene, nest, k, groundY } = stage;
  const held = t.place === 'held';
  const inside = held ? (child?.inside ?? false) : inNest(t);
  const figure = drawToy({
    look,
    // At the foot of a cast's bed the toy sits up (lying, it would take a child's place).
    pose: stage.tuckedIn && t.pose === 'sleeping' && inside ? 'sitting' : t.pose,
    style: stage.style,
    facing: facingIn(stage, t.facing, inside),
  });
  // In the bed beside a lying child, the toy is a plush on the pillow, smaller than the child.
  const kt = k * ((t.place === 'in-bed' || t.place === 'on-pillow') && !held ? TOY_IN_BED_SCALE : TOY_SCALE);
  if (held && child) {
    return {
      svg: place(figure, figure.anchors.arms, child.arms.x, child.arms.y, kt),
      box: boxOf(figure, figure.anchors.arms, child.arms.x, child.arms.y, kt),
      inside,
      at: child.arms,
    };
  }
  if (scene.child?.pose === 'holding-hand' && child && !inside) {
    // Hand in hand: the toy's paw in the child's hand.
    return {
      svg: place(figure, figure.anchors.hand, child.hand.x, child.hand.y, kt),
      box: boxOf(figure, figure.anchors.hand, child.hand.x, child.hand.y, kt),
      inside,
      at: child.hand,
    };
  }
  if (inside) {
    const spot =
      t.place === 'in-bed'
        ? stage.tuckedIn
          ? // A cast tucked in fills the bed (issue 35): the toy at its foot, watching over them all.
            footOfBed(stage, figure, kt)
          : t.pose === 'guarding' || (underQuilt(scene) && t.pose !== 'sleeping')
            ? // Sitting up at the foot of the bed, watching over the child: in the picture on a close view
              // too; beside a child under the quilt, the toy peeks over it there (settings.ts coverLyingChild).
              { x: nest.x + nest.width * 0.3, y: nest.y + (t.pose === 'peeking' ? -95 : 25) }
            : t.pose === 'sleeping'
              ? underQuilt(scene)
                ? // Tucked in beside the child, its head on the quilt's edge by the child's arm.
                  { x: nest.x + 90, y: nest.y - 20 }
                : { x: nest.x + 30, y: nest.y + 20 }
              : { x: nest.x + 130, y: nest.y + 40 }
        : t.place === 'on-pillow'
          ? // Standing on the pillow, its feet sunk a little into it.
            (nest.pillow ?? { x: nest.x - nest.width * 0.3, y: nest.y - 50 })
          : t.place === 'in-boat'
            ? {
                x:
                  nest.x +
                  nest.width * (stage.crew ? (stage.scene.castOrder === 'reversed' ? -0.4 : 0.4) : 0.24),
                y: nest.y + 40,
              }
            : { x: nest.x + 140, y: nest.y + 60 };
    return {
      svg: place(figure, figure.anchors.ground, spot.x, spot.y, kt),
      box: boxOf(figure, figure.anchors.ground, spot.x, spot.y, kt),
      inside,
      at: spot,
    };
  }
  let x: number = PLACE_X[t.place as keyof typeof PLACE_X] ?? 500;
  // Never on top of the child: step aside towards the middle of the page.
  const childX =
    scene.child && !child?.inside ? (PLACE_X[scene.child.place as keyof typeof PLACE_X] ?? 500) : -1000;
  if (Math.abs(x - childX) < 140) x = childX + (childX > 500 ? -170 : 170);
  const lift = t.pose === 'flying' ? 200 : 0;
  return {
    svg:
      shadow(stage.p, x, groundY, (lift ? 70 : 110) * k * 1.6) +
      place(figure, figure.anchors.ground, x, groundY - lift, kt),
    box: boxOf(figure, figure.anchors.ground, x, groundY - lift, kt),
    inside,
    at: { x, y: groundY - lift - 80 },
  };
}

/** A figure's box on the page (a nested figure's box turned with the mirrored setting). */
function pageBox(stage: Stage, figure: PlacedFigure): Box {
  const { box } = figure;
  if (!figure.inside || !stage.mirrored) return box;
  return mirrorBox(box);
}

const mirrorBox = (box: Box): Box => ({
  x0: SPACE - box.x1,
  y0: box.y0,
  x1: SPACE - box.x0,
  y1: box.y1,
  ...(box.head ? { head: mirrorBox(box.head) } : {}),
});

/** The share of `a` inside `b`. */
function shareIn(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w <= 0 || h <= 0 ? 0 : (w * h) / ((a.x1 - a.x0) * (a.y1 - a.y0));
}

/**
 * How much two figures' bodies overlap, as a share of the smaller one: the middle 60 % of each box
 * (a figure's box has room for its arms and hair on either side).
 */
function overlap(a: Box, b: Box, headsOnly = false): number {
  const core = (box: Box) => {
    const inset = (box.x1 - box.x0) * 0.2;
    return { x0: box.x0 + inset, x1: box.x1 - inset, y0: box.y0, y1: box.y1 };
  };
  const [p, q] = [core(a), core(b)];
  // A head under the other figure (its hair, its arms) counts whole: every face shows.
  // Heads only, against a figure on the ground: it is drawn in front, so only `a`'s head must be clear.
  const theirs = headsOnly && b.ground ? 0 : b.head ? shareIn(b.head, p) : 0;
  const heads = Math.max(a.head ? shareIn(a.head, q) : 0, theirs);
  if (heads > 0.02) return 1 + heads;
  if (headsOnly) return 0;
  const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  const h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  if (w <= 0 || h <= 0) return 0;
  const area = (box: Box) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return (w * h) / Math.min(area(p), area(q));
}

/**
 * How much of the owl or the hedgehog a figure before it covers (the middle 60 % of its box, as
 * `overlap` counts a body): past a tenth it counts like a covered head, so the spot is not free.
 */
function creatureCovered(figure: Box, area: Box): number {
  const inset = (figure.x1 - figure.x0) * 0.2;
  const share = shareIn(area, { x0: figure.x0 + inset, x1: figure.x1 - inset, y0: figure.y0, y1: figure.y1 });
  return share > 0.1 ? 1 + share : 0;
}

/** The most two figures' bodies may overlap: one a little in front of the other, both whole. */
const MAX_OVERLAP = 0.05;

/** How far a close view centred on the nest moves the picture sideways (closeUp at CLOSE_ZOOM). */
const nestCloseShift = (stage: Stage) =>
  Math.min(0, Math.max(SPACE - CLOSE_ZOOM * SPACE, 500 - toPage(stage, stage.nest.x) * CLOSE_ZOOM));

/**
 * The toy at the foot of a cast's bed (issue 35), moved along the bed just enough for the toy itself
 * (the middle of its box, which has room for its arms) to stay CLOSE_HEAD_MARGIN inside a close
 * view's picture, as the children's heads do: the longer bed of three reaches past the window.
 */
function footOfBed(stage: Stage, figure: Figure, k: number): Point {
  const spot = { x: stage.nest.x + stage.nest.width * 0.42, y: stage.nest.y + 25 };
  if (stage.scene.view !== 'close') return spot;
  const tx = nestCloseShift(stage);
  const [lo, hi] = [(CLOSE_HEAD_MARGIN - tx) / CLOSE_ZOOM, (SPACE - CLOSE_HEAD_MARGIN - tx) / CLOSE_ZOOM];
  const box = boxOf(figure, figure.anchors.ground, spot.x, spot.y, k);
  const onPage = stage.mirrored ? mirrorBox(box) : box;
  const inset = (onPage.x1 - onPage.x0) * 0.2;
  const inward = Math.max(0, lo - (onPage.x0 + inset)) - Math.max(0, onPage.x1 - inset - hi);
  return { x: spot.x + (stage.mirrored ? -inward : inward), y: spot.y };
}

/** How deep a child sits in the nest: tucked in, the blanket up to the chest. */
function nestSink(stage: Stage, c: SceneChild): number {
  if (stage.tuckedIn) return TUCKED_IN_SINK;
  return (
    (c.place === 'in-bed' ? (c.pose === 'sitting' ? 60 : 110) : c.place === 'in-bath' ? 60 : 70) * stage.step
  );
}

/** A cast tucked in bed: the seat under the blanket, so the blanket reaches the children's chests. */
const TUCKED_IN_SINK = 120;

/** The foot of the quilt over a cast's bed (settings.ts `bedroom`): what sits lower is under the bed. */
const QUILT_FOOT_Y = 745;

/**
 * A cast sunk to the nose under the quilt (tuckedInSink) sits lower than the bed is deep: what
 * would show below the quilt's foot (legs, a held toy) is cut there, inside the bed.
 */
function tuckedInClip(stage: Stage, nested: string, nestClip: string | undefined): string {
  if (!nested) return nested;
  // A cast's leaf boat: what would show under its hull (settings.ts `nestClip`).
  if (nestClip)
    return `<clipPath id="in-nest">${nestClip}</clipPath><g clip-path="url(#in-nest)">${nested}</g>`;
  if (!stage.tuckedIn || !stage.scene.props.includes('blanket-up')) return nested;
  return `<clipPath id="tucked-in"><rect x="-${SPACE}" y="-${SPACE}" width="${3 * SPACE}" height="${SPACE + QUILT_FOOT_Y}"/></clipPath><g clip-path="url(#tucked-in)">${nested}</g>`;
}

/** Where a sitting child's nose is, in the figure's own units (its head's middle is at y 165). */
const NOSE_Y = 205;
/** Where the quilt crosses a sitting child tucked in to the chest (the lead's, at TUCKED_IN_SINK). */
const CHEST_Y = 357;

/**
 * How deep a child of a cast tucked in sits (issue 35): so deep that the quilt's edge (at the nest's
 * height) crosses each child's chest whatever their size, or their nose where the words pull the
 * blanket up to it (`blanket-up`: the whole cast does it).
 */
function tuckedInSink(stage: Stage, figure: Figure, k: number): number {
  const feet = figure.anchors.ground.y;
  if (stage.scene.props.includes('blanket-up')) return Math.max(TUCKED_IN_SINK, (feet - NOSE_Y) * k);
  // A smaller child sits higher: the quilt reaches its chest as it does the lead's, not its chin.
  return Math.min(TUCKED_IN_SINK, (feet - CHEST_Y) * k);
}

/** Where the lead's feet (or seat) are in the nest, as placeChild puts them. */
function leadFeet(stage: Stage, lead: SceneChild): number {
  return stage.nest.y + nestSink(stage, lead);
}

/** A companion's group of classes (child-2, face-2, toy-2): the layout check finds each child. */
const relabel = (svg: string, n: number) =>
  svg.replace(/class="(child|face|toy)"/g, (_, what: string) => `class="${what}-${n}"`);

/**
 * A child beside the lead (issue 35): in the bed, the bath or the boat beside the lead when there is
 * room, else standing (or sitting, when the lead lies or sits) on the ground beside it, turned to the
 * lead, in the lead's outfit, with its own toy in its arms. The first place where it overlaps no
 * one is taken, nearest the lead first.
 */
function placeCompanion(
  stage: Stage,
  lead: SceneChild,
  companion: SceneCompanion,
  n: number,
  taken: Box[],
  leadFigure: PlacedChild,
  atMost?: number,
): PlacedCompanion {
  const { nest, groundY } = stage;
  // An older child a little taller, never so tall that a text panel at the top reaches them; no
  // larger than `atMost` beside an older companion drawn a step smaller (tooLargeForAge).
  const ageK = stage.k * Math.min(1.06, Math.max(0.8, companion.scale ?? 1));
  const k0 = Math.min(atMost ?? Number.POSITIVE_INFINITY, ageK);
  const leadX = leadFigure.inside ? toPage(stage, leadFigure.at.x) : leadFigure.at.x;
  const close = stage.scene.view === 'close';
  let [lo, hi] = close ? [170, 830] : [80, 920];
  // Where the companion's head must stay on the page (its box on the page, before a close view's zoom).
  let view = { lo: CLOSE_HEAD_MARGIN, hi: SPACE - CLOSE_HEAD_MARGIN };
  if (close && leadFigure.inside) {
    // The close view centres the nest (closeUp): only what its window shows is in the picture.
    const tx = nestCloseShift(stage);
    lo = Math.max(lo, -tx / CLOSE_ZOOM + 110);
    hi = Math.min(hi, (SPACE - tx) / CLOSE_ZOOM - 110);
    view = { lo: (CLOSE_HEAD_MARGIN - tx) / CLOSE_ZOOM, hi: (SPACE - CLOSE_HEAD_MARGIN - tx) / CLOSE_ZOOM };
  }
  type Candidate = { x: number; y: number; inside: boolean; pose: SceneChild['pose'] };
  const candidates: Candidate[] = [];
  const insideLead = inNest(lead);
  // In the bed or the bath the words put every child in it (issue 35): a place in it at any size first.
  const together =
    insideLead && (lead.place === 'in-bed' || lead.place === 'in-bath' || lead.place === 'in-boat');
  const sitting = lead.pose === 'sitting' || lead.pose === 'lying' || lead.pose === 'sleeping';
  // Beside a lying child there is no room in the bed: the others sit up on it only beside one sitting.
  if (insideLead && lead.pose !== 'lying' && lead.pose !== 'sleeping') {
    const sink = stage.tuckedIn
      ? TUCKED_IN_SINK
      : (lead.place === 'in-bed' ? 60 : lead.place === 'in-bath' ? 60 : 70) * stage.step;
    const shares = together ? [] : [0.3, -0.3, 0.1, -0.1, 0.45];
    for (const share of shares) {
      candidates.push({ x: nest.x + nest.width * share, y: nest.y + sink, inside: true, pose: 'sitting' });
    }
    if (together) {
      // A cast's longer bed or tub (issue 35): every spot along it, nearest the lead first.
      const leadAt = toPage(stage, leadFigure.at.x);
      const along: number[] = [];
      for (let share = -0.44; share <= 0.44; share += 0.04) along.push(nest.x + nest.width * share);
      along.sort((a, b) => Math.abs(toPage(stage, a) - leadAt) - Math.abs(toPage(stage, b) - leadAt));
      for (const x of along) {
        if (Math.abs(toPage(stage, x) - leadAt) >= 150)
          candidates.push({ x, y: nest.y + sink, inside: true, pose: 'sitting' });
      }
    }
  }
  const standing: SceneChild['pose'] = companion.toy
    ? 'hugging'
    : lead.pose === 'walking' || lead.pose === 'waving' || lead.pose === 'sitting'
      ? lead.pose
      : insideLead && sitting
        ? 'sitting'
        : 'standing';
  // Beside the bed, the bath or the boat, feet no lower than the lead's: the text panel stays clear.
  const floorY = insideLead ? Math.min(groundY, leadFeet(stage, lead)) : groundY;
  // Every spot of the ground from the lead outwards, a step of 20 at a time.
  const spots: number[] = [];
  for (let x = lo; x <= hi; x += 20) spots.push(x);
  // A lone companion in a redraw's other order (castOrder) goes to the lead's other side first.
  const otherSideFirst = stage.scene.castOrder === 'reversed' && stage.cast === 2;
  spots.sort((a, b) => Math.abs(a - leadX) - Math.abs(b - leadX) || (otherSideFirst ? b - a : a - b));
  for (const x of spots) {
    if (Math.abs(x - leadX) >= 120) candidates.push({ x, y: floorY, inside: false, pose: standing });
  }
  if (candidates.length === 0) candidates.push({ x: leadX, y: floorY, inside: false, pose: standing });

  const build = (spot: Candidate, shrink: number) => {
    const kc = k0 * shrink;
    const pageX = spot.inside ? toPage(stage, spot.x) : spot.x;
    const facing: 'left' | 'right' = pageX > leadX ? 'left' : 'right';
    const pose = companion.toy && spot.pose === 'standing' ? 'hugging' : spot.pose;
    const figure = drawChild({
      look: companion.look,
      pose,
      expression: lead.expression,
      style: stage.style,
      facing: facingIn(stage, facing, spot.inside),
      mirrored: spot.inside && stage.mirrored,
      // In the bath's water only in the bath; beside it, dressed for the evening.
      outfit: lead.outfit === 'bath' && !spot.inside ? 'pyjamas' : lead.outfit,
    });
    // Tucked in, each child as deep as the words pull the blanket up (tuckedInSink).
    const candidate =
      spot.inside && stage.tuckedIn ? { ...spot, y: nest.y + tuckedInSink(stage, figure, kc) } : spot;
    const anchor = figure.anchors.ground;
    const box = boxOf(figure, anchor, candidate.x, candidate.y, kc);
    const onPage = candidate.inside && stage.mirrored ? mirrorBox(box) : box;
    // A head beyond the page's edge (or the close view's window) is worse than any overlap.
    const beyond = onPage.head
      ? Math.max(0, view.lo - onPage.head.x0) + Math.max(0, onPage.head.x1 - view.hi)
      : 0;
    const worst = Math.max(
      beyond > 0 ? 1 + beyond / 100 : 0,
      ...taken.map((other) => overlap(onPage, other, together && candidate.inside && other.loose === true)),
      ...stage.creatures.map((area) => creatureCovered(onPage, area)),
    );
    return { candidate, figure, box, worst, facing, pose, kc };
  };
  // Where no spot is free, the companion a little smaller (a step back), then the least crowded spot.
  const rounds = together ? [candidates.filter((candidate) => candidate.inside), candidates] : [candidates];
  let best: ReturnType<typeof build> | undefined;
  const shrinks = (round: Candidate[]) =>
    together && round !== candidates ? [1, 0.9, 0.8, 0.7, 0.62] : [1, 0.9, 0.8, 0.7];
  search: for (const [round, shrink] of rounds.flatMap((round) =>
    shrinks(round).map((shrink) => [round, shrink] as const),
  )) {
    for (const candidate of round) {
      const built = build(candidate, shrink);
      if (!best || built.worst < best.worst - 0.01) best = built;
      // In the bed, the bath or the boat only the top of a child shows: no overlap at all there.
      if (built.worst <= (candidate.inside ? 0.005 : MAX_OVERLAP)) {
        best = built;
        break search;
      }
    }
  }
  const { candidate, figure, box, kc } = best!;
  let svg = place(figure, figure.anchors.ground, candidate.x, candidate.y, kc);
  if (companion.toy) {
    const arms = mapPoint(figure.anchors.arms, figure.anchors.ground, candidate.x, candidate.y, kc);
    const toyFigure = drawToy({
      look: companion.toy,
      pose: 'held',
      style: stage.style,
      facing: facingIn(stage, best!.facing, candidate.inside),
    });
    svg += place(toyFigure, toyFigure.anchors.arms, arms.x, arms.y, kc * TOY_SCALE);
  }
  const shade = candidate.inside ? '' : shadow(stage.p, candidate.x, candidate.y, 150 * kc * 1.6);
  return {
    svg: shade + relabel(svg, n),
    inside: candidate.inside,
    at: { x: candidate.x, y: candidate.y - 150 },
    box,
    k: kc,
    ageK,
    crowding: crowdingOf(best!.worst, candidate.inside, together),
  };
}

/**
 * How crowded a companion's spot is (0: it has its room): past what a free spot allows (in the nest
 * no overlap, on the ground MAX_OVERLAP), or outside the bed, the bath or the boat the words put it in.
 */
function crowdingOf(worst: number, inside: boolean, together: boolean): number {
  if (worst > (inside ? 0.005 : MAX_OVERLAP)) return worst;
  return together && !inside ? 1 : 0;
}

/** A companion placed, with the scale it is drawn at and the one its age asks for. */
type PlacedCompanion = PlacedFigure & { k: number; ageK: number; crowding: number };

/** The steps a younger companion is drawn smaller by beside an older one the page made smaller. */
const AGE_STEPS = [0.9, 0.8, 0.7, 0.62] as const;

/**
 * The companions drawn larger than an older one's size allows (its size times the ratio of their
 * ages' heights), by their place in the list: none when sizes follow age.
 */
function tooLargeForAge(placed: readonly PlacedCompanion[]): number[] {
  return placed.flatMap((younger, at) =>
    placed.some(
      (older) => older.ageK > younger.ageK && younger.k > (older.k * younger.ageK) / older.ageK + 1e-6,
    )
      ? [at]
      : [],
  );
}

/** A glow and sparkles around the toy at `at`: the glow goes behind the figures, the sparkles over them. */
function toyMagic(stage: Stage, at: Point): { glow: string; sparkles: string } {
  const { scene, p } = stage;
  const c: SettingContext = {
    scene,
    light: LIGHTS[scene.time],
    p,
    has: (prop) => scene.props.includes(prop),
    rand: randomFrom('sparkles'),
  };
  return {
    glow: p.colourOnly(
      `<circle cx="${at.x.toFixed(1)}" cy="${(at.y - 40).toFixed(1)}" r="150" fill="#fff3b0" fill-opacity="0.22"/>`,
    ),
    sparkles: sparkles(c, at.x, at.y - 60, 140),
  };
}

/**
 * The setting (mirrored when it stands on the right) around the nested figures, then the figures on
 * the ground, in the hour's tint, with the setting's glows.
 *
 * In colour the glows light the room behind the figures, never the figures (issue 31: a halo over a
 * child made them look see-through): the setting's back, the tint over it, the glows, then the
 * figures and what stands in front of them in the tinted colours (`tintedSvg`), so they look as they
 * did under the wash. Masking the glows with the figures' outline cost librsvg ~300 ms a page; this
 * costs nothing. Line art has no tint and its glows (the fireflies' rings) stay over everything.
 */
function layers(
  stage: Stage,
  art: SettingArt,
  nested: string,
  ground: string,
  glows: { nested: string; ground: string },
): string {
  const wrap = (svg: string) =>
    stage.mirrored ? `<g transform="translate(${SPACE} 0) scale(-1 1)">${svg}</g>` : svg;
  if (stage.p.line)
    return wrap(art.back + nested + art.front + (art.onFront ?? '')) + ground + wrap(art.glow);
  const tint = LIGHTS[stage.scene.time].tint;
  const lit = (svg: string) => tintedSvg(svg, tint);
  return (
    wrap(art.back) +
    (tint.opacity === 0
      ? ''
      : `<rect x="-10" y="-10" width="${SPACE + 20}" height="${SPACE + 20}" fill="${tint.colour}" fill-opacity="${tint.opacity}"/>`) +
    wrap(art.glow + lit(glows.nested)) +
    lit(glows.ground) +
    wrap(lit(nested + art.front + (art.onFront ?? ''))) +
    lit(ground)
  );
}

/**
 * A close view: the picture enlarged around the nest, or around the characters, every child's head
 * kept inside the page (CLOSE_HEAD_MARGIN); a cast too wide for that is enlarged less.
 */
function closeUp(
  body: string,
  nestFocus: Point | undefined,
  focus: Point[],
  groundY: number,
  heads: readonly Box[],
): string {
  const frame = (zoom: number) => {
    const clampX = (value: number) => Math.min(0, Math.max(SPACE - zoom * SPACE, value));
    let tx: number;
    let ty: number;
    if (nestFocus) {
      // In the bed, the bath or the boat: the whole nest stays in the picture, centred, never cut.
      tx = clampX(500 - nestFocus.x * zoom);
      ty = clampX(600 - nestFocus.y * zoom);
    } else {
      const fx = focus.length ? focus.reduce((sum, point) => sum + point.x, 0) / focus.length : 500;
      // The characters' middle moves most of the way towards the page's middle; their feet land just
      // above the text panel's usual place (its top is at about 740 for three lines), so the faces sit
      // in the upper middle of the page (scenes/layout-check.ts measures it).
      tx = clampX(500 + (fx - 500) * 0.35 - fx * zoom);
      ty = clampX(CLOSE_FEET_AT - groundY * zoom);
    }
    if (heads.length === 0) return { tx, ty, fits: true };
    // The framing moved (never past the picture's own edges) just enough to bring every head inside.
    const left = Math.min(...heads.map((head) => head.x0)) * zoom;
    const right = Math.max(...heads.map((head) => head.x1)) * zoom;
    const inside = (x: number) => x + left >= CLOSE_HEAD_MARGIN && x + right <= SPACE - CLOSE_HEAD_MARGIN;
    if (!inside(tx)) {
      const moved = clampX(
        Math.min(SPACE - CLOSE_HEAD_MARGIN - right, Math.max(CLOSE_HEAD_MARGIN - left, tx)),
      );
      if (inside(moved)) tx = moved;
      else return { tx, ty, fits: false };
    }
    return { tx, ty, fits: true };
  };
  let zoom = CLOSE_ZOOM;
  let framed = frame(zoom);
  while (!framed.fits && zoom > 1) {
    zoom = Math.max(1, zoom - 0.02);
    framed = frame(zoom);
  }
  const { tx, ty } = framed;
  return `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${zoom === CLOSE_ZOOM ? CLOSE_ZOOM : zoom.toFixed(2)})">${body}</g>`;
}

/** The page as a PNG: colour, or two-colour black-and-white line art without grey fringes. */
export async function renderScenePage(input: ScenePageInput): Promise<Buffer> {
  const svg = Buffer.from(sceneSvg(input));
  const image = sharp(svg, { limitInputPixels: false }).flatten({ background: '#ffffff' });
  if (input.style === 'line') {
    return image.greyscale().threshold(150).png({ palette: true, colours: 2, effort: 1 }).toBuffer();
  }
  return image.png({ compressionLevel: 6 }).toBuffer();
}
