import sharp from 'sharp';
import type { ChildLook } from '../../../../shared/domain/child-look';
import type { ToyLook } from '../../../../shared/domain/toy-look';
import type { Scene, SceneChild, SceneToy } from '../../../stories/scene';
import { drawChild, drawToy, type Figure } from '../characters';
import { LIGHTS, paintFor, randomFrom, SPACE } from './paint';
import { drawSetting, type SettingContext, type Spot, sparkles } from './settings';

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
};

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
 * Feet on the ground no lower than this on a wide view: the text panel covers the bottom quarter of
 * the page, and the child's face and the toy stay well above it.
 */
const FEET_AT_MOST = 745;

/** The settings that draw the sparkles themselves, around the star. */
const SKY_SETTINGS = new Set(['sky', 'stars', 'moon', 'castle']);

const PLACE_X = { left: 270, centre: 500, right: 730 } as const;

type Placed = { svg: string; x: number; y: number };

/** The figure's point `anchor` put at (x, y), scaled by k. */
function place(figure: Figure, anchor: { x: number; y: number }, x: number, y: number, k: number): string {
  const tx = x - anchor.x * k;
  const ty = y - anchor.y * k;
  return `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${k.toFixed(4)})">${figure.svg}</g>`;
}

const mapPoint = (
  point: { x: number; y: number },
  anchor: { x: number; y: number },
  x: number,
  y: number,
  k: number,
) => ({
  x: x - anchor.x * k + point.x * k,
  y: y - anchor.y * k + point.y * k,
});

/** The SVG of a page in the 1000-unit drawing space, `size` pixels wide. */
export function sceneSvg(input: ScenePageInput): string {
  const { scene, style, look, toy: toyLook } = input;
  const p = paintFor(style === 'line');
  const art = drawSetting(scene, p, input.variant);
  const mirrored = scene.side === 'right';
  const k = CHILD_HEIGHT[scene.view] / 640;
  const groundY = Math.min(art.ground, FEET_AT_MOST);
  // Inside the mirrored setting, a figure turned right shows turned left: turn it the other way.
  const facingIn = (facing: 'left' | 'right' | 'front', inside: boolean) => {
    if (facing === 'front') return undefined;
    if (!inside || !mirrored) return facing;
    return facing === 'left' ? 'right' : 'left';
  };
  const inNest = (who: SceneChild | SceneToy | undefined) =>
    who !== undefined && (who.place === 'in-bed' || who.place === 'in-bath' || who.place === 'in-boat');

  // Figures in the nest (bed, bath, boat) are drawn inside the setting's own space, so they lie on its
  // pillow whichever side it stands; figures on the ground are placed on the page.
  const nested: string[] = [];
  const ground: string[] = [];
  const focus: { x: number; y: number }[] = [];
  let childArms: { x: number; y: number } | undefined;
  let childHand: { x: number; y: number } | undefined;
  let childInside = false;
  // A soft shadow under a figure standing on the ground (colour only: line art keeps clean regions).
  const shadow = (x: number, y: number, rx: number) =>
    p.line
      ? ''
      : `<ellipse cx="${x.toFixed(1)}" cy="${(y + 4).toFixed(1)}" rx="${rx.toFixed(1)}" ry="${(rx * 0.2).toFixed(1)}" fill="#1d1845" fill-opacity="0.18"/>`;
  let nestFocus: { x: number; y: number } | undefined;
  const nest: Spot = art.nest ?? { x: 500, y: art.ground, width: 360 };
  const toPage = (x: number) => (mirrored ? SPACE - x : x);

  if (scene.child) {
    const c = scene.child;
    childInside = inNest(c);
    const figure = drawChild({
      look,
      pose: c.pose,
      expression: c.expression,
      style,
      facing: c.pose === 'lying' || c.pose === 'sleeping' ? undefined : facingIn(c.facing, childInside),
      outfit: c.outfit,
    });
    let placed: Placed;
    if (childInside && (c.pose === 'lying' || c.pose === 'sleeping')) {
      // Head on the pillow, the body under the blanket.
      const kl = (nest.width * 0.95) / figure.width;
      const x = nest.x - nest.width * 0.24;
      placed = { svg: place(figure, figure.anchors.head, x, nest.y - 45, kl), x, y: nest.y };
      childArms = mapPoint(figure.anchors.arms, figure.anchors.head, x, nest.y - 45, kl);
      childHand = childArms;
    } else if (childInside) {
      // Sitting up (or hugging) in the bed, the bath or the boat: the lower body behind its front.
      const sink = c.place === 'in-bed' ? (c.pose === 'sitting' ? 60 : 110) : c.place === 'in-bath' ? 60 : 70;
      const x = c.place === 'in-boat' ? nest.x - nest.width * 0.18 : nest.x - 20;
      const y = nest.y + sink;
      placed = { svg: place(figure, figure.anchors.ground, x, y, k), x, y: y - 150 };
      childArms = mapPoint(figure.anchors.arms, figure.anchors.ground, x, y, k);
      childHand = mapPoint(figure.anchors.hand, figure.anchors.ground, x, y, k);
    } else {
      const x = PLACE_X[c.place as keyof typeof PLACE_X] ?? 500;
      placed = {
        svg: shadow(x, groundY, 150 * k * 1.6) + place(figure, figure.anchors.ground, x, groundY, k),
        x,
        y: groundY - 150,
      };
      childArms = mapPoint(figure.anchors.arms, figure.anchors.ground, x, groundY, k);
      childHand = mapPoint(figure.anchors.hand, figure.anchors.ground, x, groundY, k);
    }
    if (childInside) nestFocus = { x: toPage(nest.x), y: nest.y };
    (childInside ? nested : ground).push(placed.svg);
    focus.push({ x: childInside ? toPage(placed.x) : placed.x, y: placed.y });
  }

  if (scene.toy) {
    const t = scene.toy;
    const held = t.place === 'held';
    const inside = held ? childInside : inNest(t);
    const figure = drawToy({ look: toyLook, pose: t.pose, style, facing: facingIn(t.facing, inside) });
    // In the bed beside a lying child, the toy is a plush on the pillow, smaller than the child.
    const kt = k * (t.place === 'in-bed' && !held ? TOY_IN_BED_SCALE : TOY_SCALE);
    let svg: string;
    let at: { x: number; y: number };
    if (held && childArms) {
      svg = place(figure, figure.anchors.arms, childArms.x, childArms.y, kt);
      at = childArms;
    } else if (scene.child?.pose === 'holding-hand' && childHand && !inside) {
      // Hand in hand: the toy's paw in the child's hand.
      svg = place(figure, figure.anchors.hand, childHand.x, childHand.y, kt);
      at = childHand;
    } else if (inside) {
      const spot =
        t.place === 'in-bed'
          ? t.pose === 'guarding'
            ? // Sitting up at the foot of the bed, watching over the child: in the picture on a close view too.
              { x: nest.x + nest.width * 0.3, y: nest.y + 25 }
            : t.pose === 'sleeping'
              ? { x: nest.x + 30, y: nest.y + 20 }
              : { x: nest.x + 130, y: nest.y + 40 }
          : t.place === 'in-boat'
            ? { x: nest.x + nest.width * 0.24, y: nest.y + 40 }
            : { x: nest.x + 140, y: nest.y + 60 };
      svg = place(figure, figure.anchors.ground, spot.x, spot.y, kt);
      at = spot;
    } else {
      let x: number = PLACE_X[t.place as keyof typeof PLACE_X] ?? 500;
      // Never on top of the child: step aside towards the middle of the page.
      const childX =
        scene.child && !childInside ? (PLACE_X[scene.child.place as keyof typeof PLACE_X] ?? 500) : -1000;
      if (Math.abs(x - childX) < 140) x = childX + (childX > 500 ? -170 : 170);
      const lift = t.pose === 'flying' ? 200 : 0;
      svg =
        shadow(x, groundY, (lift ? 70 : 110) * k * 1.6) +
        place(figure, figure.anchors.ground, x, groundY - lift, kt);
      at = { x, y: groundY - lift - 80 };
    }
    (inside ? nested : ground).push(svg);
    focus.push({ x: inside ? toPage(at.x) : at.x, y: at.y });
    // Indoors the sparkles are the toy's magic ("opens two bright eyes"): around the toy itself.
    if (scene.props.includes('sparkles') && !SKY_SETTINGS.has(scene.setting)) {
      const c: SettingContext = {
        scene,
        light: LIGHTS[scene.time],
        p,
        has: (prop) => scene.props.includes(prop),
        rand: randomFrom('sparkles'),
      };
      const magic =
        p.colourOnly(
          `<circle cx="${at.x.toFixed(1)}" cy="${(at.y - 40).toFixed(1)}" r="150" fill="#fff3b0" fill-opacity="0.22"/>`,
        ) + sparkles(c, at.x, at.y - 60, 140);
      (inside ? nested : ground).push(magic);
    }
  }

  const wrap = (svg: string) =>
    mirrored ? `<g transform="translate(${SPACE} 0) scale(-1 1)">${svg}</g>` : svg;
  const tint = LIGHTS[scene.time].tint;
  let body =
    wrap(art.back + nested.join('') + art.front + (art.onFront ?? '')) +
    ground.join('') +
    (p.line || tint.opacity === 0
      ? ''
      : `<rect x="-10" y="-10" width="${SPACE + 20}" height="${SPACE + 20}" fill="${tint.colour}" fill-opacity="${tint.opacity}"/>`) +
    wrap(art.glow);

  if (scene.view === 'close') {
    const clampX = (value: number) => Math.min(0, Math.max(SPACE - CLOSE_ZOOM * SPACE, value));
    let tx: number;
    let ty: number;
    if (nestFocus) {
      // In the bed, the bath or the boat: the whole nest stays in the picture, centred, never cut.
      tx = clampX(500 - nestFocus.x * CLOSE_ZOOM);
      ty = clampX(600 - nestFocus.y * CLOSE_ZOOM);
    } else {
      const fx = focus.length ? focus.reduce((sum, point) => sum + point.x, 0) / focus.length : 500;
      // The characters' middle moves most of the way towards the page's middle; their feet land just
      // above the text panel's usual place (its top is at about 740 for three lines), so the faces sit
      // in the upper middle of the page (scenes/layout-check.ts measures it).
      tx = clampX(500 + (fx - 500) * 0.35 - fx * CLOSE_ZOOM);
      ty = clampX(CLOSE_FEET_AT - groundY * CLOSE_ZOOM);
    }
    body = `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${CLOSE_ZOOM})">${body}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${input.size}" height="${input.size}" viewBox="0 0 ${SPACE} ${SPACE}"><rect width="${SPACE}" height="${SPACE}" fill="#fff"/>${body}</svg>`;
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
