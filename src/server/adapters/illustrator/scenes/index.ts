import sharp from 'sharp';
import type { ChildLook } from '../../../../shared/domain/child-look';
import type { Scene, SceneChild, SceneToy } from '../../../stories/scene';
import { drawChild, drawToy, type Figure, type ToyArt } from '../characters';
import { LIGHTS, paintFor, SPACE } from './paint';
import { drawSetting, type Spot } from './settings';

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
  /** The toy's cut-out (characters/cutOutToy), shared by every page of a book. */
  toy: ToyArt;
};

/** How tall a standing child is on a wide page, in the 1000-unit drawing space. */
const CHILD_HEIGHT = 390;
/** The toy beside the child: about half the child's height. */
const TOY_SCALE = 0.72;
/** A close view enlarges the whole picture around the characters. */
const CLOSE_ZOOM = 1.32;

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
  const { scene, style, look, toy: toyArt } = input;
  const p = paintFor(style === 'line');
  const art = drawSetting(scene, p);
  const mirrored = scene.side === 'right';
  const k = CHILD_HEIGHT / 640;
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
      placed = { svg: place(figure, figure.anchors.ground, x, art.ground, k), x, y: art.ground - 150 };
      childArms = mapPoint(figure.anchors.arms, figure.anchors.ground, x, art.ground, k);
      childHand = mapPoint(figure.anchors.hand, figure.anchors.ground, x, art.ground, k);
    }
    (childInside ? nested : ground).push(placed.svg);
    focus.push({ x: childInside ? toPage(placed.x) : placed.x, y: placed.y });
  }

  if (scene.toy) {
    const t = scene.toy;
    const held = t.place === 'held';
    const inside = held ? childInside : inNest(t);
    const figure = drawToy({ art: toyArt, pose: t.pose, style, facing: facingIn(t.facing, inside) });
    const kt = k * TOY_SCALE;
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
            ? { x: 95, y: 345 }
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
      const lift = t.pose === 'flying' ? 180 : 0;
      svg = place(figure, figure.anchors.ground, x, art.ground - lift, kt);
      at = { x, y: art.ground - lift - 80 };
    }
    (inside ? nested : ground).push(svg);
    focus.push({ x: inside ? toPage(at.x) : at.x, y: at.y });
  }

  const wrap = (svg: string) =>
    mirrored ? `<g transform="translate(${SPACE} 0) scale(-1 1)">${svg}</g>` : svg;
  const tint = LIGHTS[scene.time].tint;
  let body =
    wrap(art.back + nested.join('') + art.front + (art.onFront ?? '')) +
    ground.join('') +
    (p.line || tint.opacity === 0
      ? ''
      : `<rect x="-10" y="-10" width="${SPACE + 20}" height="${SPACE + 20}" fill="${tint.colour}" opacity="${tint.opacity}"/>`) +
    wrap(art.glow);

  if (scene.view === 'close') {
    const fx = focus.length ? focus.reduce((sum, point) => sum + point.x, 0) / focus.length : 500;
    const fy = focus.length ? focus.reduce((sum, point) => sum + point.y, 0) / focus.length : 500;
    // The characters' middle moves halfway towards the page's middle; the picture still fills the page.
    const clamp = (value: number) => Math.min(0, Math.max(SPACE - CLOSE_ZOOM * SPACE, value));
    const tx = clamp(500 + (fx - 500) * 0.5 - fx * CLOSE_ZOOM);
    const ty = clamp(fy - fy * CLOSE_ZOOM + 40);
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
