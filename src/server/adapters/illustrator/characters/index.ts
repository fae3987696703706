/**
 * The book's two characters for the local illustrator: the child drawn from parts (read off the
 * photo, adjustable by the parent) and the toy drawn from its look (kind, colours, feature). Scenes place the
 * figures (SVG fragments with anchors) at print size.
 */
export { drawChild } from './child';
export { readChildLook, readChildLookNoting } from './read-look';
export { drawToy, TOY_BOX, toyPreviewSvg } from './toy';
export type {
  ArtStyle,
  ChildOptions,
  ChildPose,
  Expression,
  Figure,
  Point,
  ToyOptions,
  ToyPose,
} from './types';
