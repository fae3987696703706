import { describe, expect, it } from 'vitest';
import {
  parseWizardStep,
  previousStep,
  readPrefillId,
  resumeStep,
  stepAfterApproval,
  stepForRegeneration,
} from './wizard';

describe('wizard steps', () => {
  it('reads the step query, falling back to 1', () => {
    expect(parseWizardStep('3')).toBe(3);
    expect(parseWizardStep('5')).toBe(5);
    for (const bad of ['0', '6', '2.5', 'two', '', undefined, null]) expect(parseWizardStep(bad)).toBe(1);
  });

  it('goes back from 3 to 1 and from 5 to 3, else one step', () => {
    expect([1, 2, 3, 4, 5].map((step) => previousStep(step as 1))).toEqual([1, 1, 1, 3, 3]);
  });

  it('reads a prefill id only when it is a uuid', () => {
    const id = '3f0c8a52-1b2d-4c3e-9f4a-5b6c7d8e9f01';
    expect(readPrefillId(id)).toBe(id);
    for (const bad of ['', null, undefined, '42', `${id}x`, '../orders'])
      expect(readPrefillId(bad)).toBeUndefined();
  });

  it('jumps ahead on approval and back on regeneration', () => {
    expect(stepAfterApproval(2)).toBe(3);
    expect(stepAfterApproval(4)).toBe(5);
    expect(stepForRegeneration(2)).toBe(1);
    expect(stepForRegeneration(4)).toBe(3);
  });
});

describe('resumeStep', () => {
  it('follows the restore rule of the spec', () => {
    expect(resumeStep({})).toBe(1);
    expect(resumeStep({ picture: 'p' })).toBe(2);
    expect(resumeStep({ picture: 'p', generatedCover: 'c' })).toBe(3);
    expect(resumeStep({ picture: 'p', generatedCover: 'c', toyName: 'Teddy' })).toBe(3);
    expect(resumeStep({ picture: 'p', generatedCover: 'c', toyName: 'Teddy', toyPicture: 't' })).toBe(4);
    expect(
      resumeStep({
        picture: 'p',
        generatedCover: 'c',
        toyName: 'Teddy',
        toyPicture: 't',
        generatedToyImage: 'g',
      }),
    ).toBe(5);
  });

  it('counts a step only when every earlier step is there (a sibling version keeps steps 3-5)', () => {
    const clone = { toyName: 'Teddy', toyPicture: 't', generatedToyImage: 'g' };
    expect(resumeStep(clone)).toBe(1);
    expect(resumeStep({ ...clone, picture: 'p' })).toBe(2);
    expect(resumeStep({ ...clone, picture: 'p', generatedCover: 'c' })).toBe(5);
    expect(resumeStep({ picture: 'p', toyName: 'Teddy', toyPicture: 't' })).toBe(2);
    expect(resumeStep({ picture: 'p', generatedCover: 'c', generatedToyImage: 'g' })).toBe(3);
  });
});
