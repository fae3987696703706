/** Scenery and objects shared by the scenes: moon, clouds, window, bed, lamp, books, houses… */
import { blob, C, circle, type Doc, ellipse, g, line, n, path, rect, sparkle, stroke } from './svg';

/** A full amber moon with soft craters and a halo. */
export function moon(doc: Doc, x: number, y: number, r: number, haloColor: string = C.honeyLight): string {
  return [
    circle(
      x,
      y,
      r * 1.7,
      doc.radial(x, y, r * 1.7, [
        [0.55, haloColor, 0.35],
        [0.75, haloColor, 0.1],
        [1, haloColor, 0],
      ]),
    ),
    circle(x, y, r, C.honey),
    circle(x - r * 0.08, y - r * 0.08, r * 0.86, '#f8cd7e'),
    circle(x - r * 0.38, y - r * 0.22, r * 0.14, '#f2bb62', 'opacity=".7"'),
    circle(x + r * 0.3, y + r * 0.28, r * 0.18, '#f2bb62', 'opacity=".7"'),
    circle(x + r * 0.36, y - r * 0.34, r * 0.08, '#f2bb62', 'opacity=".7"'),
    circle(x - r * 0.12, y + r * 0.48, r * 0.07, '#f2bb62', 'opacity=".7"'),
  ].join('');
}

/** A crescent moon: a disc of radius r minus a disc shifted up-right. */
export function crescent(x: number, y: number, r: number, fill: string = C.honey, extra = ''): string {
  // Inner circle centre (ox, oy) with radius r2; intersect the two circles.
  const ox = r * 0.45;
  const oy = -r * 0.32;
  const r2 = r * 0.84;
  const d = Math.hypot(ox, oy);
  const a = (r * r - r2 * r2 + d * d) / (2 * d);
  const hh = Math.sqrt(r * r - a * a);
  const mx = (a * ox) / d;
  const my = (a * oy) / d;
  const p1 = [mx + (hh * -oy) / d, my + (hh * ox) / d];
  const p2 = [mx - (hh * -oy) / d, my - (hh * ox) / d];
  return `<path d="M${n(x + p1[0]!)} ${n(y + p1[1]!)}A${n(r)} ${n(r)} 0 1 1 ${n(x + p2[0]!)} ${n(y + p2[1]!)}A${n(r2)} ${n(r2)} 0 0 0 ${n(x + p1[0]!)} ${n(y + p1[1]!)}Z" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

/** A storybook cloud of width w, drawn as a union of circles with a flat-ish bottom. */
export function cloud(x: number, y: number, w: number, fill: string, outline = 0, extra = ''): string {
  const u = w / 100;
  const circles: Array<[number, number, number]> = [
    [-36, 4, 15],
    [-18, -8, 22],
    [6, -14, 26],
    [28, -4, 19],
    [40, 6, 12],
    [-2, 6, 20],
    [20, 8, 14],
    [-24, 8, 14],
  ];
  return g(
    blob(
      circles.map(([cx, cy, r]) => [x + cx * u, y + cy * u, r * u]),
      fill,
      outline,
    ),
    extra,
  );
}

export interface WindowOpts {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Sky and whatever is seen through the window, in scene coordinates. */
  view: string;
  frame?: string;
  curtains?: string;
  sw?: number;
}

/** An arched window with a cross frame, a sill and optional curtains. */
export function archWindow(doc: Doc, o: WindowOpts): string {
  const { x, y, w, h } = o;
  const sw = o.sw ?? 5;
  const t = sw * 3.4;
  const arch = (ax: number, ay: number, aw: number, ah: number) =>
    `M${n(ax)} ${n(ay + ah)}V${n(ay + aw / 2)}A${n(aw / 2)} ${n(aw / 2)} 0 0 1 ${n(ax + aw)} ${n(ay + aw / 2)}V${n(ay + ah)}Z`;
  const inner = arch(x, y, w, h);
  const frame = o.frame ?? C.cream50;
  const out = [
    path(arch(x - t, y - t, w + 2 * t, h + t), frame, line(sw)),
    g(o.view, doc.clip(`<path d="${inner}"/>`)),
    path(inner, 'none', line(sw)),
    rect(x + w / 2 - t / 2, y, t, h, frame, line(sw * 0.8)),
    rect(x, y + h * 0.55 - t / 2, w, t, frame, line(sw * 0.8)),
    rect(x - t * 2.2, y + h - 2, w + t * 4.4, t * 1.4, frame, `rx="${n(sw * 1.2)}" ${line(sw)}`),
  ];
  if (o.curtains) {
    const c = o.curtains;
    const cw = w * 0.26;
    const x0 = x - t;
    const x1 = x + w + t;
    out.push(
      path(
        `M${n(x0 - cw * 0.7)} ${n(y - h * 0.06)}H${n(x0 + cw * 0.5)}Q${n(x0 + cw * 0.1)} ${n(y + h * 0.45)} ${n(x0 + cw * 0.35)} ${n(y + h * 1.1)}H${n(x0 - cw * 0.7)}Z`,
        c,
        line(sw),
      ),
      path(
        `M${n(x1 + cw * 0.7)} ${n(y - h * 0.06)}H${n(x1 - cw * 0.5)}Q${n(x1 - cw * 0.1)} ${n(y + h * 0.45)} ${n(x1 - cw * 0.35)} ${n(y + h * 1.1)}H${n(x1 + cw * 0.7)}Z`,
        c,
        line(sw),
      ),
      rect(
        x0 - cw * 0.9,
        y - h * 0.1,
        x1 - x0 + cw * 1.8,
        sw * 3.2,
        C.caramelDark,
        `rx="${n(sw * 1.6)}" ${line(sw)}`,
      ),
    );
  }
  return out.join('');
}

export interface BedOpts {
  x: number;
  /** Floor line. */
  y: number;
  w: number;
  wood?: string;
  blanket?: string;
  blanketShade?: string;
  sw?: number;
}

/**
 * A side-view bed: `back` is headboard, mattress and pillow (draw the sleeper's head after it),
 * `blanket` covers the sleeper, `front` is the footboard. Returns the pillow spot for the head.
 */
export function bedSide(doc: Doc, o: BedOpts) {
  const { x, y, w } = o;
  const sw = o.sw ?? 5;
  const wood = o.wood ?? C.caramel;
  const blanket = o.blanket ?? C.coral500;
  const shade = o.blanketShade ?? C.coral300;
  const top = y - w * 0.3;
  const headH = w * 0.52;
  const footH = w * 0.36;
  const back = [
    ellipse(x + w / 2, y + 4, w * 0.55, 14, C.ink, 'opacity=".12"'),
    path(
      `M${n(x)} ${n(y)}V${n(y - headH + 40)}Q${n(x)} ${n(y - headH)} ${n(x + 40)} ${n(y - headH)}H${n(x + w * 0.09 - 8)}Q${n(x + w * 0.09)} ${n(y - headH)} ${n(x + w * 0.09)} ${n(y - headH + 8)}V${n(y)}Z`,
      wood,
      line(sw),
    ),
    circle(x + w * 0.045, y - headH + w * 0.09, w * 0.022, C.honey, line(sw * 0.7)),
    rect(x + w * 0.06, top, w * 0.9, w * 0.1, C.cream50, `rx="${n(w * 0.03)}" ${line(sw)}`),
    rect(x + w * 0.06, top + w * 0.1, w * 0.9, w * 0.1, wood, line(sw)),
    rect(x + w * 0.11, y - w * 0.1, w * 0.04, w * 0.1, wood, line(sw)),
    ellipse(x + w * 0.2, top - w * 0.03, w * 0.13, w * 0.065, C.white, line(sw)),
  ].join('');
  const bx = x + w * 0.27;
  const u = (f: number) => n(x + w * f);
  const v = (f: number) => n(top - w * f);
  const blanketPath = `M${n(bx)} ${v(0.075)}C${u(0.32)} ${v(0.12)} ${u(0.42)} ${v(0.125)} ${u(0.5)} ${v(0.09)}C${u(0.56)} ${v(0.07)} ${u(0.62)} ${v(0.12)} ${u(0.7)} ${v(0.115)}C${u(0.78)} ${v(0.11)} ${u(0.84)} ${v(0.06)} ${u(0.9)} ${v(0.055)}Q${u(0.97)} ${v(0.05)} ${u(0.97)} ${v(0)}L${u(0.97)} ${v(-0.2)}Q${u(0.6)} ${v(-0.24)} ${u(0.255)} ${v(-0.2)}Q${u(0.24)} ${v(-0.05)} ${n(bx)} ${v(0.075)}Z`;
  const dots: string[] = [];
  for (let i = 0; i < 7; i++) {
    for (let j = 0; j < 2; j++) {
      const px = bx + w * (0.1 + i * 0.09 + (j % 2) * 0.045);
      const py = top + w * (0.02 + j * 0.08);
      if (px < x + w * 0.94) dots.push(sparkle(px, py, w * 0.016, shade));
    }
  }
  const blanketMarkup = [
    path(blanketPath, blanket, line(sw)),
    ...dots,
    g(
      rect(bx - w * 0.02, top - w * 0.2, w * 0.075, w * 0.45, C.cream50),
      doc.clip(`<path d="${blanketPath}"/>`),
    ),
    stroke(`M${n(bx + w * 0.055)} ${v(0.105)}Q${u(0.315)} ${v(-0.05)} ${u(0.318)} ${v(-0.212)}`, sw),
    path(blanketPath, 'none', line(sw)),
    stroke(`M${u(0.33)} ${v(-0.16)}Q${u(0.6)} ${v(-0.2)} ${u(0.96)} ${v(-0.16)}`, sw * 0.8, shade),
  ].join('');
  const front = [
    path(
      `M${n(x + w * 0.93)} ${n(y)}V${n(y - footH + 24)}Q${n(x + w * 0.93)} ${n(y - footH)} ${n(x + w * 0.93 + 24)} ${n(y - footH)}H${n(x + w - 6)}Q${n(x + w)} ${n(y - footH)} ${n(x + w)} ${n(y - footH + 6)}V${n(y)}Z`,
      wood,
      line(sw),
    ),
    circle(x + w * 0.965, y - footH + w * 0.06, w * 0.016, C.honey, line(sw * 0.7)),
  ].join('');
  return {
    back,
    blanket: blanketMarkup,
    front,
    pillow: { x: x + w * 0.2, y: top - w * 0.06 },
    top,
  };
}

/** A bedside table with a glowing moon-shaped night light. */
export function nightLight(doc: Doc, x: number, y: number, s = 1, sw = 5): string {
  const u = (v: number) => v * s;
  return [
    circle(
      x,
      y - u(150),
      u(190),
      doc.radial(x, y - u(150), u(190), [
        [0, C.honeyLight, 0.75],
        [0.5, C.honey, 0.25],
        [1, C.honey, 0],
      ]),
    ),
    rect(x - u(70), y - u(90), u(140), u(90), C.caramelDark, `rx="${n(u(10))}" ${line(sw)}`),
    rect(x - u(80), y - u(100), u(160), u(18), C.caramel, `rx="${n(u(8))}" ${line(sw)}`),
    circle(x, y - u(45), u(7), C.honey, line(sw * 0.7)),
    rect(x - u(20), y - u(118), u(40), u(18), C.cream50, `rx="${n(u(5))}" ${line(sw)}`),
    circle(x, y - u(160), u(44), C.honeyLight, line(sw)),
    path(
      `M${n(x + u(4))} ${n(y - u(192))}A${n(u(32))} ${n(u(32))} 0 1 0 ${n(x + u(4))} ${n(y - u(128))}A${n(u(24))} ${n(u(24))} 0 0 1 ${n(x + u(4))} ${n(y - u(192))}Z`,
      C.honey,
    ),
  ].join('');
}

/** A warm lantern; (0, 0) is where the paw holds the handle. */
export function lantern(sw = 5, s = 1): string {
  const u = (v: number) => v * s;
  return [
    stroke(`M${n(-u(14))} ${n(u(14))}Q0 ${n(-u(10))} ${n(u(14))} ${n(u(14))}`, sw),
    path(`M${n(-u(22))} ${n(u(22))}H${n(u(22))}L${n(u(16))} ${n(u(12))}H${n(-u(16))}Z`, C.coral600, line(sw)),
    rect(-u(18), u(22), u(36), u(44), C.honeyLight, `rx="${n(u(6))}" ${line(sw)}`),
    path(
      `M${n(-u(6))} ${n(u(52))}Q0 ${n(u(30))} ${n(u(6))} ${n(u(52))}Q0 ${n(u(60))} ${n(-u(6))} ${n(u(52))}Z`,
      C.coral500,
    ),
    rect(-u(22), u(64), u(44), u(10), C.coral600, `rx="${n(u(4))}" ${line(sw)}`),
  ].join('');
}

/** A row of cosy rooftops with lit windows, from x0 to x1 on ground y. */
export function rooftops(
  x0: number,
  x1: number,
  y: number,
  seedColors: string[],
  sw = 5,
  roof: string = C.night1,
  windows = true,
  offset = 0,
): string {
  const widths = [150, 190, 130, 210, 160, 180, 140, 200, 170];
  const heights = [150, 210, 170, 240, 160, 200, 180, 230, 170];
  const out: string[] = [];
  let x = x0;
  let i = offset;
  while (x < x1) {
    const w = widths[i % widths.length]!;
    const h = heights[(i * 4) % heights.length]!;
    const wall = seedColors[i % seedColors.length]!;
    const roofH = w * 0.42;
    const top = y - h;
    if (i % 3 !== 1) out.push(rect(x + w * 0.62, top - roofH * 0.9, w * 0.12, roofH * 0.7, roof, line(sw)));
    out.push(
      rect(x, top, w, h + 20, wall, line(sw)),
      path(
        `M${n(x - 12)} ${n(top + 4)}L${n(x + w / 2)} ${n(top - roofH)}L${n(x + w + 12)} ${n(top + 4)}Z`,
        roof,
        line(sw),
      ),
    );
    const cols = windows ? (w > 170 ? 2 : 1) : 0;
    for (let c = 0; c < cols; c++) {
      const wx = x + (cols === 1 ? w / 2 : w * (0.3 + c * 0.4));
      const lit = (i + c) % 3 !== 2;
      out.push(
        rect(wx - 18, top + h * 0.22, 36, 44, lit ? C.honey : C.night2, `rx="8" ${line(sw * 0.8)}`),
        stroke(`M${n(wx)} ${n(top + h * 0.22)}v44`, sw * 0.6),
      );
    }
    x += w + 18;
    i += 1;
  }
  return out.join('');
}

export interface OpenBookOpts {
  x: number;
  y: number;
  w: number;
  h: number;
  left: string;
  right: string;
  cover?: string;
  sw?: number;
}

/**
 * An open hardcover book seen from the front, like the logo's book: page shapes clip the two
 * pictures; (x, y) is the top of the spine.
 */
export function openBook(doc: Doc, o: OpenBookOpts): string {
  const { x, y, w, h } = o;
  const sw = o.sw ?? 5;
  const half = w / 2;
  const dip = h * 0.06;
  const cover = `M${n(x - half - 24)} ${n(y + dip + 10)}Q${n(x - half * 0.5)} ${n(y - dip)} ${n(x)} ${n(y + 18)}Q${n(x + half * 0.5)} ${n(y - dip)} ${n(x + half + 24)} ${n(y + dip + 10)}V${n(y + h + 34)}Q${n(x + half * 0.5)} ${n(y + h - dip + 18)} ${n(x)} ${n(y + h + 44)}Q${n(x - half * 0.5)} ${n(y + h - dip + 18)} ${n(x - half - 24)} ${n(y + h + 34)}Z`;
  const page = (side: number) =>
    `M${n(x + side * half)} ${n(y + dip)}Q${n(x + side * half * 0.5)} ${n(y - dip * 1.2)} ${n(x)} ${n(y + 8)}V${n(y + h + 8)}Q${n(x + side * half * 0.5)} ${n(y + h - dip * 1.2)} ${n(x + side * half)} ${n(y + h + dip)}Z`;
  const leftPage = page(-1);
  const rightPage = page(1);
  return [
    ellipse(x, y + h + 56, half * 1.05, 26, C.ink, 'opacity=".14"'),
    path(cover, o.cover ?? C.coral600, line(sw)),
    path(
      page(-1).replace(/^M(\S+) (\S+)/, (_m, a, b) => `M${Number(a) - 8} ${Number(b) + 8}`),
      C.sand,
      line(sw),
    ),
    path(
      page(1).replace(/^M(\S+) (\S+)/, (_m, a, b) => `M${Number(a) + 8} ${Number(b) + 8}`),
      C.sand,
      line(sw),
    ),
    path(leftPage, C.cream50),
    path(rightPage, C.cream50),
    g(o.left, doc.clip(`<path d="${leftPage}"/>`)),
    g(o.right, doc.clip(`<path d="${rightPage}"/>`)),
    path(leftPage, 'none', line(sw)),
    path(rightPage, 'none', line(sw)),
    rect(x - 10, y + 8, 20, h, C.ink, 'opacity=".08"'),
  ].join('');
}

/** A polaroid-like photo card centred on (x, y), rotated by rot; `photo` fills a w×w square. */
export function polaroid(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  rot: number,
  photo: (x0: number, y0: number, size: number) => string,
): string {
  const pad = w * 0.07;
  const W = w + pad * 2;
  const H = w + pad * 4.2;
  const left = -W / 2;
  const top = -H / 2;
  return g(
    [
      rect(left + 10, top + 16, W, H, C.ink, `rx="10" opacity=".14"`),
      rect(left, top, W, H, C.white, `rx="10" ${line(4, C.sandDark)}`),
      g(
        photo(left + pad, top + pad, w),
        `${doc.clip(`<rect x="${n(left + pad)}" y="${n(top + pad)}" width="${n(w)}" height="${n(w)}" rx="4"/>`)}`,
      ),
    ].join(''),
    `transform="translate(${n(x)} ${n(y)}) rotate(${rot})"`,
  );
}

/** Hand-written squiggles standing in for words (nothing readable). */
export function squiggles(
  x: number,
  y: number,
  w: number,
  lines: number,
  gap: number,
  color: string,
  sw = 4,
): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const len = i === lines - 1 ? w * 0.55 : w * (0.9 - (i % 3) * 0.08);
    const yy = y + i * gap;
    const steps = Math.max(2, Math.round(len / 26));
    const step = len / steps;
    let d = `M${n(x)} ${n(yy)}`;
    for (let k = 0; k < steps; k++) {
      const amp = (k % 2 ? 1 : -1) * gap * 0.16;
      d += `q${n(step / 2)} ${n(amp)} ${n(step)} 0`;
    }
    out.push(stroke(d, sw, color));
  }
  return out.join('');
}

/** A soft, friendly shadow creature (never scary): a wobbly plum blob with two round eyes. */
export function shadowBlob(x: number, y: number, s: number, opacity = 0.85): string {
  const u = (v: number) => v * s;
  return g(
    [
      path(
        `M${n(-u(90))} ${n(u(120))}C${n(-u(110))} ${n(u(20))} ${n(-u(80))} ${n(-u(110))} 0 ${n(-u(120))}C${n(u(80))} ${n(-u(110))} ${n(u(110))} ${n(u(20))} ${n(u(90))} ${n(u(120))}Q${n(u(60))} ${n(u(96))} ${n(u(45))} ${n(u(126))}Q${n(u(22))} ${n(u(98))} 0 ${n(u(126))}Q${n(-u(22))} ${n(u(98))} ${n(-u(45))} ${n(u(126))}Q${n(-u(60))} ${n(u(96))} ${n(-u(90))} ${n(u(120))}Z`,
        C.night0,
      ),
      ellipse(-u(30), -u(30), u(15), u(19), C.lavender100),
      ellipse(u(30), -u(30), u(15), u(19), C.lavender100),
      circle(-u(26), -u(26), u(7), C.night0),
      circle(u(34), -u(26), u(7), C.night0),
    ].join(''),
    `transform="translate(${n(x)} ${n(y)})" opacity="${opacity}"`,
  );
}

/** A fountain pen lying at an angle. */
export function pen(x: number, y: number, len: number, rot: number, sw = 5): string {
  const w = len * 0.09;
  return g(
    [
      ellipse(len * 0.48, w * 1.1, len * 0.46, w * 0.45, C.ink, 'opacity=".12"'),
      rect(0, -w / 2, len * 0.62, w, C.plum, `rx="${n(w / 2)}" ${line(sw)}`),
      rect(len * 0.12, -w / 2 - 3, len * 0.05, w + 6, C.honey, `rx="3" ${line(sw * 0.8)}`),
      path(
        `M${n(len * 0.62)} ${n(-w / 2)}L${n(len * 0.8)} ${n(-w * 0.3)}L${n(len)} 0L${n(len * 0.8)} ${n(w * 0.3)}L${n(len * 0.62)} ${n(w / 2)}Z`,
        C.honey,
        line(sw),
      ),
      stroke(`M${n(len * 0.8)} 0H${n(len * 0.97)}`, sw * 0.6),
      rect(len * 0.04, -w * 0.22, len * 0.34, w * 0.22, C.honey, `rx="${n(w * 0.11)}" ${line(sw * 0.6)}`),
    ].join(''),
    `transform="translate(${n(x)} ${n(y)}) rotate(${rot})"`,
  );
}

/**
 * A bed seen from its foot: `back` is the headboard and pillows (draw the sitter after it),
 * `cover` is the blanket from coverY down to the floor, drawn last.
 */
export function bedFront(
  x: number,
  floor: number,
  w: number,
  coverY: number,
  blanket: string,
  shade: string,
  sw = 5,
) {
  const half = w / 2;
  const headTop = coverY - w * 0.62;
  const back = [
    ellipse(x, floor + 6, half * 1.15, 18, C.ink, 'opacity=".14"'),
    path(
      `M${n(x - half)} ${n(floor)}V${n(headTop + w * 0.2)}Q${n(x - half)} ${n(headTop)} ${n(x - half * 0.55)} ${n(headTop)}Q${n(x)} ${n(headTop - w * 0.12)} ${n(x + half * 0.55)} ${n(headTop)}Q${n(x + half)} ${n(headTop)} ${n(x + half)} ${n(headTop + w * 0.2)}V${n(floor)}Z`,
      C.caramel,
      line(sw),
    ),
    path(
      `M${n(x - half * 0.8)} ${n(coverY)}V${n(headTop + w * 0.2)}Q${n(x - half * 0.8)} ${n(headTop + w * 0.06)} ${n(x - half * 0.45)} ${n(headTop + w * 0.06)}Q${n(x)} ${n(headTop - w * 0.04)} ${n(x + half * 0.45)} ${n(headTop + w * 0.06)}Q${n(x + half * 0.8)} ${n(headTop + w * 0.06)} ${n(x + half * 0.8)} ${n(headTop + w * 0.2)}V${n(coverY)}Z`,
      C.caramelDark,
      line(sw * 0.8),
    ),
    sparkle(x, headTop + w * 0.06, w * 0.035, C.honey, line(sw * 0.6)),
    path(
      `M${n(x - half * 0.78)} ${n(coverY - w * 0.3)}Q${n(x - half * 0.45)} ${n(coverY - w * 0.38)} ${n(x - half * 0.1)} ${n(coverY - w * 0.3)}Q${n(x - half * 0.02)} ${n(coverY - w * 0.18)} ${n(x - half * 0.1)} ${n(coverY - w * 0.04)}Q${n(x - half * 0.45)} ${n(coverY + w * 0.02)} ${n(x - half * 0.78)} ${n(coverY - w * 0.04)}Q${n(x - half * 0.88)} ${n(coverY - w * 0.17)} ${n(x - half * 0.78)} ${n(coverY - w * 0.3)}Z`,
      C.white,
      line(sw),
    ),
    path(
      `M${n(x + half * 0.78)} ${n(coverY - w * 0.3)}Q${n(x + half * 0.45)} ${n(coverY - w * 0.38)} ${n(x + half * 0.1)} ${n(coverY - w * 0.3)}Q${n(x + half * 0.02)} ${n(coverY - w * 0.18)} ${n(x + half * 0.1)} ${n(coverY - w * 0.04)}Q${n(x + half * 0.45)} ${n(coverY + w * 0.02)} ${n(x + half * 0.78)} ${n(coverY - w * 0.04)}Q${n(x + half * 0.88)} ${n(coverY - w * 0.17)} ${n(x + half * 0.78)} ${n(coverY - w * 0.3)}Z`,
      C.white,
      line(sw),
    ),
  ].join('');
  const hem = (() => {
    const bumps = 7;
    const step = (w * 1.08) / bumps;
    let d = '';
    for (let i = 0; i < bumps; i++) d += `a${n(step / 2)} ${n(step / 3)} 0 0 1 ${n(step)} 0`;
    return d;
  })();
  const x0 = x - half * 1.08;
  const x1 = x + half * 1.08;
  const cover = [
    path(
      `M${n(x0)} ${n(coverY + 20)}Q${n(x - half * 0.6)} ${n(coverY - 24)} ${n(x - half * 0.2)} ${n(coverY - 6)}Q${n(x + half * 0.3)} ${n(coverY - 40)} ${n(x1)} ${n(coverY + 20)}L${n(x1)} ${n(floor - 40)}Q${n(x1)} ${n(floor - 20)} ${n(x1 - 6)} ${n(floor - 20)}H${n(x0 + 6)}Q${n(x0)} ${n(floor - 20)} ${n(x0)} ${n(floor - 40)}Z`,
      blanket,
      line(sw),
    ),
    stroke(`M${n(x0)} ${n(floor - 64)}${hem}`, sw * 0.8, shade),
  ];
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 2; j++) {
      cover.push(
        sparkle(
          x0 + w * (0.12 + i * 0.17 + (j % 2) * 0.085),
          coverY + 50 + j * ((floor - coverY - 120) / 2),
          w * 0.022,
          shade,
        ),
      );
    }
  }
  return { back, cover: cover.join('') };
}

/** A bedside table with a glowing lamp and its shade; (x, y) is the floor under the table. */
export function tableLamp(
  doc: Doc,
  x: number,
  y: number,
  shadeColor: string = C.coral300,
  lit = true,
  sw = 5,
): string {
  return [
    lit
      ? circle(
          x,
          y - 250,
          260,
          doc.radial(x, y - 250, 260, [
            [0, C.honeyLight, 0.8],
            [0.45, C.honey, 0.3],
            [1, C.honey, 0],
          ]),
        )
      : '',
    rect(x - 75, y - 150, 150, 150, C.caramelDark, `rx="12" ${line(sw)}`),
    rect(x - 88, y - 166, 176, 22, C.caramel, `rx="10" ${line(sw)}`),
    rect(x - 55, y - 110, 110, 40, C.caramel, `rx="8" ${line(sw * 0.8)}`),
    circle(x, y - 90, 7, C.honey, line(sw * 0.7)),
    rect(x - 8, y - 250, 16, 90, C.cream50, line(sw)),
    ellipse(x, y - 166, 36, 10, C.cream50, line(sw)),
    path(
      `M${n(x - 40)} ${n(y - 320)}H${n(x + 40)}L${n(x + 70)} ${n(y - 236)}H${n(x - 70)}Z`,
      shadeColor,
      line(sw),
    ),
    lit ? ellipse(x, y - 232, 60, 8, C.honeyLight) : '',
  ].join('');
}
