/** The scenes, one function per picture; each draws into a Doc sized by the catalogue. */
import { type Arm, bear, bunny, child, type Eyes, KIDS, type Look } from './characters';
import {
  archWindow,
  bedFront,
  bedSide,
  cloud,
  crescent,
  lantern,
  moon,
  nightLight,
  openBook,
  pen,
  polaroid,
  rooftops,
  shadowBlob,
  squiggles,
  tableLamp,
} from './props';
import {
  blob,
  C,
  circle,
  type Doc,
  ellipse,
  g,
  halo,
  line,
  n,
  path,
  rect,
  rng,
  sparkle,
  stars,
  stroke,
} from './svg';

export type Scene = (doc: Doc) => string;

/** Arms wrapped around a toy held against the chest. */
const HUG: { left: Arm; right: Arm } = {
  left: [20, 180, -56, 158, 'split'],
  right: [-20, 152, 56, 140, 'split'],
};

const hugged = (
  look: Look,
  x: number,
  y: number,
  s: number,
  extra: Partial<Parameters<typeof child>[0]> = {},
) =>
  child({
    x,
    y,
    s,
    look,
    eyes: 'happy',
    tilt: 8,
    hold: bear({ x: 6, y: 98, s: 0.74, pose: 'sit', eyes: 'happy', arms: [24, 24], tilt: -4 }),
    ...HUG,
    ...extra,
  });

const nightSky = (
  doc: Doc,
  w: number,
  h: number,
  top: string = C.night0,
  bottom: string = C.night4,
): string =>
  rect(
    0,
    0,
    w,
    h,
    doc.linear([
      [0, top],
      [0.55, C.night2],
      [1, bottom],
    ]),
  );

const tuft = (x: number, y: number, s: number, color: string): string =>
  stroke(
    `M${n(x - 10 * s)} ${n(y)}q${n(2 * s)} ${n(-14 * s)} ${n(-6 * s)} ${n(-22 * s)}M${n(x)} ${n(y)}q0 ${n(-16 * s)} ${n(4 * s)} ${n(-28 * s)}M${n(x + 10 * s)} ${n(y)}q${n(2 * s)} ${n(-12 * s)} ${n(10 * s)} ${n(-18 * s)}`,
    4,
    color,
  );

const flower = (x: number, y: number, color: string): string =>
  stroke(`M${n(x)} ${n(y)}v-26`, 4, C.night3) +
  [0, 72, 144, 216, 288]
    .map((a) =>
      circle(x + Math.cos((a * Math.PI) / 180) * 8, y - 30 + Math.sin((a * Math.PI) / 180) * 8, 6, color),
    )
    .join('') +
  circle(x, y - 30, 5, C.honey);

/** A window-box flower with leaves, outlined; (x, y) is the bottom of the stem. */
const bigFlower = (x: number, y: number, color: string): string =>
  [
    stroke(`M${n(x)} ${n(y)}v-38`, 5, '#6aa889'),
    ellipse(
      x - 12,
      y - 18,
      11,
      6,
      '#8fcfb0',
      `${line(3.5)} transform="rotate(-30 ${n(x - 12)} ${n(y - 18)})"`,
    ),
    ...[0, 72, 144, 216, 288].map((a) =>
      circle(
        x + Math.cos(((a - 90) * Math.PI) / 180) * 11,
        y - 46 + Math.sin(((a - 90) * Math.PI) / 180) * 11,
        9,
        color,
        line(3.5),
      ),
    ),
    circle(x, y - 46, 7, C.honeyLight, line(3.5)),
  ].join('');

/** Hero 1: a child hugging their plush bear on a hilltop under a big moon. */
const hero1: Scene = (doc) => {
  const W = 1440;
  const H = 960;
  const body = [
    nightSky(doc, W, H),
    stars({ seed: 11, x: 20, y: 20, w: W - 40, h: 560, count: 70, avoid: [[470, 110, 580, 560]] }),
    moon(doc, 760, 380, 250),
    cloud(520, 585, 300, C.lavender300, 0, 'opacity=".9"'),
    cloud(1040, 540, 240, C.lavender300, 0, 'opacity=".75"'),
    path('M0 740Q330 630 720 690Q1110 750 1440 640V960H0Z', C.night3),
    // a lit cottage and a round tree on the far hill
    rect(1262, 540, 22, 50, C.night1),
    rect(1180, 600, 110, 90, C.night2),
    path('M1166 606L1235 546L1304 606Z', C.night1),
    rect(1220, 624, 30, 36, C.honey, 'rx="6"'),
    stroke('M1235 624v36M1220 642h30', 3, C.night2),
    stroke('M190 720V630', 10, C.night1),
    blob(
      [
        [190, 610, 46],
        [160, 640, 32],
        [222, 636, 34],
        [196, 574, 30],
      ],
      C.night1,
    ),
    path('M0 870Q380 760 720 780Q1080 800 1440 880V960H0Z', C.night2),
    ellipse(720, 812, 190, 22, C.night0, 'opacity=".35"'),
    tuft(430, 800, 1.3, C.night4),
    tuft(1030, 820, 1.2, C.night4),
    tuft(180, 862, 1.4, C.night4),
    tuft(1300, 880, 1.4, C.night4),
    flower(360, 812, C.coral300),
    flower(1110, 835, C.lavender300),
    flower(1180, 850, C.coral300),
    flower(290, 838, C.lavender300),
    hugged(KIDS.maya, 720, 360, 1.75),
    ...[
      [300, 520],
      [1160, 430],
      [980, 700],
      [470, 690],
    ].map(([x, y]) => halo(x!, y!, 6, C.honeyLight, 3, 0.18) + circle(x!, y!, 6, C.honeyLight)),
    sparkle(560, 240, 22, C.honeyLight),
    sparkle(1010, 220, 16, C.white),
  ];
  return body.join('');
};

/** Night-time bedroom wall and floor. */
const nightRoom = (doc: Doc, w: number, h: number, floorY: number, seed: number): string =>
  [
    rect(
      0,
      0,
      w,
      floorY,
      doc.linear([
        [0, '#332d66'],
        [1, '#4a4287'],
      ]),
    ),
    stars({ seed, x: 0, y: 0, w, h: floorY - 40, count: 46, colors: ['#5a5199'], sparkles: 0.5, size: 0.8 }),
    rect(0, floorY, w, h - floorY, '#3a3169'),
    rect(0, floorY - 14, w, 18, '#2b2457'),
    ...[0.18, 0.42, 0.66, 0.9].map((f) =>
      stroke(`M${n(w * f)} ${n(floorY + 30)}l-40 ${n(h - floorY)}`, 4, '#332b61'),
    ),
  ].join('');

/** A garland of little pennants strung across the wall. */
const bunting = (x0: number, x1: number, y: number, sag: number): string => {
  const out = [
    stroke(`M${n(x0)} ${n(y)}Q${n((x0 + x1) / 2)} ${n(y + sag * 2)} ${n(x1)} ${n(y)}`, 4, C.sandDark),
  ];
  const colors = [C.coral500, C.honey, C.lavender300, C.cream50];
  const count = Math.round((x1 - x0) / 70);
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = x0 + (x1 - x0) * t;
    const yy = y + sag * 4 * t * (1 - t);
    out.push(
      path(
        `M${n(x - 20)} ${n(yy - 2)}L${n(x + 20)} ${n(yy - 2)}L${n(x)} ${n(yy + 40)}Z`,
        colors[i % 4]!,
        line(4),
      ),
    );
  }
  return out.join('');
};

/** Night view through a window: sky, crescent, stars. */
const windowNight = (doc: Doc, x: number, y: number, w: number, h: number, seed: number): string =>
  [
    rect(
      x,
      y,
      w,
      h,
      doc.linear([
        [0, C.night1],
        [1, C.night4],
      ]),
    ),
    stars({ seed, x, y, w, h: h * 0.8, count: 14, sparkles: 0.4 }),
    crescent(x + w * 0.7, y + h * 0.26, w * 0.14),
    cloud(x + w * 0.3, y + h * 0.8, w * 0.5, C.night4, 0, 'opacity=".6"'),
  ].join('');

const bookshelf = (x: number, y: number, w: number, h: number): string => {
  const out = [rect(x, y - h, w, h, C.caramelDark, `rx="10" ${line(5)}`)];
  const shelves = 3;
  const spines = [C.coral500, C.lavender300, C.honey, C.mint, C.coral300, C.cream50, C.lavender400];
  for (let s = 0; s < shelves; s++) {
    const sy = y - h + 20 + (s * (h - 30)) / shelves;
    const sh = (h - 30) / shelves - 18;
    out.push(rect(x + 14, sy, w - 28, sh + 6, '#a86a3e', 'rx="4"'));
    let bx = x + 20;
    let i = s * 2;
    while (bx < x + w - 50) {
      const bw = 18 + ((i * 7) % 3) * 6;
      const bh = sh - ((i * 5) % 4) * 8;
      out.push(rect(bx, sy + sh - bh + 6, bw, bh, spines[i % spines.length]!, `rx="3" ${line(3.5)}`));
      bx += bw + 3;
      i += 1;
    }
    out.push(rect(x + 8, sy + sh + 6, w - 16, 10, C.caramel, `rx="4" ${line(4)}`));
  }
  return out.join('');
};

/** Hero 2: the plush bear standing guard at the foot of the bed while a child sleeps. */
const hero2: Scene = (doc) => {
  const W = 1440;
  const H = 960;
  const floor = 820;
  const bed = bedSide(doc, { x: 450, y: floor, w: 780, blanket: C.lavender300, blanketShade: C.lavender100 });
  return [
    nightRoom(doc, W, H, floor - 10, 21),
    bunting(560, 1420, 70, 40),
    archWindow(doc, {
      x: 110,
      y: 150,
      w: 280,
      h: 360,
      view: windowNight(doc, 110, 150, 280, 360, 23),
      curtains: C.coral300,
    }),
    bookshelf(1262, floor, 150, 330),
    ellipse(780, floor + 70, 420, 56, '#5a4b91'),
    ellipse(
      780,
      floor + 70,
      380,
      44,
      'none',
      `stroke="${C.honey}" stroke-width="4" stroke-dasharray="2 18" stroke-linecap="round"`,
    ),
    nightLight(doc, 330, floor, 1.05),
    bed.back,
    child({
      x: bed.pillow.x + 22,
      y: bed.pillow.y - 40,
      s: 0.95,
      look: KIDS.ama,
      pose: 'head',
      eyes: 'closed',
      mouth: 'sleep',
      tilt: -24,
    }),
    bed.blanket,
    bed.front,
    bear({ x: 1070, y: bed.top - 228, s: 1, pose: 'stand', eyes: 'open', arms: [26, 26], mouth: 'smile' }),
    sparkle(1160, bed.top - 300, 16, C.honeyLight),
    sparkle(985, bed.top - 320, 11, C.white),
    g(
      [
        sparkle(700, 360, 14, C.honeyLight),
        sparkle(760, 310, 9, C.white),
        sparkle(820, 350, 11, C.honeyLight),
      ].join(''),
      'opacity=".9"',
    ),
  ].join('');
};

/** Hero 3: an open storybook with the child and the bear on its pages, stars rising out of it. */
const hero3: Scene = (doc) => {
  const W = 1440;
  const H = 960;
  const bx = 720;
  const by = 440;
  const bw = 1040;
  const bh = 400;
  const rand = rng(33);
  const plume: string[] = [];
  for (let i = 0; i < 34; i++) {
    const t = i / 33;
    const spread = 40 + t * 300;
    const x = bx + (rand() - 0.5) * spread + Math.sin(t * 5) * 40;
    const y = by - 10 - t * 390 - rand() * 30;
    const r = 7 + t * 20 * (0.6 + rand() * 0.6);
    const color = [C.honey, C.honeyLight, C.white, C.coral300][i % 4]!;
    plume.push(i % 3 === 0 ? circle(x, y, r * 0.3, color) : sparkle(x, y, r, color));
  }
  const spreadArt = [
    rect(
      bx - bw / 2,
      by - 60,
      bw,
      bh + 120,
      doc.linear([
        [0, C.night1],
        [0.7, C.night3],
        [1, C.night4],
      ]),
    ),
    stars({
      seed: 35,
      x: bx - bw / 2 + 20,
      y: by + 20,
      w: bw - 40,
      h: 200,
      count: 20,
      sparkles: 0.5,
      avoid: [[bx - 60, by, 120, 400]],
    }),
    moon(doc, bx + 380, by + 110, 52),
    path(
      `M${bx - bw / 2 - 20} ${by + 330}Q${bx - 250} ${by + 260} ${bx} ${by + 320}Q${bx + 250} ${by + 380} ${bx + bw / 2 + 20} ${by + 300}V${by + bh + 80}H${bx - bw / 2 - 20}Z`,
      C.night2,
    ),
    tuft(bx - 400, by + 330, 1, C.night4),
    tuft(bx + 200, by + 350, 1, C.night4),
    flower(bx - 110, by + 330, C.coral300),
    flower(bx + 430, by + 320, C.lavender300),
    child({
      x: bx - 250,
      y: by + 96,
      s: 0.9,
      look: KIDS.sami,
      eyes: 'happy',
      mouth: 'open',
      left: [-70, 160, -70, 110],
      right: [96, 40, 90, 80],
    }),
    bear({
      x: bx + 220,
      y: by + 168,
      s: 1,
      pose: 'sit',
      eyes: 'happy',
      arms: [20, 140],
      mouth: 'open',
      tilt: 6,
    }),
  ].join('');
  return [
    rect(
      0,
      0,
      W,
      H,
      doc.linear([
        [0, C.lavender200],
        [0.55, C.lavender100],
        [1, C.cream200],
      ]),
    ),
    cloud(200, 250, 300, C.white, 0, 'opacity=".75"'),
    cloud(1250, 330, 260, C.white, 0, 'opacity=".75"'),
    crescent(1180, 120, 50),
    stars({
      seed: 31,
      x: 40,
      y: 30,
      w: W - 80,
      h: 380,
      count: 22,
      colors: [C.honey, C.coral300, C.white],
      sparkles: 0.7,
      avoid: [
        [480, 0, 480, 440],
        [1100, 50, 140, 140],
      ],
    }),
    circle(
      bx,
      by,
      300,
      doc.radial(bx, by, 300, [
        [0, C.honeyLight, 1],
        [0.4, C.honeyLight, 0.45],
        [1, C.honeyLight, 0],
      ]),
    ),
    ...plume,
    openBook(doc, { x: bx, y: by, w: bw, h: bh, cover: C.coral600, left: spreadArt, right: spreadArt }),
  ].join('');
};

/** A long, flat-topped cloud to sit on, centred on (x, y), about 640 × 260 at s = 1. */
const seatCloud = (x: number, y: number, s: number, fill: string, outline = 5): string =>
  blob(
    (
      [
        [-250, 20, 62],
        [-170, -20, 88],
        [-60, -44, 100],
        [60, -40, 96],
        [170, -14, 84],
        [255, 24, 56],
        [-120, 40, 76],
        [0, 44, 84],
        [120, 42, 76],
      ] as Array<[number, number, number]>
    ).map(([cx, cy, r]) => [x + cx * s, y + cy * s, r * s]),
    fill,
    outline,
  );

/** A scalloped fold drawn inside a cloud, outlined on top only, to tuck in what sits on it. */
const cloudFold = (x0: number, x1: number, y: number, bumps: number, fill: string): string => {
  const step = (x1 - x0) / bumps;
  const r = step * 0.56;
  let top = `M${n(x0)} ${n(y)}`;
  for (let i = 1; i <= bumps; i++) top += `A${n(r)} ${n(r)} 0 0 1 ${n(x0 + step * i)} ${n(y)}`;
  return path(`${top}V${n(y + 26)}H${n(x0)}Z`, fill) + stroke(top, 5);
};

/** A shooting star with a fading tail, heading down-left from (x, y). */
const shootingStar = (doc: Doc, x: number, y: number, len: number): string =>
  path(
    `M${n(x)} ${n(y - 9)}L${n(x + len)} ${n(y - len * 0.42)}L${n(x + 6)} ${n(y + 9)}Z`,
    doc.linear(
      [
        [0, C.honeyLight, 0.9],
        [1, C.honeyLight, 0],
      ],
      0,
      0.5,
      1,
      0.5,
    ),
  ) + sparkle(x, y, 28, C.honeyLight);

/** Hero 4: the child and a plush bunny floating over the rooftops on a cloud. */
const hero4: Scene = (doc) => {
  const W = 1440;
  const H = 960;
  return [
    nightSky(doc, W, H, C.night0, '#9a8bd0'),
    stars({ seed: 44, x: 20, y: 20, w: W - 40, h: 620, count: 80, avoid: [[1080, 60, 260, 260]] }),
    moon(doc, 1210, 190, 100),
    shootingStar(doc, 960, 170, 320),
    cloud(240, 250, 240, C.night4, 0, 'opacity=".55"'),
    cloud(1280, 470, 200, C.night4, 0, 'opacity=".5"'),
    // far rooftops, then near ones with lit windows
    rooftops(-40, W + 60, 880, ['#6d61aa'], 0, '#5f5499', false, 3),
    rooftops(-90, W + 120, 1030, ['#4f4589', '#574b93', '#4a3f83'], 5, '#8a5a8c'),
    seatCloud(720, 640, 1, C.cream50),
    child({
      x: 620,
      y: 420,
      s: 1.1,
      look: KIDS.lou,
      pose: 'sit',
      eyes: 'up',
      mouth: 'open',
      left: [-62, 150, -66, 110],
      right: [74, -20, 96, 40],
    }),
    bunny({ x: 850, y: 496, s: 1.05, pose: 'sit', eyes: 'up', arms: [18, 18] }),
    cloudFold(520, 920, 668, 5, C.cream50),
    sparkle(420, 520, 16, C.white),
    sparkle(1010, 560, 12, C.honeyLight),
  ].join('');
};

/** A child hugging the plush bunny (same arms as the bear hug). */
const huggedBunny = (look: Look, x: number, y: number, s: number, outline = true, eyes: Eyes = 'happy') =>
  child({
    x,
    y,
    s,
    look,
    eyes,
    tilt: 8,
    outline,
    hold: bunny({ x: 6, y: 104, s: 0.68, pose: 'sit', eyes: 'happy', arms: [20, 20], tilt: -6, outline }),
    ...HUG,
  });

/** A curved arrow made of a dashed coral stroke with sparkles: "turns into". */
const magicArrow = (x0: number, y0: number, cx: number, cy: number, x1: number, y1: number): string => {
  const a = Math.atan2(y1 - cy, x1 - cx);
  const head = (da: number) => `${n(x1 - Math.cos(a + da) * 34)} ${n(y1 - Math.sin(a + da) * 34)}`;
  return [
    stroke(
      `M${n(x0)} ${n(y0)}Q${n(cx)} ${n(cy)} ${n(x1)} ${n(y1)}`,
      10,
      C.coral600,
      'stroke-dasharray="2 22"',
    ),
    stroke(`M${head(0.55)}L${n(x1)} ${n(y1)}L${head(-0.55)}`, 10, C.coral600),
    sparkle(cx, cy + 30, 26, C.honey),
    sparkle(cx - 70, cy + 62, 14, C.coral300),
    sparkle(cx + 80, cy + 56, 16, C.honey),
  ].join('');
};

/** Product slide: a real photo of a child and a toy turning into the illustrated page. */
const productTruePhoto: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const look = KIDS.ines;
  const photo = (x0: number, y0: number, size: number) =>
    [
      rect(
        x0,
        y0,
        size,
        size,
        doc.linear([
          [0, '#efe0cf'],
          [1, '#d9c2ab'],
        ]),
      ),
      rect(x0 + size * 0.62, y0 - 10, size * 0.32, size * 0.5, '#f8efe3', 'opacity=".8"'),
      rect(x0 - 20, y0 + size * 0.52, size + 40, size * 0.3, '#a9b9b6', 'rx="40"'),
      rect(x0 - 20, y0 + size * 0.72, size + 40, size * 0.4, '#93a6a3', 'rx="30"'),
      circle(x0 + size * 0.16, y0 + size * 0.22, size * 0.09, '#f6e7cf', 'opacity=".7"'),
      circle(x0 + size * 0.28, y0 + size * 0.12, size * 0.05, '#f6e7cf', 'opacity=".6"'),
      huggedBunny(
        { ...look, pj: '#e79aab', pjShade: '#e79aab' },
        x0 + size * 0.5,
        y0 + size * 0.3,
        size / 270,
        false,
        'open',
      ),
      rect(
        x0,
        y0,
        size,
        size,
        doc.radial(x0 + size / 2, y0 + size / 2, size * 0.75, [
          [0.55, '#5b4636', 0],
          [1, '#5b4636', 0.35],
        ]),
      ),
    ].join('');
  const pageX = 690;
  const pageY = 200;
  const pageS = 420;
  const page = [
    rect(pageX + 14, pageY + 20, pageS, pageS, C.ink, 'rx="26" opacity=".12"'),
    rect(pageX, pageY, pageS, pageS, C.cream50, `rx="26" ${line(5)}`),
    g(
      [
        rect(
          pageX,
          pageY,
          pageS,
          pageS,
          doc.linear([
            [0, C.night1],
            [1, C.night4],
          ]),
        ),
        stars({ seed: 52, x: pageX, y: pageY, w: pageS, h: 200, count: 14, sparkles: 0.5 }),
        moon(doc, pageX + pageS * 0.8, pageY + pageS * 0.2, 44),
        path(
          `M${pageX - 10} ${pageY + 340}Q${pageX + 210} ${pageY + 290} ${pageX + pageS + 10} ${pageY + 330}V${pageY + pageS + 10}H${pageX - 10}Z`,
          C.night2,
        ),
        huggedBunny(look, pageX + pageS / 2, pageY + 130, 1.2),
      ].join(''),
      doc.clip(
        `<rect x="${pageX + 16}" y="${pageY + 16}" width="${pageS - 32}" height="${pageS - 32}" rx="16"/>`,
      ),
    ),
    rect(pageX + 16, pageY + 16, pageS - 32, pageS - 32, 'none', `rx="16" ${line(4)}`),
  ].join('');
  return [
    rect(0, 0, W, H, C.cream),
    circle(300, 470, 330, C.lavender100),
    circle(900, 420, 340, C.coral100, 'opacity=".7"'),
    stars({
      seed: 51,
      x: 30,
      y: 30,
      w: W - 60,
      h: H - 60,
      count: 22,
      colors: [C.honey, C.coral300, C.lavender300],
      sparkles: 0.8,
      avoid: [[60, 120, 1100, 700]],
    }),
    polaroid(doc, 300, 470, 360, -6, photo),
    g(page, `transform="rotate(4 ${pageX + pageS / 2} ${pageY + pageS / 2})"`),
    magicArrow(440, 200, 590, 70, 730, 160),
  ].join('');
};

/**
 * The book's front cover (no title: words live in the HTML): a night scene with the child
 * hugging the bear, framed by a star border. Drawn in a w×h box at (x, y).
 */
const coverArt = (doc: Doc, x: number, y: number, w: number, h: number, look: Look, seed: number): string => {
  const u = w / 500;
  return [
    rect(
      x,
      y,
      w,
      h,
      doc.linear([
        [0, C.night1],
        [0.7, C.night3],
        [1, C.night4],
      ]),
    ),
    stars({
      seed,
      x: x + 20 * u,
      y: y + 20 * u,
      w: w - 40 * u,
      h: h * 0.5,
      count: 18,
      sparkles: 0.45,
      size: u,
      avoid: [
        [x + w * 0.45, y, w * 0.55, h * 0.32],
        [x + w * 0.28, y + h * 0.2, w * 0.44, h * 0.6],
      ],
    }),
    moon(doc, x + w * 0.72, y + h * 0.2, 70 * u),
    cloud(x + w * 0.2, y + h * 0.5, 150 * u, C.night4, 0, 'opacity=".7"'),
    path(
      `M${n(x - 10)} ${n(y + h * 0.8)}Q${n(x + w * 0.45)} ${n(y + h * 0.66)} ${n(x + w + 10)} ${n(y + h * 0.78)}V${n(y + h + 10)}H${n(x - 10)}Z`,
      C.night2,
    ),
    flower(x + w * 0.14, y + h * 0.84, C.coral300),
    flower(x + w * 0.86, y + h * 0.86, C.lavender300),
    hugged(look, x + w * 0.5, y + h * 0.8 - 262 * 1.38 * u, 1.38 * u),
  ].join('');
};

/** A closed hardcover, front view, lying flat: cover art inside a rounded board with a spine. */
const hardcover = (
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  look: Look,
  seed: number,
): string => {
  const spine = w * 0.07;
  const inset = w * 0.045;
  return [
    rect(x + 16, y + 22, w, h, C.ink, 'rx="18" opacity=".16"'),
    rect(x + 8, y + 8, w, h, C.cream300, `rx="16" ${line(5)}`),
    stroke(
      `M${n(x + w)} ${n(y + 30)}V${n(y + h - 10)}M${n(x + 30)} ${n(y + h + 2)}H${n(x + w - 10)}`,
      3,
      C.sandDark,
    ),
    rect(x, y, w, h, C.coral600, `rx="16" ${line(5)}`),
    rect(x, y, spine, h, C.coral700, `rx="16" ${line(5)}`),
    rect(x + spine - 8, y, 10, h, C.coral700),
    stroke(`M${n(x + spine)} ${n(y)}V${n(y + h)}`, 5),
    g(
      coverArt(doc, x + spine + inset, y + inset, w - spine - inset * 2, h - inset * 2, look, seed),
      doc.clip(
        `<rect x="${n(x + spine + inset)}" y="${n(y + inset)}" width="${n(w - spine - inset * 2)}" height="${n(h - inset * 2)}" rx="12"/>`,
      ),
    ),
    rect(x + spine + inset, y + inset, w - spine - inset * 2, h - inset * 2, 'none', `rx="12" ${line(5)}`),
    rect(
      x + spine + inset + 12,
      y + inset + 12,
      w - spine - inset * 2 - 24,
      h - inset * 2 - 24,
      'none',
      `rx="8" stroke="${C.honey}" stroke-width="3" stroke-dasharray="1 14" stroke-linecap="round"`,
    ),
  ].join('');
};

/** Product slide: the personalised hardcover, a dedication card and a pen. */
const productPersonalise: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const card = [
    rect(14, 18, 330, 420, C.ink, 'rx="14" opacity=".12"'),
    rect(0, 0, 330, 420, C.cream50, `rx="14" ${line(5)}`),
    rect(18, 18, 294, 384, 'none', `rx="8" stroke="${C.coral300}" stroke-width="4"`),
    path(
      'M165 92C150 70 118 76 120 102C122 122 146 136 165 150C184 136 208 122 210 102C212 76 180 70 165 92Z',
      C.coral500,
      line(4),
    ),
    squiggles(48, 196, 234, 5, 38, C.inkSoft, 4.5),
    stroke('M170 380q14 -30 28 -6q10 16 22 -4q10 -18 22 0q8 10 18 -2', 4.5, C.coral600),
  ].join('');
  const rand = rng(61);
  const confetti: string[] = [];
  for (let i = 0; i < 16; i++) {
    const x = 40 + rand() * (W - 80);
    const y = 40 + rand() * (H - 80);
    if (x > 110 && x < 1120 && y > 80 && y < 830) continue;
    confetti.push(sparkle(x, y, 10 + rand() * 12, [C.honey, C.coral300, C.lavender300][i % 3]!));
  }
  return [
    rect(
      0,
      0,
      W,
      H,
      doc.linear([
        [0, C.cream200],
        [1, C.cream300],
      ]),
    ),
    ...confetti,
    sparkle(760, 150, 22, C.honey),
    sparkle(1090, 200, 14, C.coral300),
    sparkle(820, 790, 16, C.lavender400),
    g(hardcover(doc, 0, 0, 540, 660, KIDS.noah, 62), 'transform="translate(150 110) rotate(-4 270 330)"'),
    g(card, 'transform="translate(760 190) rotate(7 165 210)"'),
    pen(770, 760, 360, -22),
  ].join('');
};

/** Product slide: the plush bear glowing softly as it guards a sleeping child under a starry window. */
const productMagical: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const floor = 850;
  const bed = bedSide(doc, { x: 80, y: floor, w: 980, blanket: C.coral500, blanketShade: C.coral300 });
  const bx = 640;
  const by = bed.top - 92 - 1.2 * 160;
  return [
    nightRoom(doc, W, H, floor - 10, 71),
    archWindow(doc, {
      x: 460,
      y: 80,
      w: 360,
      h: 380,
      view: windowNight(doc, 460, 80, 360, 380, 73),
      curtains: C.lavender300,
    }),
    circle(
      bx,
      by + 120,
      340,
      doc.radial(bx, by + 120, 340, [
        [0, C.honeyLight, 1],
        [0.3, C.honeyLight, 0.7],
        [0.6, C.honey, 0.25],
        [1, C.honey, 0],
      ]),
    ),
    bed.back,
    child({
      x: bed.pillow.x + 28,
      y: bed.pillow.y - 42,
      s: 1.05,
      look: KIDS.noah,
      pose: 'head',
      eyes: 'closed',
      mouth: 'sleep',
      tilt: -20,
    }),
    bed.blanket,
    bed.front,
    halo(bx, by + 40, 150, C.honeyLight, 2, 0.1),
    bear({ x: bx, y: by, s: 1.2, pose: 'sit', eyes: 'open', arms: [14, 14], mouth: 'smile' }),
    ...[
      [bx - 170, by - 60, 20],
      [bx + 180, by - 30, 16],
      [bx + 150, by + 110, 12],
      [bx - 150, by + 120, 14],
      [bx + 30, by - 150, 12],
    ].map(([x, y, r]) => sparkle(x!, y!, r!, C.honeyLight)),
    ellipse(bx, bed.top - 80, 150, 30, C.honeyLight, 'opacity=".35"'),
  ].join('');
};

// ——— The "guardian-friend" story: the same child (Noah's look) and the same bear on every page.

const HERO = KIDS.noah;
const GB = { blanket: C.lavender300, shade: C.lavender100 };

const rug = (x: number, y: number, rx: number, fill: string, dots: string): string =>
  ellipse(x, y, rx, rx * 0.13, fill) +
  ellipse(
    x,
    y,
    rx * 0.9,
    rx * 0.1,
    'none',
    `stroke="${dots}" stroke-width="4" stroke-dasharray="2 18" stroke-linecap="round"`,
  );

const wardrobe = (x: number, floor: number, w: number, h: number): string =>
  [
    rect(x, floor - h, w, h, C.caramelDark, `rx="14" ${line(5)}`),
    rect(x + 16, floor - h + 20, w / 2 - 22, h - 70, C.caramel, `rx="8" ${line(4)}`),
    rect(x + w / 2 + 6, floor - h + 20, w / 2 - 22, h - 70, C.caramel, `rx="8" ${line(4)}`),
    circle(x + w / 2 - 18, floor - h / 2, 7, C.honey, line(3.5)),
    circle(x + w / 2 + 18, floor - h / 2, 7, C.honey, line(3.5)),
    rect(x + 20, floor - 30, 20, 30, C.caramelDark, line(4)),
    rect(x + w - 40, floor - 30, 20, 30, C.caramelDark, line(4)),
  ].join('');

/** Dusk or morning sky for a window, with a sun or a crescent. */
const windowSky = (doc: Doc, x: number, y: number, w: number, h: number, kind: 'dusk' | 'morning'): string =>
  kind === 'dusk'
    ? [
        rect(
          x,
          y,
          w,
          h,
          doc.linear([
            [0, C.night2],
            [0.6, C.lavender400],
            [1, C.coral300],
          ]),
        ),
        crescent(x + w * 0.68, y + h * 0.28, w * 0.13),
        stars({ seed: 81, x, y, w, h: h * 0.45, count: 6, sparkles: 0.5, size: 0.8 }),
      ].join('')
    : [
        rect(
          x,
          y,
          w,
          h,
          doc.linear([
            [0, '#9fd0ee'],
            [1, '#e3f2fa'],
          ]),
        ),
        circle(x + w * 0.7, y + h * 0.3, w * 0.16, '#ffe08a'),
        circle(x + w * 0.7, y + h * 0.3, w * 0.24, '#ffe08a', 'opacity=".35"'),
        cloud(x + w * 0.3, y + h * 0.62, w * 0.5, C.white),
      ].join('');

/** Gallery 1: bedtime, the child sits up in bed hugging the bear, the lamp glowing. */
const gallery1: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const floor = 840;
  const bed = bedFront(600, floor, 620, 630, GB.blanket, GB.shade);
  return [
    rect(
      0,
      0,
      W,
      H,
      doc.linear([
        [0, '#463e84'],
        [1, '#5d5399'],
      ]),
    ),
    stars({
      seed: 91,
      x: 0,
      y: 0,
      w: W,
      h: floor - 60,
      count: 30,
      colors: ['#6a60a6'],
      sparkles: 0.6,
      size: 0.8,
    }),
    rect(0, floor - 10, W, H - floor + 10, '#3e3576'),
    rug(600, 870, 520, '#574a93', C.honey),
    archWindow(doc, {
      x: 100,
      y: 150,
      w: 200,
      h: 280,
      view: windowSky(doc, 100, 150, 200, 280, 'dusk'),
      curtains: C.coral300,
    }),
    tableLamp(doc, 1030, floor),
    bed.back,
    hugged(HERO, 600, 412, 1.25),
    bed.cover,
    sparkle(820, 300, 16, C.honeyLight),
    sparkle(380, 330, 12, C.honeyLight),
  ].join('');
};

/** Gallery 2: in the night the bear notices a shadow peeking from behind the wardrobe. */
const gallery2: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const floor = 840;
  const bed = bedSide(doc, { x: 50, y: floor, w: 760, blanket: GB.blanket, blanketShade: GB.shade });
  const bx = 660;
  const by = bed.top - 62 - 0.95 * 160;
  return [
    nightRoom(doc, W, H, floor - 10, 93),
    archWindow(doc, { x: 250, y: 90, w: 220, h: 290, view: windowNight(doc, 250, 90, 220, 290, 95) }),
    rug(560, 880, 460, '#4c3f87', C.lavender400),
    bunting(520, 940, 60, 30),
    shadowBlob(930, 470, 1.15, 0.9),
    wardrobe(960, floor, 220, 560),
    bed.back,
    child({
      x: bed.pillow.x + 22,
      y: bed.pillow.y - 40,
      s: 0.95,
      look: HERO,
      pose: 'head',
      eyes: 'closed',
      mouth: 'sleep',
      tilt: -24,
    }),
    bed.blanket,
    bed.front,
    bear({ x: bx, y: by, s: 0.95, pose: 'sit', eyes: 'alert', mouth: 'o', arms: [30, 30], tilt: 6 }),
    stroke(
      `M${bx + 62} ${by - 78}l16 -22M${bx + 84} ${by - 50}l26 -10M${bx + 40} ${by - 92}l4 -26`,
      6,
      C.honeyLight,
    ),
  ].join('');
};

/** Gallery 3: the bear holds up a lantern and the little shadow scurries away over the wardrobe. */
const gallery3: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const floor = 840;
  const bed = bedSide(doc, { x: 30, y: floor, w: 560, blanket: GB.blanket, blanketShade: GB.shade });
  const bs = 1.25;
  const bx = 690;
  const by = floor - 184 * bs;
  const arm = 130;
  // Where the raised paw ends up: (36, 70) + rotate(-arm)·(0, 54), then the lantern hangs below it.
  const lx = bx + (36 + 54 * Math.sin((arm * Math.PI) / 180)) * bs;
  const ly = by + (70 + 54 * Math.cos((arm * Math.PI) / 180)) * bs + 44 * bs;
  return [
    nightRoom(doc, W, H, floor - 10, 97),
    archWindow(doc, { x: 150, y: 90, w: 200, h: 270, view: windowNight(doc, 150, 90, 200, 270, 99) }),
    rug(560, 880, 460, '#4c3f87', C.lavender400),
    wardrobe(960, floor, 220, 560),
    shadowBlob(1120, 236, 0.42, 0.5),
    stroke('M1052 210h-34M1046 240h-44M1054 270h-30', 5, C.lavender400, 'opacity=".7"'),
    path(
      `M${n(lx)} ${n(ly - 30)}L${n(W + 40)} ${n(ly - 600)}L${n(W + 40)} ${n(ly + 60)}Z`,
      doc.linear(
        [
          [0, C.honeyLight, 0.6],
          [0.7, C.honeyLight, 0.12],
          [1, C.honeyLight, 0],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
    circle(
      lx,
      ly,
      230,
      doc.radial(lx, ly, 230, [
        [0, C.honeyLight, 0.95],
        [0.4, C.honey, 0.4],
        [1, C.honey, 0],
      ]),
    ),
    bed.back,
    child({
      x: bed.pillow.x + 18,
      y: bed.pillow.y - 34,
      s: 0.72,
      look: HERO,
      pose: 'head',
      eyes: 'closed',
      mouth: 'sleep',
      tilt: -24,
    }),
    bed.blanket,
    bed.front,
    ellipse(bx, floor + 4, 90, 16, C.ink, 'opacity=".25"'),
    bear({
      x: bx,
      y: by,
      s: bs,
      pose: 'stand',
      eyes: 'open',
      mouth: 'open',
      brows: true,
      arms: [14, arm],
      rightPaw: lantern(5 / bs),
    }),
    sparkle(900, 420, 18, C.white),
    sparkle(1000, 560, 12, C.honeyLight),
    sparkle(880, 650, 14, C.honeyLight),
    sparkle(940, 300, 10, C.white),
  ].join('');
};

/** Gallery 4: the child and the bear lean out of the window to watch the stars. */
const gallery4: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const wx = 330;
  const wy = 470;
  const ww = 540;
  const wh = 330;
  return [
    nightSky(doc, W, H, C.night0, C.night4),
    stars({ seed: 101, x: 20, y: 20, w: W - 40, h: 400, count: 60, avoid: [[900, 40, 240, 220]] }),
    crescent(1010, 140, 80),
    shootingStar(doc, 300, 150, 260),
    cloud(150, 330, 220, C.night4, 0, 'opacity=".6"'),
    rect(0, 400, W, H - 400, '#7566b3', line(5)),
    ...[460, 520, 580, 640, 700, 760, 820, 880].map((y) => stroke(`M0 ${y}H${W}`, 3, '#6a5ba8')),
    rect(-10, 380, W + 20, 44, '#8a5a8c', line(5)),
    ...Array.from({ length: 14 }, (_, i) =>
      path(`M${i * 90 - 10} 424a45 30 0 0 0 90 0Z`, '#9b6a9c', line(4)),
    ),
    rect(wx - 100, wy - 10, 80, wh + 30, C.coral500, `rx="8" ${line(5)}`),
    rect(wx + ww + 20, wy - 10, 80, wh + 30, C.coral500, `rx="8" ${line(5)}`),
    ...[0, 1, 2, 3].map((i) =>
      stroke(`M${wx - 86} ${wy + 40 + i * 70}h52M${wx + ww + 34} ${wy + 40 + i * 70}h52`, 4, C.coral600),
    ),
    rect(wx - 14, wy - 14, ww + 28, wh + 28, C.cream50, `rx="10" ${line(5)}`),
    rect(
      wx,
      wy,
      ww,
      wh,
      doc.linear([
        [0, '#f3c27c'],
        [1, '#e39a62'],
      ]),
      line(5),
    ),
    child({
      x: wx + 190,
      y: wy + 120,
      s: 1.1,
      look: HERO,
      pose: 'bust',
      eyes: 'up',
      mouth: 'open',
      left: [-36, 171, -70, 140],
      right: [96, -26, 100, 40],
    }),
    bear({ x: wx + 400, y: wy + 140, s: 0.95, pose: 'sit', eyes: 'up', mouth: 'smile', arms: [20, 20] }),
    rect(wx - 40, wy + wh - 20, ww + 80, 36, C.cream50, `rx="10" ${line(5)}`),
    circle(wx + 150, wy + wh - 22, 14, HERO.skin, line(5)),
    ...[0, 1, 2, 3, 4, 5, 6].map((i) =>
      bigFlower(wx + 20 + i * 83, wy + wh + 82, i % 2 ? C.coral300 : C.honey),
    ),
    rect(wx - 10, wy + wh + 66, ww + 20, 80, C.caramel, `rx="8" ${line(5)}`),
  ].join('');
};

/** Gallery 5: morning sun; the child stretches, the bear waves, both smiling. */
const gallery5: Scene = (doc) => {
  const W = 1200;
  const H = 900;
  const floor = 840;
  const bed = bedFront(600, floor, 620, 630, GB.blanket, GB.shade);
  return [
    rect(
      0,
      0,
      W,
      H,
      doc.linear([
        [0, '#fff1df'],
        [1, '#fbe6cc'],
      ]),
    ),
    path('M140 170L560 840H900L330 170Z', '#fff8e8', 'opacity=".8"'),
    rect(0, floor - 10, W, H - floor + 10, '#ecc9a4'),
    rect(0, floor - 14, W, 10, '#d9ad84'),
    rug(600, 870, 520, C.coral100, C.coral300),
    archWindow(doc, {
      x: 100,
      y: 150,
      w: 220,
      h: 290,
      view: windowSky(doc, 100, 150, 220, 290, 'morning'),
      curtains: C.coral300,
    }),
    tableLamp(doc, 1030, floor, C.coral300, false),
    bed.back,
    child({
      x: 560,
      y: 412,
      s: 1.25,
      look: HERO,
      pose: 'bust',
      eyes: 'happy',
      mouth: 'grin',
      left: [-96, -40, -96, 20],
      right: [96, -40, 96, 20],
    }),
    bear({ x: 760, y: 440, s: 0.9, pose: 'sit', eyes: 'happy', mouth: 'open', arms: [20, 150], tilt: 8 }),
    bed.cover,
    sparkle(420, 200, 14, C.honey),
    sparkle(900, 230, 18, C.honey),
    sparkle(980, 120, 10, C.coral300),
  ].join('');
};

/** The guardian-friend book's front cover, standing on the shop's cream background. */
const bookCover: Scene = (doc) => {
  const W = 1000;
  const H = 1000;
  return [
    rect(0, 0, W, H, C.cream),
    circle(500, 500, 440, C.lavender100),
    sparkle(130, 200, 24, C.honey),
    sparkle(880, 260, 18, C.coral300),
    sparkle(860, 820, 22, C.lavender400),
    sparkle(150, 790, 14, C.coral300),
    hardcover(doc, 200, 110, 600, 760, HERO, 111),
  ].join('');
};

export const SCENES: Record<string, Scene> = {
  'book-guardian-friend': bookCover,
  'gallery-1': gallery1,
  'gallery-2': gallery2,
  'gallery-3': gallery3,
  'gallery-4': gallery4,
  'gallery-5': gallery5,
  'product-magical': productMagical,
  'product-personalise': productPersonalise,
  'product-true-photo': productTruePhoto,
  'hero-4': hero4,
  'hero-3': hero3,
  'hero-1': hero1,
  'hero-2': hero2,
};
