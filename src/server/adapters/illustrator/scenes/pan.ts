import { SPACE } from './paint';

/**
 * The column that fills the strip a pan uncovers: just outside the page, where the settings draw
 * their wall, floor, sky and ground a little past the edge (from -10) but never a star (from 0, at
 * most 5 wide) nor the outline at -10.
 */
const EDGE = 2;
const OUTSIDE = 8;

/**
 * The picture with the camera shifted sideways by `pan` (issue 36: a redraw's composition that keeps
 * every height, scenes/variant.ts): the whole picture moves, and the strip it uncovers continues the
 * page's edge column (the wall and the floor, the sky and its bank of cloud run on), so no part of the
 * page is blank and nothing is drawn twice. A pan is only asked where that edge is plain.
 */
export function panned(body: string, pan: number): string {
  if (!pan) return body;
  const stretch = (Math.abs(pan) + OUTSIDE + 10) / EDGE;
  const [edgeX, strip] =
    pan > 0
      ? [-OUTSIDE, `translate(${-OUTSIDE} 0) scale(${stretch.toFixed(3)} 1) translate(${OUTSIDE} 0)`]
      : [
          SPACE + OUTSIDE - EDGE,
          `translate(${SPACE + OUTSIDE} 0) scale(${stretch.toFixed(3)} 1) translate(${-SPACE - OUTSIDE} 0)`,
        ];
  const clip = (id: string, x: number, width: number) =>
    `<clipPath id="${id}"><rect x="${x}" y="-10" width="${width}" height="${SPACE + 20}"/></clipPath>`;
  return (
    // The setting is drawn a little past the page's edges, with its outline: the pan shows none of it.
    `<defs>${clip('pan-edge', edgeX, EDGE)}${clip('pan-page', 0, SPACE)}</defs>` +
    `<g transform="${strip}"><g clip-path="url(#pan-edge)">${body}</g></g>` +
    `<g transform="translate(${pan} 0)"><g clip-path="url(#pan-page)">${body}</g></g>`
  );
}
