import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human, Result } from '@vladmandic/human';
import sharp from 'sharp';

/**
 * Offline photo check: is there a child (a person) or a plush toy in the photo? It runs the
 * detection models shipped inside the `@vladmandic/human` npm package (face detector, body pose and
 * an 80-class object detector whose classes include `person` and `teddy bear`) on the tfjs WASM
 * backend. Nothing is downloaded at run time: models and WASM binaries are read from node_modules.
 */

/** The outcome of one check; `score` is the best score that decided it (0..1). */
export type PhotoCheckResult = {
  ok: boolean;
  score: number;
  /** What decided it: a detector (`face`, `person`, `body`, an object label) or `texture`. */
  reason?: string;
  /** Where that subject is, as fractions of the photo's width and height. */
  box?: { x: number; y: number; width: number; height: number };
};

export type PhotoChecker = {
  hasPerson(jpeg: Buffer): Promise<PhotoCheckResult>;
  hasToy(jpeg: Buffer): Promise<PhotoCheckResult>;
};

/** The photo could not be decoded as an image. */
export class UndecodablePhotoError extends Error {
  constructor(cause: unknown) {
    super('The photo could not be decoded', { cause });
    this.name = 'UndecodablePhotoError';
  }
}

/** The rule that worked on real photos (docs/notes/outside-services.md, "Offline photo checks"). */
export const PHOTO_RULES = {
  face: 0.5,
  personObject: 0.4,
  body: 0.5,
  toyObject: 0.3,
  /** Mean standard deviation of the three colour channels (0..255) below which a photo is flat. */
  minColourSpread: 10,
  /**
   * Mean absolute Laplacian (0..255) at 256 px below which a photo has no detail. Measured: real
   * photos 9-13, a smooth gradient 0.5, a single colour 0.
   */
  minEdgeEnergy: 2,
} as const;

/** Longest side given to the detectors: they resize internally to 192..512 px anyway. */
const DETECT_SIZE = 640;
/** A guard against decompression bombs; the server hands over photos of a few megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * What every use of the models shares: the WASM backend, no caching of results between photos, and
 * every module off; each use turns on what it needs (`faceModules` for the face's parts).
 */
export const HUMAN_BASE: Partial<Config> = {
  backend: 'wasm',
  debug: false,
  async: false,
  warmup: 'none',
  cacheSensitivity: 0,
  skipAllowed: false,
  cacheModels: false,
  validateModels: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  hand: { enabled: false },
  segmentation: { enabled: false },
  body: { enabled: false },
  object: { enabled: false },
} as Partial<Config>;

/** The face with only the named parts on (the detector always). */
export function faceModules(
  detector: { maxDetected: number; minConfidence: number },
  on: { mesh?: boolean; iris?: boolean } = {},
): Partial<Config>['face'] {
  return {
    enabled: true,
    detector: { enabled: true, rotation: false, return: false, ...detector },
    mesh: { enabled: on.mesh ?? false },
    attention: { enabled: false },
    iris: { enabled: on.iris ?? false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  } as Partial<Config>['face'];
}

// Only the detectors needed to tell a person or a toy, so loading and detection stay fast.
const HUMAN_CONFIG: Partial<Config> = {
  ...HUMAN_BASE,
  face: faceModules({ maxDetected: 5, minConfidence: 0.2 }),
  body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.2 },
  object: { enabled: true, modelPath: 'centernet.json', maxDetected: 10, minConfidence: 0.2 },
} as Partial<Config>;

type HumanModule = { Human: new (config?: Partial<Config>) => Human };

/** The package's root folder, found without going through its (broken) `exports` map. */
function humanPackageDir(require: NodeJS.Require): string {
  // The `node` condition resolves to dist/human.node.js (needs tfjs-node, so it is never loaded).
  return path.dirname(path.dirname(require.resolve('@vladmandic/human')));
}

function tfjsWasmDir(require: NodeJS.Require): string {
  // The package's `main` lives in dist/ beside the .wasm binaries.
  const main = require.resolve('@tensorflow/tfjs-backend-wasm');
  let dir = path.dirname(main);
  while (path.basename(dir) !== 'dist' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * A fetch that reads `file://` URLs inside the allowed folders from disk and hands everything else
 * to the original fetch. tfjs loads models and WASM binaries through the global fetch.
 */
function fileAwareFetch(original: typeof fetch, allowedDirs: string[]): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file:')) {
      const file = path.resolve(fileURLToPath(url));
      if (allowedDirs.some((dir) => file.startsWith(dir + path.sep))) {
        const body = await readFile(file);
        const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
        return new Response(body, { status: 200, headers: { 'content-type': type } });
      }
    }
    return original(input, init);
  };
}

/**
 * Loads a `Human` with the models `config` enables, from the package's own folder (and `extraModelDirs`,
 * e.g. the selfie model shipped beside the code); the global fetch is wrapped only while loading.
 * The photo check and the look reader (characters/read-look.ts) both load through here.
 */
export async function loadHuman(config: Partial<Config>, extraModelDirs: string[] = []): Promise<Human> {
  const require = createRequire(import.meta.url);
  const packageDir = humanPackageDir(require);
  const wasmDir = tfjsWasmDir(require);
  const modelsDir = path.join(packageDir, 'models');
  const { Human: HumanClass } = require(path.join(packageDir, 'dist', 'human.node-wasm.js')) as HumanModule;

  const original = globalThis.fetch;
  const patched = fileAwareFetch(original, [modelsDir, wasmDir, ...extraModelDirs]);
  globalThis.fetch = patched;
  try {
    const human = new HumanClass({
      ...config,
      modelBasePath: `${pathToFileURL(modelsDir).href}/`,
      wasmPath: `${pathToFileURL(wasmDir).href}/`,
      wasmPlatformFetch: true,
    } as Partial<Config>);
    await human.init();
    await human.load();
    return human;
  } finally {
    // Someone else may have replaced fetch meanwhile (a test stub): leave theirs in place.
    if (globalThis.fetch === patched) globalThis.fetch = original;
  }
}

/** Decodes a photo (any format sharp reads), upright, RGB, at most DETECT_SIZE px on its long side. */
async function decodeForDetection(photo: Buffer) {
  try {
    return await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(DETECT_SIZE, DETECT_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UndecodablePhotoError(error);
  }
}

type Box4 = [number, number, number, number];
const toBox = (raw: Box4 | undefined) =>
  raw ? { x: raw[0], y: raw[1], width: raw[2], height: raw[3] } : undefined;

/** The person rule: a face ≥ 0.5, or a `person` object ≥ 0.4, or a body ≥ 0.5. */
export function decidePerson(result: Pick<Result, 'face' | 'body' | 'object'>): PhotoCheckResult {
  const face = [...result.face].sort((a, b) => b.score - a.score)[0];
  const person = result.object.filter((o) => o.label === 'person').sort((a, b) => b.score - a.score)[0];
  const body = [...result.body].sort((a, b) => b.score - a.score)[0];
  if (face && face.score >= PHOTO_RULES.face)
    return { ok: true, score: face.score, reason: 'face', box: toBox(face.boxRaw) };
  if (person && person.score >= PHOTO_RULES.personObject)
    return { ok: true, score: person.score, reason: 'person', box: toBox(person.boxRaw) };
  if (body && body.score >= PHOTO_RULES.body)
    return { ok: true, score: body.score, reason: 'body', box: toBox(body.boxRaw) };
  const best = Math.max(face?.score ?? 0, person?.score ?? 0, body?.score ?? 0);
  return { ok: false, score: best };
}

/** How much colour and detail a photo has: a blank or single-colour picture has neither. */
async function measureTexture(rgb: {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}): Promise<{ colourSpread: number; edgeEnergy: number }> {
  const raw = { width: rgb.info.width, height: rgb.info.height, channels: rgb.info.channels as 3 };
  // At a fixed small size, so the measure does not depend on the photo's resolution.
  const small = await sharp(rgb.data, { raw })
    .resize(256, 256, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smallRaw = { width: small.info.width, height: small.info.height, channels: small.info.channels as 3 };
  const stats = await sharp(small.data, { raw: smallRaw }).stats();
  const colourSpread = stats.channels.slice(0, 3).reduce((sum, c) => sum + c.stdev, 0) / 3;
  // Laplacian on the grey image; `offset` keeps the signed response visible around 128.
  const edges = await sharp(small.data, { raw: smallRaw })
    .greyscale()
    .convolve({ width: 3, height: 3, kernel: [0, -1, 0, -1, 4, -1, 0, -1, 0], offset: 128 })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let sum = 0;
  for (const value of edges) sum += Math.abs(value - 128);
  return { colourSpread, edgeEnergy: sum / edges.length };
}

/** The toy rule, lenient: any non-person object ≥ 0.3, else a photo that is not blank or flat. */
export function decideToy(
  result: Pick<Result, 'object'>,
  texture: { colourSpread: number; edgeEnergy: number },
): PhotoCheckResult {
  const thing = result.object.filter((o) => o.label !== 'person').sort((a, b) => b.score - a.score)[0];
  if (thing && thing.score >= PHOTO_RULES.toyObject)
    return { ok: true, score: thing.score, reason: thing.label, box: toBox(thing.boxRaw) };
  const textured =
    texture.colourSpread >= PHOTO_RULES.minColourSpread && texture.edgeEnergy >= PHOTO_RULES.minEdgeEnergy;
  // A score for the texture path: how far above the thresholds the photo is, capped below an object's.
  const score = Math.min(
    texture.colourSpread / (4 * PHOTO_RULES.minColourSpread),
    texture.edgeEnergy / (4 * PHOTO_RULES.minEdgeEnergy),
    PHOTO_RULES.toyObject - 0.01,
  );
  return textured ? { ok: true, score, reason: 'texture' } : { ok: false, score: thing?.score ?? 0 };
}

export type PhotoCheckerOptions = {
  /** Called with timings in milliseconds (for logs and measurements). */
  onTiming?: (event: { step: 'load' | 'detect'; ms: number }) => void;
};

/**
 * A checker backed by the real detection models. The models load once, on the first call
 * (concurrent first calls share one load; a failed load is retried by the next call). Detections
 * run one at a time: the WASM backend is single-threaded and the library keeps per-call state.
 */
export function createPhotoChecker(options: PhotoCheckerOptions = {}): PhotoChecker {
  let loading: Promise<Human> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const getHuman = () => {
    if (!loading) {
      const started = performance.now();
      loading = loadHuman(HUMAN_CONFIG).then(
        (human) => {
          options.onTiming?.({ step: 'load', ms: performance.now() - started });
          return human;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
    }
    return loading;
  };

  const detect = async (photo: Buffer) => {
    const rgb = await decodeForDetection(photo);
    const human = await getHuman();
    const run = queue.then(async () => {
      const started = performance.now();
      const { tf } = human;
      const input = tf.tensor4d(rgb.data, [1, rgb.info.height, rgb.info.width, 3], 'int32');
      try {
        const result = await human.detect(input);
        options.onTiming?.({ step: 'detect', ms: performance.now() - started });
        return result;
      } finally {
        tf.dispose(input);
      }
    });
    queue = run.catch(() => undefined);
    return { result: await run, rgb };
  };

  return {
    async hasPerson(jpeg) {
      const { result } = await detect(jpeg);
      if (result.error) throw new Error(`Photo check failed: ${result.error}`);
      return decidePerson(result);
    },
    async hasToy(jpeg) {
      const { result, rgb } = await detect(jpeg);
      if (result.error) throw new Error(`Photo check failed: ${result.error}`);
      return decideToy(result, await measureTexture(rgb));
    },
  };
}
