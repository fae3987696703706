import { describe, expect, it } from 'vitest';
import {
  createPhotoChecker,
  decidePerson,
  decideToy,
  PHOTO_RULES,
  UndecodablePhotoError,
} from './photo-check';
import { flatPhoto, GARBAGE, landscapePhoto, personPhoto, teddyPhoto } from './test-photos';

const MODEL_TIMEOUT = 60_000;
const originalFetch = globalThis.fetch;

type Detections = Parameters<typeof decidePerson>[0];
const box: [number, number, number, number] = [0.1, 0.2, 0.3, 0.4];
const face = (score: number) => ({ score, boxRaw: box }) as unknown as Detections['face'][number];
const body = (score: number) => ({ score, boxRaw: box }) as unknown as Detections['body'][number];
const object = (label: string, score: number) =>
  ({ label, score, boxRaw: box }) as unknown as Detections['object'][number];
const detections = (parts: Partial<Detections>): Detections => ({ face: [], body: [], object: [], ...parts });

describe('the person rule', () => {
  it('accepts a face from 0.5, a person object from 0.4, a body from 0.5', () => {
    expect(decidePerson(detections({ face: [face(0.5)] }))).toMatchObject({ ok: true, reason: 'face' });
    expect(decidePerson(detections({ object: [object('person', 0.4)] }))).toMatchObject({
      ok: true,
      reason: 'person',
    });
    expect(decidePerson(detections({ body: [body(0.5)] }))).toMatchObject({ ok: true, reason: 'body' });
  });

  it('refuses weaker detections and reports the best score', () => {
    const verdict = decidePerson(
      detections({
        face: [face(0.49)],
        object: [object('person', 0.39), object('teddy bear', 0.9)],
        body: [body(0.3)],
      }),
    );
    expect(verdict).toEqual({ ok: false, score: 0.49 });
  });

  it('gives the subject box as fractions of the photo', () => {
    expect(decidePerson(detections({ face: [face(0.9)] })).box).toEqual({
      x: 0.1,
      y: 0.2,
      width: 0.3,
      height: 0.4,
    });
  });
});

describe('the toy rule', () => {
  const blank = { colourSpread: 0, edgeEnergy: 0 };
  const textured = { colourSpread: 40, edgeEnergy: 10 };

  it('accepts any object but a person from 0.3', () => {
    expect(decideToy(detections({ object: [object('teddy bear', 0.3)] }), blank)).toMatchObject({
      ok: true,
      reason: 'teddy bear',
    });
    expect(decideToy(detections({ object: [object('person', 0.99)] }), blank).ok).toBe(false);
  });

  it('falls back to a photo with colour and detail, and refuses a blank one', () => {
    expect(decideToy(detections({}), textured)).toMatchObject({ ok: true, reason: 'texture' });
    expect(decideToy(detections({}), blank).ok).toBe(false);
    // Colour without detail (a smooth gradient) or detail without colour is not enough either way.
    expect(
      decideToy(detections({}), { colourSpread: 40, edgeEnergy: PHOTO_RULES.minEdgeEnergy - 0.1 }).ok,
    ).toBe(false);
    expect(
      decideToy(detections({}), { colourSpread: PHOTO_RULES.minColourSpread - 1, edgeEnergy: 10 }).ok,
    ).toBe(false);
  });
});

describe('createPhotoChecker (the real detection model, offline)', () => {
  const timings: { step: string; ms: number }[] = [];
  const checker = createPhotoChecker({ onTiming: (event) => timings.push(event) });

  it(
    'loads the model once for concurrent first calls',
    async () => {
      const photo = await personPhoto();
      const results = await Promise.all([
        checker.hasPerson(photo),
        checker.hasPerson(photo),
        checker.hasToy(photo),
      ]);
      expect(timings.filter((t) => t.step === 'load')).toHaveLength(1);
      expect(timings.filter((t) => t.step === 'detect')).toHaveLength(3);
      // Same photo, same answer: nothing is cached between photos, and detection is deterministic.
      expect(results[0]).toEqual(results[1]);
    },
    MODEL_TIMEOUT,
  );

  it(
    'finds the person in a real photo, by the face',
    async () => {
      const verdict = await checker.hasPerson(await personPhoto());
      expect(verdict.ok).toBe(true);
      expect(verdict.reason).toBe('face');
      expect(verdict.score).toBeGreaterThanOrEqual(PHOTO_RULES.face);
      expect(verdict.box!.width).toBeGreaterThan(0.1);
    },
    MODEL_TIMEOUT,
  );

  it(
    'finds no person in a landscape',
    async () => {
      const verdict = await checker.hasPerson(await landscapePhoto());
      expect(verdict.ok).toBe(false);
      expect(verdict.score).toBeLessThan(PHOTO_RULES.personObject);
    },
    MODEL_TIMEOUT,
  );

  it(
    'accepts a toy photo and refuses a flat single-colour picture',
    async () => {
      expect((await checker.hasToy(await teddyPhoto())).ok).toBe(true);
      expect(await checker.hasToy(await flatPhoto())).toMatchObject({ ok: false, score: 0 });
      expect((await checker.hasPerson(await flatPhoto())).ok).toBe(false);
    },
    MODEL_TIMEOUT,
  );

  it('refuses bytes that are not an image', async () => {
    await expect(checker.hasPerson(GARBAGE)).rejects.toBeInstanceOf(UndecodablePhotoError);
    await expect(checker.hasToy(Buffer.alloc(0))).rejects.toBeInstanceOf(UndecodablePhotoError);
  });

  it('puts the global fetch back after loading the model', () => {
    expect(timings.some((t) => t.step === 'load')).toBe(true);
    expect(globalThis.fetch).toBe(originalFetch);
  });
});
