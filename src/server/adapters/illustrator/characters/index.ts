/**
 * The book's two characters for the local illustrator: the child drawn from parts (read off the
 * photo, adjustable by the parent) and the toy cut out of its photo and stylised. Scenes place the
 * figures (SVG fragments with anchors) at print size.
 */
export { drawChild } from './child';
export { readChildLook } from './read-look';
export { cutOutToy, drawToy } from './toy';
export type { ChildOptions, ChildPose, Figure, ToyArt, ToyOptions, ToyPose } from './types';
