import type { ChildLook } from '../../../../shared/domain/child-look';
import type { ToyLook } from '../../../../shared/domain/toy-look';

/**
 * The contract between the character parts (this folder) and the page scenes: figures are SVG
 * fragments in their own units, placed by the scene with a transform, so one book is drawn by one
 * hand at any print size.
 */

/** Storybook colour, or coloring-book line art (white fills, black outlines). */
export type ArtStyle = 'color' | 'line';

export type ChildPose =
  | 'standing'
  | 'walking'
  | 'sitting'
  | 'lying'
  | 'sleeping'
  | 'hugging'
  | 'waving'
  | 'pointing'
  | 'reaching'
  | 'holding-hand';

export type Expression =
  | 'happy'
  | 'calm'
  | 'surprised'
  | 'sleepy'
  | 'asleep'
  | 'curious'
  | 'laughing'
  | 'brave';

export type ToyPose =
  | 'sitting'
  | 'hopping'
  | 'held'
  | 'peeking'
  | 'flying'
  | 'guarding'
  | 'sleeping'
  | 'waving';

export type Point = { x: number; y: number };

/** An SVG fragment in its own units (no <svg> root), placed by the scene with a transform. */
export type Figure = {
  svg: string;
  width: number;
  height: number;
  /**
   * `arms`: where a hugged or held toy's centre goes; `ground`: the contact point (feet, or the
   * body's lowest middle when lying).
   */
  anchors: { head: Point; hand: Point; arms: Point; ground: Point };
};

export type ChildOptions = {
  look: ChildLook;
  pose: ChildPose;
  expression: Expression;
  style: ArtStyle;
  /** Which way the child turns: the active arm (waving, pointing, holding a hand) is on that side. */
  facing?: 'left' | 'right';
  /**
   * The figure is shown mirrored by what it is placed in (nested in a setting drawn mirrored): a
   * device worn on one ear is drawn on the other side, so it stays on the child's own ear.
   */
  mirrored?: boolean;
  /** `bath`: nothing on top (the rest is under the water and the tub's side). */
  outfit?: 'day' | 'pyjamas' | 'bath';
};

export type ToyOptions = { look: ToyLook; pose: ToyPose; style: ArtStyle; facing?: 'left' | 'right' };
