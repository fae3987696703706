import { describe, expect, it } from 'vitest';
import {
  BLEED,
  CASEWRAP,
  coverDimensions,
  hardcoverSpineInches,
  inches,
  PAGE,
  paddedPageCount,
  SAFE_RECT,
  softcoverSpineInches,
  TRIM,
  toMm,
} from './spec';

describe('book geometry', () => {
  it('is an 8.5 in square trim with 3.18 mm bleed and a 12.7 mm safety margin', () => {
    expect(toMm(TRIM)).toBeCloseTo(215.9, 5);
    expect(toMm(BLEED)).toBeCloseTo(3.175, 5);
    expect(PAGE).toBe(630);
    expect(toMm(SAFE_RECT.x - BLEED)).toBeCloseTo(12.7, 5);
    expect(SAFE_RECT.width).toBe(inches(7.5));
  });

  it('pads page counts to a multiple of 4 and to the minimum', () => {
    expect(paddedPageCount(22)).toBe(24);
    expect(paddedPageCount(32)).toBe(32);
    expect(paddedPageCount(33)).toBe(36);
    expect(paddedPageCount(12, 24)).toBe(24);
    expect(paddedPageCount(22, 24)).toBe(24);
    expect(paddedPageCount(26, 24)).toBe(28);
  });
});

describe('coverDimensions', () => {
  it('lays a softcover out as bleed + back + spine + front + bleed (Lulu: pages / 444 + 0.06 in)', () => {
    const dims = coverDimensions('softcover', 32);
    const spine = inches(32 / 444 + 0.06);
    expect(dims.spineWidth).toBeCloseTo(spine, 6);
    expect(dims.width).toBeCloseTo(2 * BLEED + 2 * TRIM + spine, 6);
    expect(dims.height).toBe(TRIM + 2 * BLEED);
    expect(dims.front.x).toBeCloseTo(BLEED + TRIM + spine, 6);
  });

  it('adds Lulu casewrap boards and the 0.75 in wrap to a hardcover', () => {
    const dims = coverDimensions('hardcover', 32);
    expect(dims.spineWidth).toBe(inches(0.25));
    // 8.5 in square: boards 8.625 x 8.75 in, sheet 18.75 in + spine by 10.25 in.
    expect(dims.width).toBe(inches(18.75 + 0.25));
    expect(dims.height).toBe(inches(10.25));
    expect(dims.margin).toBe(CASEWRAP.wrap);
    // Text keeps off the hinge beside the spine.
    expect(dims.frontSafe.x).toBeCloseTo(dims.front.x + inches(0.5) + CASEWRAP.hinge, 6);
  });

  it('gives hardcover and softcover different sizes', () => {
    const soft = coverDimensions('softcover', 32);
    const hard = coverDimensions('hardcover', 32);
    expect(hard.width).toBeGreaterThan(soft.width);
    expect(hard.height).toBeGreaterThan(soft.height);
  });

  it('grows the spine with the page count', () => {
    expect(coverDimensions('softcover', 48).spineWidth).toBeGreaterThan(
      coverDimensions('softcover', 32).spineWidth,
    );
    expect(coverDimensions('softcover', 200).width).toBeGreaterThan(coverDimensions('softcover', 48).width);
    // Lulu's hardcover table steps: 24-84 pages 0.25 in, then 0.5 in, 0.625 in…
    expect(hardcoverSpineInches(24)).toBe(0.25);
    expect(hardcoverSpineInches(84)).toBe(0.25);
    expect(hardcoverSpineInches(85)).toBe(0.5);
    expect(hardcoverSpineInches(141)).toBe(0.625);
    expect(hardcoverSpineInches(900)).toBe(2.125);
    expect(coverDimensions('hardcover', 100).spineWidth).toBeGreaterThan(
      coverDimensions('hardcover', 32).spineWidth,
    );
    expect(softcoverSpineInches(444)).toBeCloseTo(1.06, 6);
  });

  it('allows spine text only on spines Lulu prints text on', () => {
    expect(coverDimensions('softcover', 32).spineText).toBe(false);
    expect(coverDimensions('hardcover', 32).spineText).toBe(false);
    expect(coverDimensions('hardcover', 120).spineText).toBe(true);
  });

  it('refuses a hardcover under 24 pages and impossible page counts', () => {
    expect(() => coverDimensions('hardcover', 20)).toThrow(/at least 24/);
    expect(() => coverDimensions('softcover', 0)).toThrow(RangeError);
    expect(() => coverDimensions('softcover', 2.5)).toThrow(RangeError);
  });
});
